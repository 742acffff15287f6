import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../shell/icons';
import { inputClass } from './ui-classes';

export type GroupItem = { id: string | number; label: string; hint?: string };

/**
 * Left/right layout (the view plugin): a list on the left — searchable, foldable — and on the right what belongs to
 * the chosen item. Folded, the left side leaves the right the whole width.
 */
export function ViewGroup({
  title,
  items,
  selected,
  onSelect,
  children,
}: {
  title: string;
  items: GroupItem[];
  selected: GroupItem['id'] | undefined;
  onSelect: (id: GroupItem['id']) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('plugin');
  const [folded, setFolded] = useState(false);
  const [filter, setFilter] = useState('');
  const shown = items.filter((i) => i.label.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <div
      className="flex min-h-[320px] overflow-hidden rounded-lg border border-line bg-surface"
      data-testid="view-group"
    >
      {!folded && (
        <aside className="flex w-56 shrink-0 flex-col border-r border-line" aria-label={title}>
          <div className="flex h-10 items-center justify-between border-b border-line px-3">
            <span className="text-[13px] font-semibold text-ink">{title}</span>
            <button
              type="button"
              onClick={() => setFolded(true)}
              aria-label={t('view.fold')}
              title={t('view.fold')}
              className="rounded p-1 text-muted hover:bg-hover hover:text-ink"
            >
              <Icon name="chevron-left" size={15} />
            </button>
          </div>
          <div className="p-2">
            <input
              className={inputClass}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder={t('view.search')}
              aria-label={t('view.search')}
            />
          </div>
          <ul className="flex-1 overflow-y-auto px-2 pb-2" aria-label={title}>
            {shown.length === 0 && <li className="py-6 text-center text-[12px] text-muted">{t('view.none')}</li>}
            {shown.map((i) => (
              <li key={i.id}>
                {/* A button per item (pressed = chosen), not listbox options holding buttons. */}
                <button
                  type="button"
                  aria-pressed={i.id === selected}
                  onClick={() => onSelect(i.id)}
                  className={`flex w-full items-center justify-between gap-2 rounded-md px-2.5 py-1.5 text-left text-[13px] ${i.id === selected ? 'bg-primary-9 font-medium text-primary' : 'text-ink hover:bg-hover'}`}
                >
                  <span className="truncate">{i.label}</span>
                  {i.hint && <span className="shrink-0 text-[11px] text-faint">{i.hint}</span>}
                </button>
              </li>
            ))}
          </ul>
        </aside>
      )}
      <section className="flex min-w-0 flex-1 flex-col">
        <div className="flex h-10 items-center gap-2 border-b border-line px-3">
          {folded && (
            <button
              type="button"
              onClick={() => setFolded(false)}
              aria-label={t('view.unfold')}
              title={t('view.unfold')}
              className="rounded p-1 text-muted hover:bg-hover hover:text-ink"
            >
              <Icon name="chevron-right" size={15} />
            </button>
          )}
          <span className="truncate text-[13px] font-semibold text-ink">
            {items.find((i) => i.id === selected)?.label ?? t('view.pick')}
          </span>
        </div>
        <div className="min-h-0 flex-1 overflow-auto p-3">{children}</div>
      </section>
    </div>
  );
}

/** Top detail (the view plugin): a bar with back, title and actions above the content of one record. */
export function ViewHead({
  title,
  subtitle,
  onBack,
  actions,
  children,
}: {
  title: string;
  subtitle?: string;
  onBack?: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('plugin');
  return (
    <div className="overflow-hidden rounded-lg border border-line bg-surface" data-testid="view-head">
      <header className="flex min-h-12 items-center gap-3 border-b border-line px-3 py-2">
        {onBack && (
          <button
            type="button"
            onClick={onBack}
            className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-[13px] text-muted hover:bg-hover hover:text-ink"
          >
            <Icon name="chevron-left" size={15} />
            {t('view.back')}
          </button>
        )}
        {onBack && <span className="h-4 w-px bg-line" />}
        <div className="min-w-0 flex-1">
          <p className="truncate text-[14px] font-semibold text-ink">{title}</p>
          {subtitle && <p className="truncate text-[12px] text-muted">{subtitle}</p>}
        </div>
        {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
      </header>
      <div className="p-4">{children}</div>
    </div>
  );
}
