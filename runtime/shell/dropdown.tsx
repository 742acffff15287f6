import { useRef, useState, type ReactNode } from 'react';
import { useDismiss } from './use-dismiss';

export type DropdownItem = { key: string; label: ReactNode; icon?: ReactNode; onSelect: () => void; active?: boolean; danger?: boolean; testId?: string };

/** A button that opens a small menu; closes on a choice, an outside click or Escape. */
export function Dropdown({ trigger, items, label, align = 'right', testId }: {
  trigger: ReactNode; items: DropdownItem[]; label: string; align?: 'left' | 'right'; testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useDismiss(root, open, () => setOpen(false));

  return (
    <div ref={root} className="relative">
      <button type="button" aria-haspopup="menu" aria-expanded={open} aria-label={label} title={label} data-testid={testId}
        onClick={() => setOpen((v) => !v)}
        className="flex h-8 items-center gap-1.5 rounded-md px-2 text-muted transition-colors hover:bg-hover hover:text-ink">
        {trigger}
      </button>
      {open && (
        <div role="menu" className={`jy-pop-in absolute top-full z-50 mt-1.5 min-w-40 overflow-hidden rounded-lg border border-line bg-surface py-1 shadow-pop ${align === 'right' ? 'right-0' : 'left-0'}`}>
          {items.map((item) => (
            <button key={item.key} type="button" role="menuitem" data-testid={item.testId}
              onClick={() => { setOpen(false); item.onSelect(); }}
              className={`flex w-full items-center gap-2.5 px-3 py-2 text-left text-sm transition-colors hover:bg-hover ${
                item.danger ? 'text-danger' : item.active ? 'font-medium text-primary' : 'text-ink'}`}>
              {item.icon && <span className="flex w-4 justify-center">{item.icon}</span>}
              <span className="flex-1 whitespace-nowrap">{item.label}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
