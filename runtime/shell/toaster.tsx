import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { toast, useToasts, type ToastKind } from './toast';

const STYLE: Record<ToastKind, { icon: string; tone: string }> = {
  success: { icon: 'check', tone: 'text-success' },
  error: { icon: 'alert', tone: 'text-danger' },
  warning: { icon: 'alert', tone: 'text-warning' },
  info: { icon: 'info', tone: 'text-primary' },
};

/** The message area at the top centre of the screen. */
export function Toaster() {
  const items = useToasts();
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex flex-col items-center gap-2 px-4" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} role={item.kind === 'error' ? 'alert' : 'status'} data-kind={item.kind}
          className="jy-pop-in pointer-events-auto flex max-w-lg items-start gap-2.5 rounded-lg border border-line bg-surface px-4 py-2.5 text-sm text-ink shadow-pop">
          <Icon name={STYLE[item.kind].icon} size={18} className={`mt-px shrink-0 ${STYLE[item.kind].tone}`} />
          <span className="min-w-0 break-words">{item.text}</span>
          <button type="button" onClick={() => toast.dismiss(item.id)} className="-mr-1 ml-1 shrink-0 rounded p-0.5 text-faint hover:text-ink" aria-label={t('actions.close')}>
            <Icon name="close" size={14} />
          </button>
        </div>
      ))}
    </div>
  );
}
