import { useState, type ClipboardEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../entity/confirm-dialog';
import { FolderDialog, References } from './space-dialogs';
import { SpaceFiles, SpacePager } from './space-files';
import { SpaceFolders } from './space-folders';
import { useSpace } from './space-model';
import { Preview } from './space-preview';
import { SpaceToolbar, SpaceUploads } from './space-toolbar';

/**
 * The file space (SPEC §2 /space/list): folders on the left; files as a grid or a list, searched by name and kind;
 * upload by button, drop or paste into the open folder, with progress; preview (picture, video, PDF), rename,
 * move and delete. The state and actions are `useSpace` (space-model.ts); the parts here only draw them.
 */
export default function SpaceScreen() {
  const { t } = useTranslation('space');
  const space = useSpace();
  const { folder, folderName, viewing, folderDialog, confirming } = space;
  const [dragOver, setDragOver] = useState(false);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    const dropped = [...e.dataTransfer.files];
    if (dropped.length) void space.send(dropped);
  };
  const onPaste = (e: ClipboardEvent) => {
    const pasted = [...e.clipboardData.files];
    if (pasted.length) {
      e.preventDefault();
      void space.send(pasted);
    }
  };

  return (
    <div
      className="flex h-[calc(100vh-150px)] min-h-[480px] overflow-hidden rounded-lg border border-line bg-surface shadow-panel"
      data-testid="space-screen"
      onPaste={onPaste}
      tabIndex={-1}
    >
      <SpaceFolders space={space} />
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
        <SpaceToolbar space={space} />
        <SpaceUploads space={space} />
        <div className="min-h-0 flex-1 overflow-auto p-4">
          <SpaceFiles space={space} />
        </div>
        <SpacePager space={space} />
        {dragOver && (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center border-2 border-dashed border-primary text-[15px] font-medium text-primary">
            {t('dropHere', { folder: folder === null ? t('noFolder') : folderName(folder) })}
          </div>
        )}
      </section>

      {viewing && (
        <Preview
          file={viewing}
          folders={space.folders}
          onClose={() => space.setViewing(null)}
          onChanged={async () => {
            space.setViewing(null);
            await space.refresh();
          }}
        />
      )}
      {folderDialog && (
        <FolderDialog
          value={folderDialog}
          onClose={() => space.setFolderDialog(null)}
          onSaved={async () => {
            space.setFolderDialog(null);
            await space.refresh();
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          open
          onClose={() => space.setConfirming(null)}
          title={
            confirming.what === 'files'
              ? t('confirm.filesTitle', { count: confirming.ids.length })
              : t('confirm.folderTitle', { name: confirming.folder.name })
          }
          testId="space-confirm"
          confirmLabel={t('delete')}
          onConfirm={() => space.confirmDelete(confirming)}
        >
          <p>{confirming.what === 'files' ? t('confirm.files') : t('confirm.folder')}</p>
          {confirming.what === 'files' && <References ids={confirming.ids} />}
        </ConfirmDialog>
      )}
    </div>
  );
}
