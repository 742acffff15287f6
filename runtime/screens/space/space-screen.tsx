import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { client } from '../../engine/client';
import type { Page, SpaceInfo, SpaceInfoPageQuery } from '../../engine/client.generated';
import { fileProblem, formatBytes, uploadFile, useUploadMode } from '../../engine/upload';
import { toast } from '../../shell/toast';
import { formatDate } from '../../widgets/format-date';
import { fileName } from '../../widgets/media-thumbs';
import { SelectInput } from '../../widgets/select-input';
import { buttonClass, inputClass } from '../../widgets/ui-classes';
import { DialogFrame } from '../entity/dialog-frame';
import { ConfirmDialog } from '../entity/confirm-dialog';
import { folderTree, type Folder } from './folder-tree';

/** A file as page lists it: the record and the uploader's name joined. */
type SpaceFile = SpaceInfo & { userName?: string | null };
const files$ = client.space.info;
const folders$ = client.space.type;
type Upload = { key: number; name: string; progress: number };

const SIZE = 40;
let uploads = 0;

const extOf = (f: SpaceFile) => (f.url.split('?')[0].split('.').pop() ?? '').toLowerCase();

/** A file's face: the picture itself, a video frame, or its extension on a tile. */
function Face({ file, className }: { file: SpaceFile; className: string }) {
  // The thumbnail made at upload where there is one (files recorded before thumbnails existed show themselves).
  if (file.type === 'image')
    return (
      <img src={file.thumbUrl ?? file.url} alt="" loading="lazy" className={`${className} bg-subtle object-cover`} />
    );
  if (file.type === 'video')
    return <video src={file.url} preload="metadata" muted className={`${className} bg-black object-cover`} />;
  return (
    <span
      className={`${className} flex items-center justify-center bg-subtle text-xs font-semibold uppercase text-muted`}
    >
      {extOf(file).slice(0, 5) || file.type}
    </span>
  );
}

/**
 * The file space (SPEC §2 /space/list): folders on the left; files as a grid or a list, searched by name and kind;
 * upload by button, drop or paste into the open folder, with progress; preview (picture, video, PDF), rename,
 * move and delete.
 */
