import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../widgets/ui-classes';
import { folderTree, type Folder } from './folder-tree';
import type { Space } from './space-model';

/** The folders beside the files: all files, then the tree; each folder offers add-inside, rename and delete. */
export function SpaceFolders({ space }: { space: Space }) {
  const { t } = useTranslation('space');
  const { folder, openFolder, setFolderDialog, setConfirming } = space;

  const item = (id: number | null, name: string, f?: Folder, depth = 0) => (
    <li key={String(id)} className="group flex items-center" style={{ paddingLeft: depth * 14 }}>
      <button
        type="button"
        aria-pressed={folder === id}
        onClick={() => openFolder(id)}
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
    <aside className="flex w-52 shrink-0 flex-col border-r border-line">
      <div className="flex items-center justify-between border-b border-line px-3 py-2.5">
        <h2 className="text-[13px] font-semibold text-ink">{t('folders')}</h2>
        <button type="button" className={buttonClass.link} onClick={() => setFolderDialog({ name: '' })}>
          + {t('folder.add')}
        </button>
      </div>
      <ul className="min-h-0 flex-1 space-y-0.5 overflow-auto p-2" aria-label={t('folders')}>
        {item(null, t('allFiles'))}
        {folderTree(space.folders).map(({ folder: f, depth }) => item(f.id, f.name, f, depth))}
      </ul>
    </aside>
  );
}
