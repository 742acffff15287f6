import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useDismiss } from './use-dismiss';

export type DropdownItem = {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  onSelect: () => void;
  active?: boolean;
  danger?: boolean;
  testId?: string;
};

/**
 * A menu button (WAI-ARIA APG): Enter, Space or ↓ opens the menu on its first item (↑ on its last); ↑ ↓ Home End move,
 * Escape closes and gives focus back to the button, as a choice does; Tab or a press outside closes it. Hand-written
 * rather than Radix's dropdown menu: that one (with its positioning) would take the initial JS past its budget.
 */
export function Dropdown({
  trigger,
  items,
  label,
  align = 'right',
  testId,
  labelShown = false,
}: {
  trigger: ReactNode;
  items: DropdownItem[];
  label: string;
  align?: 'left' | 'right';
  testId?: string;
  /** The trigger shows `label` as its text: the button is named by what it shows (WCAG 2.5.3), not by aria-label. */
  labelShown?: boolean;
}) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useDismiss(root, !!open, () => setOpen(false), { escape: false });

  const entries = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the menu opens; its items are read from the DOM then
  useEffect(() => {
    if (!open) return;
    const list = entries();
    (open === 'last' ? list[list.length - 1] : list[0])?.focus();
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const list = entries();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => {
      e.preventDefault();
      list[(i + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={!!open}
        aria-label={labelShown ? undefined : label}
        title={label}
        data-testid={testId}
        onClick={() => setOpen((v) => (v ? false : 'first'))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(e.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
        className="flex h-8 items-center gap-1.5 rounded-md px-2 text-muted transition-colors hover:bg-hover hover:text-ink"
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={menu}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className={`jy-pop-in absolute top-full z-50 mt-1.5 min-w-40 overflow-hidden rounded-lg border border-line bg-surface py-1 shadow-pop ${align === 'right' ? 'right-0' : 'left-0'}`}
        >
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              data-testid={item.testId}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
              className={`flex w-full items-center gap-2.5 px-3 py-2 text-left text-sm transition-colors outline-none hover:bg-hover focus-visible:bg-hover ${
                item.danger ? 'text-danger' : item.active ? 'font-medium text-primary' : 'text-ink'
              }`}
            >
              {item.icon && (
                <span className="flex w-4 justify-center" aria-hidden="true">
                  {item.icon}
                </span>
              )}
              <span className="flex-1 whitespace-nowrap">{item.label}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
