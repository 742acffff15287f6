import { useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shell/toast';
import { fileName } from '../../widgets/media-thumbs';
import { buttonClass, inputClass } from '../../widgets/ui-classes';
import { DialogFrame } from '../entity/dialog-frame';
import { errorText, files$, folders$, type FolderDraft } from './space-model';

type Reference = {
  id: number;
  name: string | null;
  url: string;
  references: { prefix: string; title: Record<string, string>; fields: string[]; ids: number[]; count: number }[];
  hidden?: number;
};

/** The records still using the files about to be deleted (pictures, galleries, rich text), so the delete is an informed one. */
export function References({ ids }: { ids: number[] }) {
  const { t, i18n } = useTranslation('space');
  const refs = useSWR(['space/info/references', ids.join()], () => files$.references<Reference[]>({ ids }), {
    revalidateOnFocus: false,
  });
  if (refs.isLoading) return <p className="mt-2 text-xs text-muted">{t('refs.checking')}</p>;
  if (refs.error) return <p className="mt-2 text-xs text-danger">{errorText(refs.error)}</p>;
  // `hidden`: uses in records the caller may not see, counted but never named.
  const used = (refs.data ?? []).filter((f) => f.references.length > 0 || (f.hidden ?? 0) > 0);
  if (used.length === 0)
    return (
      <p className="mt-2 text-xs text-success" data-testid="space-refs">
        {t('refs.none')}
      </p>
    );
  return (
    <div
      className="mt-3 rounded-md border border-warning/40 bg-warning-soft px-3 py-2 text-xs"
      data-testid="space-refs"
      role="alert"
    >
      <p className="mb-1 font-medium text-warning">{t('refs.used', { count: used.length })}</p>
      <ul className="space-y-1 text-ink">
        {used.map((f) => (
          <li key={f.id}>
            <span className="font-medium">{f.name ?? fileName(f.url)}</span>:{' '}
            {[
              ...f.references.map(
                (r) =>
                  `${r.title[i18n.language] ?? r.title['zh-cn'] ?? r.prefix} ${t('refs.records', { count: r.count })} (#${r.ids.join(', #')}${r.count > r.ids.length ? '…' : ''})`,
              ),
              ...((f.hidden ?? 0) > 0 ? [t('refs.hidden', { count: f.hidden })] : []),
            ].join('；')}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A new folder, or a folder renamed. */
export function FolderDialog({
  value,
  onClose,
  onSaved,
}: {
  value: FolderDraft;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('space');
  const [name, setName] = useState(value.name);
  const [error, setError] = useState('');
  const save = async () => {
    if (!name.trim()) {
      setError(t('required'));
      return;
    }
    try {
      const fields = { name: name.trim(), parentId: value.parentId ?? null };
      await (value.id ? folders$.update({ id: value.id, ...fields }) : folders$.add(fields));
      toast.success(t('folder.saved', { name: name.trim() }));
      onSaved();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <DialogFrame
      open
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={value.id ? t('folder.renameTitle') : t('folder.addTitle')}
      width="max-w-sm"
      testId="folder-dialog"
      footer={
        <>
          <button type="button" className={buttonClass.default} onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="button" className={buttonClass.primary} onClick={() => void save()}>
            {t('save')}
          </button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="grid gap-1 text-[13px]">
          <span className="text-muted">{t('folder.name')}</span>
          <input
            // biome-ignore lint/a11y/noAutofocus: the dialog's one field takes focus when it opens (WAI-ARIA dialog pattern)
            autoFocus
            className={inputClass}
            value={name}
            maxLength={100}
            onChange={(e) => {
              setName(e.target.value);
              setError('');
            }}
          />
          {error && (
            <span className="text-xs text-danger" role="alert">
              {error}
            </span>
          )}
        </label>
      </form>
    </DialogFrame>
  );
}