export default function SpaceScreen() {
  const { t } = useTranslation('space');
  const mode = useUploadMode();
  const [folder, setFolder] = useState<number | null>(null);
  const [kind, setKind] = useState('');
  const [typed, setTyped] = useState('');
  const [keyWord, setKeyWord] = useState('');
  const [page, setPage] = useState(1);
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [selected, setSelected] = useState<number[]>([]);
  const [pending, setPending] = useState<Upload[]>([]);
  const [viewing, setViewing] = useState<SpaceFile | null>(null);
  const [folderDialog, setFolderDialog] = useState<{ id?: number; name: string; parentId?: number | null } | null>(
    null,
  );
  const [confirming, setConfirming] = useState<
    { what: 'files'; ids: number[] } | { what: 'folder'; folder: Folder } | null
  >(null);
  const [dragOver, setDragOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const folders = useSWR<Folder[]>('space/type/list', () => folders$.list());
  const query: SpaceInfoPageQuery = {
    page,
    size: SIZE,
    order: 'createTime',
    sort: 'desc',
    ...(folder !== null ? { classifyId: folder } : {}),
    ...(kind ? { type: kind } : {}),
    ...(keyWord ? { keyWord } : {}),
  };
  const files = useSWR<Page<SpaceFile>>(['space/info/page', JSON.stringify(query)], () => files$.page(query), {
    keepPreviousData: true,
  });
  const list = files.data?.list ?? [];
  const total = files.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SIZE));
  const folderName = (id: number | null) => folders.data?.find((f) => f.id === id)?.name ?? t('noFolder');

  const refresh = async () => {
    setSelected([]);
    await Promise.all([files.mutate(), folders.mutate()]);
  };

  const send = async (picked: File[]) => {
    const ok = picked
      .filter((f) => {
        const problem = fileProblem(f, mode, 'file');
        if (problem) toast.error(problem);
        return !problem;
      })
      .slice(0, mode?.maxFiles ?? 9);
    if (ok.length === 0) return;
    let done = 0;
    await Promise.all(
      ok.map(async (file) => {
        const key = ++uploads;
        setPending((p) => [...p, { key, name: file.name, progress: 0 }]);
        try {
          await uploadFile(file, {
            classifyId: folder ?? undefined,
            onProgress: (progress) => setPending((p) => p.map((u) => (u.key === key ? { ...u, progress } : u))),
          });
          done++;
        } catch (e) {
          toast.error(`${file.name}: ${e instanceof Error ? e.message : String(e)}`);
        } finally {
          setPending((p) => p.filter((u) => u.key !== key));
        }
      }),
    );
    if (done) {
      toast.success(t('uploaded', { count: done }));
      setPage(1);
      await refresh();
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    const dropped = [...e.dataTransfer.files];
    if (dropped.length) void send(dropped);
  };
  const onPaste = (e: ClipboardEvent) => {
    const pasted = [...e.clipboardData.files];
    if (pasted.length) {
      e.preventDefault();
      void send(pasted);
    }
  };

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
      await refresh();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };
  const move = (target: number) =>
    act(
      () => Promise.all(selected.map((id) => files$.update({ id, classifyId: target }))),
      t('moved', { count: selected.length, folder: folderName(target) }),
    );
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const folderButton = (id: number | null, name: string, f?: Folder, depth = 0) => (
    <li key={String(id)} className="group flex items-center" style={{ paddingLeft: depth * 14 }}>
      <button
        type="button"
        aria-pressed={folder === id}
        onClick={() => {
          setFolder(id);
          setPage(1);
          setSelected([]);
        }}
        className={`min-w-0 flex-1 truncate rounded-md px-2 py-1.5 text-left text-[13px] ${folder === id ? 'bg-primary-9 font-medium text-primary' : 'text-ink hover:bg-hover'}`}
      >
        {name}
      </button>
      {f && (
        <span className="hidden shrink-0 group-hover:flex group-focus-within:flex">
          <button
            type="button"
            className={buttonClass.link}
            aria-label={t('folder.addIn', { name: f.name })}
            title={t('folder.addIn', { name: f.name })}
            onClick={() => setFolderDialog({ name: '', parentId: f.id })}
          >
            +
          </button>
          <button
            type="button"
            className={buttonClass.link}
            aria-label={t('folder.rename', { name: f.name })}
            title={t('folder.rename', { name: f.name })}
            onClick={() => setFolderDialog({ id: f.id, name: f.name, parentId: f.parentId })}
          >
            ✎
          </button>
          <button
            type="button"
            className={buttonClass.linkDanger}
            aria-label={t('folder.delete', { name: f.name })}
            title={t('folder.delete', { name: f.name })}
            onClick={() => setConfirming({ what: 'folder', folder: f })}
          >
            ✕
          </button>
        </span>
      )}
    </li>
  );

  return (
    <div
      className="flex h-[calc(100vh-150px)] min-h-[480px] overflow-hidden rounded-lg border border-line bg-surface shadow-panel"
      data-testid="space-screen"
      onPaste={onPaste}
      tabIndex={-1}
    >
      <aside className="flex w-52 shrink-0 flex-col border-r border-line">
        <div className="flex items-center justify-between border-b border-line px-3 py-2.5">
          <h2 className="text-[13px] font-semibold text-ink">{t('folders')}</h2>
          <button type="button" className={buttonClass.link} onClick={() => setFolderDialog({ name: '' })}>
            + {t('folder.add')}
          </button>
        </div>
        <ul className="min-h-0 flex-1 space-y-0.5 overflow-auto p-2" aria-label={t('folders')}>
          {folderButton(null, t('allFiles'))}
          {folderTree(folders.data ?? []).map(({ folder: f, depth }) => folderButton(f.id, f.name, f, depth))}
        </ul>
      </aside>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for files dragged in; the upload button does the same by keyboard */}
      <section
        className={`relative flex min-w-0 flex-1 flex-col ${dragOver ? 'bg-primary-9' : ''}`}
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes('Files')) {
            e.preventDefault();
            setDragOver(true);
          }
        }}
        onDragLeave={(e) => {
          if (e.currentTarget === e.target) setDragOver(false);
        }}
        onDrop={onDrop}
      >
        <div className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-2.5">
          <h1 className="mr-2 text-[15px] font-semibold text-ink">
            {folder === null ? t('allFiles') : folderName(folder)}
          </h1>
          <button type="button" className={buttonClass.primary} onClick={() => input.current?.click()}>
            {t('upload')}
          </button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            onChange={(e) => {
              const f = [...(e.target.files ?? [])];
              e.target.value = '';
              void send(f);
            }}
          />
          {selected.length > 0 && (
            <>
              <SelectInput
                aria-label={t('moveTo')}
                wrapperClassName="w-40"
                value=""
                onChange={(e) => {
                  if (e.target.value) void move(Number(e.target.value));
                }}
              >
                <option value="">
                  {t('moveTo')} ({selected.length})
                </option>
                {(folders.data ?? []).map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </SelectInput>
              <button
                type="button"
                className={buttonClass.danger}
                onClick={() => setConfirming({ what: 'files', ids: selected })}
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
            onChange={(e) => {
              setKind(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('kinds.all')}</option>
            {['image', 'video', 'audio', 'pdf', 'word', 'excel', 'ppt', 'zip', 'other'].map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </SelectInput>
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              setKeyWord(typed.trim());
              setPage(1);
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
          <div
            className="flex overflow-hidden rounded-md border border-line-strong"
            role="group"
            aria-label={t('view')}
          >
            {(['grid', 'list'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                className={`px-2.5 py-1 text-[13px] ${view === v ? 'bg-primary text-on-primary' : 'bg-surface text-muted hover:text-ink'}`}
              >
                {t(`views.${v}`)}
              </button>
            ))}
          </div>
        </div>
        {pending.length > 0 && (
          <ul className="space-y-1 border-b border-line bg-primary-9 px-4 py-2" aria-label={t('uploading')}>
            {pending.map((u) => (
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
        )}
        <div className="min-h-0 flex-1 overflow-auto p-4">
          {files.error ? (
            <p className="text-[13px] text-danger">
              {files.error instanceof Error ? files.error.message : String(files.error)}
            </p>
          ) : list.length === 0 ? (
            <div className="flex h-full flex-col items-center justify-center gap-2 text-[13px] text-muted">
              <p>{files.isLoading ? t('loading') : t('empty')}</p>
              {!files.isLoading && <p className="text-xs text-faint">{t('dropHint')}</p>}
            </div>
          ) : view === 'grid' ? (
            <ul className="grid grid-cols-[repeat(auto-fill,minmax(140px,1fr))] gap-3" data-testid="space-grid">
              {list.map((f) => (
                <li
                  key={f.id}
                  data-file={f.name ?? ''}
                  className={`group relative overflow-hidden rounded-lg border ${selected.includes(f.id) ? 'border-primary ring-2 ring-primary-8' : 'border-line hover:border-primary-4'}`}
                >
                  <button
                    type="button"
                    className="block w-full text-left"
                    onClick={() => setViewing(f)}
                    title={f.name ?? f.url}
                  >
                    <Face file={f} className="h-28 w-full" />
                    <span className="block truncate px-2 pt-1.5 text-xs text-ink">{f.name ?? fileName(f.url)}</span>
                    <span className="block px-2 pb-1.5 text-[11px] text-faint">
                      {f.size !== null ? formatBytes(f.size) : '—'}
                    </span>
                  </button>
                  <input
                    type="checkbox"
                    aria-label={t('select', { name: f.name ?? '' })}
                    checked={selected.includes(f.id)}
                    onChange={() => toggle(f.id)}
                    className={`absolute top-2 left-2 h-4 w-4 accent-primary ${selected.includes(f.id) ? '' : 'opacity-0 group-hover:opacity-100 focus:opacity-100'}`}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <table className="w-full text-[13px]" data-testid="space-table">
              <thead>
                <tr className="border-b border-line text-left text-xs text-muted">
                  <th className="w-8 py-2" />
                  <th className="py-2">{t('col.name')}</th>
                  <th>{t('col.kind')}</th>
                  <th>{t('col.folder')}</th>
                  <th className="text-right">{t('col.size')}</th>
                  <th className="pl-4">{t('col.time')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((f) => (
                  <tr key={f.id} data-file={f.name ?? ''} className="border-b border-line hover:bg-hover">
                    <td className="py-1.5">
                      <input
                        type="checkbox"
                        aria-label={t('select', { name: f.name ?? '' })}
                        checked={selected.includes(f.id)}
                        onChange={() => toggle(f.id)}
                        className="h-3.5 w-3.5 accent-primary"
                      />
                    </td>
                    <td className="py-1.5">
                      <button
                        type="button"
                        className="flex items-center gap-2 text-left text-ink hover:text-primary"
                        onClick={() => setViewing(f)}
                      >
                        <Face file={f} className="h-8 w-8 shrink-0 rounded" />
                        <span className="truncate">{f.name ?? fileName(f.url)}</span>
                      </button>
                    </td>
                    <td className="text-muted">{t(`kinds.${f.type ?? 'other'}`, { defaultValue: f.type ?? '' })}</td>
                    <td className="text-muted">{f.classifyId !== null ? folderName(f.classifyId) : '—'}</td>
                    <td className="text-right text-muted">{f.size !== null ? formatBytes(f.size) : '—'}</td>
                    <td className="pl-4 text-muted">{formatDate(f.createTime, true)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <footer className="flex items-center justify-between border-t border-line px-4 py-2 text-xs text-muted">
          <span data-testid="space-total">{t('total', { count: total })}</span>
          <span className="flex items-center gap-2">
            <button
              type="button"
              className={buttonClass.default}
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              ‹
            </button>
            {page} / {pages}
            <button
              type="button"
              className={buttonClass.default}
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              ›
            </button>
          </span>
        </footer>
        {dragOver && (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center border-2 border-dashed border-primary text-[15px] font-medium text-primary">
            {t('dropHere', { folder: folder === null ? t('noFolder') : folderName(folder) })}
          </div>
        )}
      </section>

      {viewing && (
        <Preview
          file={viewing}
          folders={folders.data ?? []}
          onClose={() => setViewing(null)}
          onChanged={async () => {
            setViewing(null);
            await refresh();
          }}
        />
      )}
      {folderDialog && (
        <FolderDialog
          value={folderDialog}
          onClose={() => setFolderDialog(null)}
          onSaved={async () => {
            setFolderDialog(null);
            await refresh();
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          open
          onClose={() => setConfirming(null)}
          title={
            confirming.what === 'files'
              ? t('confirm.filesTitle', { count: confirming.ids.length })
              : t('confirm.folderTitle', { name: confirming.folder.name })
          }
          testId="space-confirm"
          confirmLabel={t('delete')}
          onConfirm={() => {
            const c = confirming;
            if (c.what === 'files') void act(() => files$.delete(c.ids), t('deleted', { count: c.ids.length }));
            else
              void act(
                async () => {
                  await folders$.delete([c.folder.id]);
                  if (folder === c.folder.id) setFolder(null);
                },
                t('folder.deleted', { name: c.folder.name }),
              );
          }}
        >
          <p>{confirming.what === 'files' ? t('confirm.files') : t('confirm.folder')}</p>
          {confirming.what === 'files' && <References ids={confirming.ids} />}
        </ConfirmDialog>
      )}
    </div>
  );
}

type Reference = {
  id: number;
  name: string | null;
  url: string;
  references: { prefix: string; title: Record<string, string>; fields: string[]; ids: number[]; count: number }[];
  hidden?: number;
};

/** The records still using the files about to be deleted (pictures, galleries, rich text), so the delete is an informed one. */
function References({ ids }: { ids: number[] }) {
  const { t, i18n } = useTranslation('space');
  const refs = useSWR(['space/info/references', ids.join()], () => files$.references<Reference[]>({ ids }), {
    revalidateOnFocus: false,
  });
  if (refs.isLoading) return <p className="mt-2 text-xs text-muted">{t('refs.checking')}</p>;
  if (refs.error)
    return (
      <p className="mt-2 text-xs text-danger">
        {refs.error instanceof Error ? refs.error.message : String(refs.error)}
      </p>
    );
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

function FolderDialog({
  value,
  onClose,
  onSaved,
}: {
  value: { id?: number; name: string; parentId?: number | null };
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
      setError(e instanceof Error ? e.message : String(e));
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

function Preview({
  file,
  folders,
  onClose,
  onChanged,
}: {
  file: SpaceFile;
  folders: Folder[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation('space');
  const [name, setName] = useState(file.name ?? fileName(file.url));
  const [folder, setFolder] = useState(file.classifyId === null ? '' : String(file.classifyId));
  const save = async () => {
    try {
      await files$.update({
        id: file.id,
        name: name.trim() || null,
        classifyId: folder === '' ? null : Number(folder),
      });
      toast.success(t('saved'));
      onChanged();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };
  const pdf = extOf(file) === 'pdf';
  return (
    <DialogFrame
      open
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={file.name ?? fileName(file.url)}
      width="max-w-3xl"
      testId="space-preview"
      footer={
        <>
          <a className={`${buttonClass.default} mr-auto`} href={file.url} target="_blank" rel="noreferrer">
            {t('open')}
          </a>
          <button type="button" className={buttonClass.default} onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="button" className={buttonClass.primary} onClick={() => void save()}>
            {t('save')}
          </button>
        </>
      }
    >
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_220px]">
        <div className="flex min-h-[240px] items-center justify-center overflow-hidden rounded-md border border-line bg-subtle">
          {file.type === 'image' ? (
            <img src={file.url} alt={file.name ?? ''} className="max-h-[60vh] max-w-full object-contain" />
          ) : file.type === 'video' ? (
            // biome-ignore lint/a11y/useMediaCaption: an uploaded file is previewed as it is; uploads carry no caption track
            <video src={file.url} controls className="max-h-[60vh] max-w-full" />
          ) : file.type === 'audio' ? (
            // biome-ignore lint/a11y/useMediaCaption: an uploaded file is previewed as it is; uploads carry no caption track
            <audio src={file.url} controls />
          ) : pdf ? (
            <iframe src={file.url} title={file.name ?? fileName(file.url)} className="h-[60vh] w-full bg-surface" />
          ) : (
            <span className="text-[13px] text-muted">{t('noPreview')}</span>
          )}
        </div>
        <div className="grid content-start gap-3 text-[13px]">
          <label className="grid gap-1">
            <span className="text-muted">{t('col.name')}</span>
            <input
              className={inputClass}
              value={name}
              maxLength={255}
              onChange={(e) => setName(e.target.value)}
              aria-label={t('col.name')}
            />
          </label>
          <label className="grid gap-1">
            <span className="text-muted">{t('col.folder')}</span>
            <SelectInput value={folder} onChange={(e) => setFolder(e.target.value)} aria-label={t('col.folder')}>
              <option value="">{t('noFolder')}</option>
              {folders.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </SelectInput>
          </label>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
            <dt className="text-muted">{t('col.kind')}</dt>
            <dd>{t(`kinds.${file.type ?? 'other'}`, { defaultValue: file.type ?? '' })}</dd>
            <dt className="text-muted">{t('col.size')}</dt>
            <dd>{file.size !== null ? formatBytes(file.size) : '—'}</dd>
            {file.width ? (
              <>
                <dt className="text-muted">{t('col.pixels')}</dt>
                <dd>
                  {file.width} × {file.height}
                </dd>
              </>
            ) : null}
            {file.userName ? (
              <>
                <dt className="text-muted">{t('col.by')}</dt>
                <dd>{file.userName}</dd>
              </>
            ) : null}
            <dt className="text-muted">{t('col.time')}</dt>
            <dd>{formatDate(file.createTime, true)}</dd>
            <dt className="text-muted">URL</dt>
            <dd className="break-all font-mono text-[11px]">{file.url}</dd>
          </dl>
        </div>
      </div>
    </DialogFrame>
  );
}
