import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../widgets/select-input';
import { buttonClass, inputClass } from '../../widgets/ui-classes';
import { KINDS, type Space } from './space-model';

/** Above the files: the folder's name, upload, what to do with the ticked files, kind, search and the view. */
export function SpaceToolbar({ space }: { space: Space }) {
  const { t } = useTranslation('space');
  const [typed, setTyped] = useState('');
  const { folder, folderName, fileInput, selected, folders, kind, view } = space;
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-2.5">
      <h1 className="mr-2 text-[15px] font-semibold text-ink">
        {folder === null ? t('allFiles') : folderName(folder)}
      </h1>
      <button type="button" className={buttonClass.primary} onClick={() => fileInput.current?.click()}>
        {t('upload')}
      </button>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        onChange={(e) => {
          const f = [...(e.target.files ?? [])];
          e.target.value = '';
          void space.send(f);
        }}
      />
      {selected.length > 0 && (
        <>
          <SelectInput
            aria-label={t('moveTo')}
            wrapperClassName="w-40"
            value=""
            onChange={(e) => {
              if (e.target.value) void space.move(Number(e.target.value));
            }}
          >
            <option value="">
              {t('moveTo')} ({selected.length})
            </option>
            {folders.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </SelectInput>
          <button
            type="button"
            className={buttonClass.danger}
            onClick={() => space.setConfirming({ what: 'files', ids: selected })}
          >
            {t('deleteSelected', { count: selected.length })}
          </button>
        </>
      )}
      <span className="flex-1" />
      <SelectInput
        aria-label={t('kind')}
        wrapperClassName="w-28"
        value={kind}
        onChange={(e) => space.setKind(e.target.value)}
      >
        <option value="">{t('kinds.all')}</option>
        {KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`kinds.${k}`)}
          </option>
        ))}
      </SelectInput>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          space.search(typed);
        }}
      >
        <input
          className={`${inputClass} w-48`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('search')}
          aria-label={t('search')}
        />
      </form>
      {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons; a fieldset would need a visible legend */}
      <div className="flex overflow-hidden rounded-md border border-line-strong" role="group" aria-label={t('view')}>
        {(['grid', 'list'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => space.setView(v)}
            className={`px-2.5 py-1 text-[13px] ${view === v ? 'bg-primary text-on-primary' : 'bg-surface text-muted hover:text-ink'}`}
          >
            {t(`views.${v}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The uploads under way, each with its progress bar. */
export function SpaceUploads({ space }: { space: Space }) {
  const { t } = useTranslation('space');
  if (space.pending.length === 0) return null;
  return (
    <ul className="space-y-1 border-b border-line bg-primary-9 px-4 py-2" aria-label={t('uploading')}>
      {space.pending.map((u) => (
        <li
          key={u.key}
          className="flex items-center gap-3 text-xs"
          role="progressbar"
          aria-label={u.name}
          aria-valuenow={Math.round(u.progress * 100)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span className="w-48 truncate text-ink">{u.name}</span>
          <span className="h-1.5 flex-1 overflow-hidden rounded bg-surface">
            <span className="block h-full bg-primary" style={{ width: `${u.progress * 100}%` }} />
          </span>
          <span className="w-10 text-right text-muted">{Math.round(u.progress * 100)}%</span>
        </li>
      ))}
    </ul>
  );
}
