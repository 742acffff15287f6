import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { toast, useToasts, type ToastItem, type ToastKind } from './toast';

const STYLE: Record<ToastKind, { icon: string; tone: string }> = {
  success: { icon: 'check', tone: 'text-success' },
  error: { icon: 'alert', tone: 'text-danger' },
  warning: { icon: 'alert', tone: 'text-warning' },
  info: { icon: 'info', tone: 'text-primary' },
};

function Toast({ item }: { item: ToastItem }) {
  const { t } = useTranslation();
  return (
    <div
      data-kind={item.kind}
      className="jy-pop-in pointer-events-auto flex max-w-lg items-start gap-2.5 rounded-lg border border-line bg-surface px-4 py-2.5 text-sm text-ink shadow-pop"
    >
      <Icon name={STYLE[item.kind].icon} size={18} className={`mt-px shrink-0 ${STYLE[item.kind].tone}`} />
      <span className="min-w-0 break-words">{item.text}</span>
      <button
        type="button"
        onClick={() => toast.dismiss(item.id)}
        className="-mr-1 ml-1 shrink-0 rounded p-0.5 text-faint hover:text-ink"
        aria-label={t('actions.close')}
      >
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}

/**
 * The message area at the top centre of the screen. Two live regions that are always there (a region added together
 * with its text is often not read out): errors in an assertive one, the rest in a polite one.
 */
export function Toaster() {
  const items = useToasts();
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex flex-col items-center gap-2 px-4">
      <div role="alert" className="flex flex-col items-center gap-2">
        {items
          .filter((i) => i.kind === 'error')
          .map((item) => (
            <Toast key={item.id} item={item} />
          ))}
      </div>
      <div role="status" className="flex flex-col items-center gap-2">
        {items
          .filter((i) => i.kind !== 'error')
          .map((item) => (
            <Toast key={item.id} item={item} />
          ))}
      </div>
    </div>
  );
}
