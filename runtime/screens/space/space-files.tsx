import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../engine/upload';
import { formatDate } from '../../widgets/format-date';
import { fileName } from '../../widgets/media-thumbs';
import { buttonClass } from '../../widgets/ui-classes';
import { errorText, extOf, type Space, type SpaceFile } from './space-model';

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

const sizeOf = (f: SpaceFile) => (f.size !== null ? formatBytes(f.size) : '—');

function FileGrid({ space }: { space: Space }) {
  const { t } = useTranslation('space');
  const { list, selected, toggle, setViewing } = space;
  return (
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
            <span className="block px-2 pb-1.5 text-[11px] text-faint">{sizeOf(f)}</span>
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
  );
}

function FileTable({ space }: { space: Space }) {
  const { t } = useTranslation('space');
  const { list, selected, toggle, setViewing, folderName } = space;
  return (
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
            <td className="text-right text-muted">{sizeOf(f)}</td>
            <td className="pl-4 text-muted">{formatDate(f.createTime, true)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The open folder's files as a grid or a list, or why there are none. */
export function SpaceFiles({ space }: { space: Space }) {
  const { t } = useTranslation('space');
  const { files, list, view } = space;
  if (files.error) return <p className="text-[13px] text-danger">{errorText(files.error)}</p>;
  if (list.length === 0)
    return (
      <div className="flex h-full flex-col items-center justify-center gap-2 text-[13px] text-muted">
        <p>{files.isLoading ? t('loading') : t('empty')}</p>
        {!files.isLoading && <p className="text-xs text-faint">{t('dropHint')}</p>}
      </div>
    );
  return view === 'grid' ? <FileGrid space={space} /> : <FileTable space={space} />;
}

/** The file count and the page buttons. */
export function SpacePager({ space }: { space: Space }) {
  const { t } = useTranslation('space');
  const { page, pages, total, setPage } = space;
  return (
    <footer className="flex items-center justify-between border-t border-line px-4 py-2 text-xs text-muted">
      <span data-testid="space-total">{t('total', { count: total })}</span>
      <span className="flex items-center gap-2">
        <button type="button" className={buttonClass.default} disabled={page <= 1} onClick={() => setPage(page - 1)}>
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
  );
}
