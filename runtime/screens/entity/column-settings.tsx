import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnSpec } from '../../engine/eps-columns';
import type { ColumnPrefs } from '../../engine/prefs';
import { toast } from '../../shell/toast';
import { useDismiss } from '../../shell/use-dismiss';
import { buttonClass } from '../../widgets/ui-classes';

type Props = {
  /** Every column in the current order with the current visibility. */
  columns: ColumnSpec[];
  /** Defaults from eps, to tell which columns the user changed. */
  defaults: Map<string, boolean>;
  onSave: (prefs: ColumnPrefs | null) => Promise<void>;
};

const GearIcon = () => (
  <svg viewBox="0 0 16 16" width="15" height="15" aria-hidden="true">
    <path d="M2 4h7M12 4h2M2 8h2M7 8h7M2 12h9M14 12h0" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    <circle cx="10.5" cy="4" r="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
    <circle cx="5.5" cy="8" r="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
    <circle cx="12.5" cy="12" r="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
  </svg>
);

/** Column show/hide and order, saved per user on the server at each change. */
export function ColumnSettings({ columns, defaults, onSave }: Props) {
  const { t } = useTranslation('entity');
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useDismiss(box, open, () => setOpen(false));

  const save = (next: ColumnSpec[]) => {
    const prefs: ColumnPrefs = {
      order: next.map((c) => c.id),
      hidden: next.filter((c) => !c.visible && defaults.get(c.id) !== false).map((c) => c.id),
      shown: next.filter((c) => c.visible && defaults.get(c.id) === false).map((c) => c.id),
    };
    onSave(prefs).catch((error: unknown) => toast.failure(error, (message) => t('columns.saveFailed', { message })));
  };
  const toggle = (id: string) => {
    const next = columns.map((c) => (c.id === id ? { ...c, visible: !c.visible } : c));
    if (next.some((c) => c.visible)) save(next);
  };
  const move = (index: number, by: number) => {
    const next = [...columns];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    save(next);
  };

  return (
    <div ref={box} className="relative">
      <button
        type="button"
        className={buttonClass.icon}
        title={t('columns.title')}
        aria-label={t('columns.title')}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <GearIcon />
      </button>
      {open && (
        <div
          className="jy-pop-in absolute right-0 z-30 mt-1 w-64 rounded-md border border-line bg-surface shadow-pop"
          data-testid="column-settings"
        >
          <div className="flex items-center justify-between border-b border-line px-3 py-2">
            <span className="text-[13px] font-medium text-ink">{t('columns.title')}</span>
            <button
              type="button"
              className={buttonClass.link}
              onClick={() => onSave(null).catch((e: unknown) => toast.failure(e))}
            >
              {t('columns.reset')}
            </button>
          </div>
          <ul className="max-h-80 overflow-auto py-1">
            {columns.map((c, i) => (
              <li key={c.id} className="group flex items-center gap-2 px-3 py-1 hover:bg-hover">
                <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 text-[13px] text-ink">
                  <input type="checkbox" checked={c.visible} onChange={() => toggle(c.id)} className="accent-primary" />
                  <span className="truncate">{c.label}</span>
                </label>
                <button
                  type="button"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={t('columns.up', { name: c.label })}
                  className="h-6 w-6 rounded text-xs text-muted opacity-0 group-hover:opacity-100 hover:bg-line hover:text-ink focus:opacity-100 disabled:invisible"
                >
                  ↑
                </button>
                <button
                  type="button"
                  disabled={i === columns.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={t('columns.down', { name: c.label })}
                  className="h-6 w-6 rounded text-xs text-muted opacity-0 group-hover:opacity-100 hover:bg-line hover:text-ink focus:opacity-100 disabled:invisible"
                >
                  ↓
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
