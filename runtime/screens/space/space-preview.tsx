import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../engine/upload';
import { toast } from '../../shell/toast';
import { formatDate } from '../../widgets/format-date';
import { fileName } from '../../widgets/media-thumbs';
import { SelectInput } from '../../widgets/select-input';
import { buttonClass, inputClass } from '../../widgets/ui-classes';
import { DialogFrame } from '../entity/dialog-frame';
import type { Folder } from './folder-tree';
import { extOf, files$, type SpaceFile } from './space-model';

/** A file opened: its preview (picture, video, audio, PDF), its name and folder to change, and what it is. */
export function Preview({
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
      toast.failure(e);
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
