import { useMemo, useState } from 'react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { useTranslation } from 'react-i18next';
import { client } from '../engine/client';
import type { Page, SpaceInfo, SpaceType } from '../engine/client.generated';
import { formatBytes, type UploadAccept } from '../engine/upload';
import { DialogFrame } from '../screens/entity/dialog-frame';
import { fileName } from './media-thumbs';
import { buttonClass, inputClass } from './ui-classes';

const PAGE = 24;

/**
 * Choose files already in the file space: folders on the left, files of the kind the field takes on the right
 * (searchable by name), ticked up to `room`. Resolves with the chosen URLs in the order they were ticked.
 */
export function SpacePicker({
  accept,
  room,
  onPick,
  onClose,
}: {
  accept: UploadAccept;
  room: number;
  onPick: (urls: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('entity');
  const [folder, setFolder] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [keyWord, setKeyWord] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const folders = useSWR<SpaceType[]>('space/type/list', () => client.space.type.list(), { revalidateOnFocus: false });
  const filter = useMemo(
    () => ({
      ...(accept === 'file' ? {} : { type: accept }),
      ...(folder !== null ? { classifyId: folder } : {}),
      ...(keyWord ? { keyWord } : {}),
    }),
    [accept, folder, keyWord],
  );
  const pages = useSWRInfinite<Page<SpaceInfo>>(
    (index) => ['space/info/page', index + 1, JSON.stringify(filter)],
    ([, page]: [string, number]) =>
      client.space.info.page({ ...filter, page, size: PAGE, order: 'createTime', sort: 'desc' }),
    { revalidateOnFocus: false },
  );
  const files = (pages.data ?? []).flatMap((p) => p.list);
  const total = pages.data?.[0]?.pagination.total ?? 0;

  const toggle = (url: string) =>
    setChosen((c) =>
      c.includes(url) ? c.filter((u) => u !== url) : c.length >= room ? (room === 1 ? [url] : c) : [...c, url],
    );

  return (
    <DialogFrame
      open
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={t('upload.spaceTitle')}
      testId="space-picker"
      width="max-w-4xl"
      footer={
        <>
          <span className="mr-auto text-xs text-muted">{t('upload.chosen', { count: chosen.length, room })}</span>
          <button type="button" className={buttonClass.default} onClick={onClose}>
            {t('action.cancel')}
          </button>
          <button
            type="button"
            className={buttonClass.primary}
            disabled={chosen.length === 0}
            onClick={() => onPick(chosen)}
          >
            {t('upload.useChosen')}
          </button>
        </>
      }
    >
      <div className="flex min-h-[360px] gap-4">
        <nav
          aria-label={t('upload.folders')}
          className="w-40 shrink-0 space-y-0.5 border-r border-line pr-3 text-[13px]"
        >
          {[{ id: null as number | null, name: t('upload.allFiles') }, ...(folders.data ?? [])].map((f) => (
            <button
              key={String(f.id)}
              type="button"
              aria-pressed={folder === f.id}
              onClick={() => setFolder(f.id)}
              className={`block w-full truncate rounded-md px-2 py-1.5 text-left ${folder === f.id ? 'bg-primary-9 font-medium text-primary' : 'text-ink hover:bg-hover'}`}
            >
              {f.name}
            </button>
          ))}
        </nav>
        <div className="min-w-0 flex-1">
          <form
            className="mb-3 flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              setKeyWord(typed.trim());
            }}
          >
            <input
              className={inputClass}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder={t('upload.searchName')}
              aria-label={t('upload.searchName')}
            />
            <button type="submit" className={buttonClass.default}>
              {t('search.search')}
            </button>
          </form>
          {pages.error ? (
            <p className="text-[13px] text-danger">
              {pages.error instanceof Error ? pages.error.message : String(pages.error)}
            </p>
          ) : files.length === 0 ? (
            <p className="py-16 text-center text-[13px] text-muted">
              {pages.isLoading ? t('state.loading') : t('upload.noFiles')}
            </p>
          ) : (
            <ul
              className="grid grid-cols-[repeat(auto-fill,minmax(108px,1fr))] gap-2"
              aria-label={t('upload.spaceTitle')}
            >
              {files.map((f) => {
                const on = chosen.includes(f.url);
                const order = chosen.indexOf(f.url) + 1;
                return (
                  <li key={f.id}>
                    {/* A toggle per file (pressed = chosen), not listbox options holding buttons. */}
                    <button
                      type="button"
                      aria-pressed={on}
                      onClick={() => toggle(f.url)}
                      title={f.name ?? f.url}
                      className={`relative flex w-full flex-col overflow-hidden rounded-md border text-left ${on ? 'border-primary ring-2 ring-primary-8' : 'border-line hover:border-primary-4'}`}
                    >
                      {f.type === 'image' ? (
                        <img
                          src={f.thumbUrl ?? f.url}
                          alt=""
                          loading="lazy"
                          className="h-24 w-full bg-subtle object-cover"
                        />
                      ) : (
                        <span className="flex h-24 w-full items-center justify-center bg-subtle text-xs font-medium uppercase text-muted">
                          {(f.url.split('.').pop() ?? f.type ?? '').slice(0, 5)}
                        </span>
                      )}
                      <span className="truncate px-1.5 pt-1 text-xs text-ink">{f.name ?? fileName(f.url)}</span>
                      <span className="px-1.5 pb-1 text-[11px] text-faint">
                        {f.size !== null ? formatBytes(f.size) : ''}
                      </span>
                      {on && (
                        <span className="absolute top-1 right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] font-semibold text-on-primary">
                          {room > 1 ? order : '✓'}
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {files.length < total && (
            <div className="mt-3 text-center">
              <button
                type="button"
                className={buttonClass.default}
                disabled={pages.isValidating}
                onClick={() => void pages.setSize(pages.size + 1)}
              >
                {t('upload.more', { shown: files.length, total })}
              </button>
            </div>
          )}
        </div>
      </div>
    </DialogFrame>
  );
}
