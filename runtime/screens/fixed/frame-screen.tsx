import { useTranslation } from 'react-i18next';
import { Icon } from '../../shell/icons';

/** A menu page whose viewPath is an http(s) address, shown in an embedded frame. */
export function FrameScreen({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('shell');
  return (
    <div className="flex h-[calc(100vh-8.5rem)] flex-col overflow-hidden rounded-lg border border-line bg-surface shadow-panel">
      <div className="flex h-10 items-center justify-between border-b border-line px-4 text-[13px]">
        <span className="truncate text-muted">{url}</span>
        <a href={url} target="_blank" rel="noreferrer" className="flex items-center gap-1 text-primary hover:underline">
          {t('frame.open')}
          <Icon name="external" size={13} />
        </a>
      </div>
      <iframe src={url} title={title || t('pages.frame')} className="w-full flex-1 border-0 bg-white" />
    </div>
  );
}
