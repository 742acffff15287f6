import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useDismiss } from './use-dismiss';

export type ContextMenuItem = {
  key: string;
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  danger?: boolean;
  /** A line above this item. */
  separated?: boolean;
  testId?: string;
};

/**
 * A menu at a point of the window (WAI-ARIA APG menu): what a right-click, the context-menu key or Shift+F10 opens on a
 * tab or a tree node, and what a row's "⋯" button opens on a phone. Opens on its first item; ↑ ↓ Home End move;
 * Escape closes with focus back on what opened it, as a choice does; Tab, a press elsewhere, resizing or leaving the
 * window closes it. Drawn on the page's body, fixed to the window: no scrolling container clips it and no pinned table
 * cell (a stacking context of its own) covers it; kept inside the window near its edges.
 */
export function ContextMenu({
  x,
  y,
  label,
  items,
  onClose,
  testId,
}: {
  x: number;
  y: number;
  label: string;
  items: ContextMenuItem[];
  /** `refocus`: closed from the keyboard or by a choice, so focus goes back to the opener (not after a click elsewhere). */
  onClose: (refocus: boolean) => void;
  testId?: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState({ left: x, top: y });

  useLayoutEffect(() => {
    const box = root.current?.getBoundingClientRect();
    if (!box) return;
    setPos({
      left: Math.max(4, Math.min(x, window.innerWidth - box.width - 4)),
      top: Math.max(4, Math.min(y, window.innerHeight - box.height - 4)),
    });
    root.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [x, y]);

  useDismiss(root, true, () => onClose(false), { escape: false });
  useEffect(() => {
    const buttons = () => [...(root.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' || e.key === 'Tab') {
        e.preventDefault();
        e.stopPropagation();
        onClose(e.key === 'Escape');
        return;
      }
      if (e.key === 'Home' || e.key === 'End') {
        e.preventDefault();
        const list = buttons();
        (e.key === 'Home' ? list[0] : list[list.length - 1])?.focus();
        return;
      }
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const list = buttons();
        const at = list.indexOf(document.activeElement as HTMLButtonElement);
        list[(at + (e.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length]?.focus();
      }
    };
    const onAway = () => onClose(false);
    document.addEventListener('keydown', onKey, true);
    window.addEventListener('resize', onAway);
    window.addEventListener('blur', onAway);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      window.removeEventListener('resize', onAway);
      window.removeEventListener('blur', onAway);
    };
  }, [onClose]);

  return createPortal(
    <div
      ref={root}
      role="menu"
      aria-label={label}
      data-testid={testId}
      style={{ left: pos.left, top: pos.top }}
      className="jy-pop-in fixed z-50 min-w-36 overflow-hidden rounded-lg border border-line bg-surface py-1 shadow-pop"
    >
      {items.map((item) => (
        <div key={item.key} role="none">
          {item.separated && <hr className="my-1 border-line" />}
          <button
            type="button"
            role="menuitem"
            disabled={item.disabled}
            data-choice={item.key}
            data-testid={item.testId}
            onClick={() => {
              onClose(true);
              item.onSelect();
            }}
            className={`flex w-full items-center px-3 py-1.5 text-left text-[13px] whitespace-nowrap transition-colors outline-none hover:bg-hover focus-visible:bg-hover disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent ${
              item.danger ? 'text-danger' : 'text-ink'
            }`}
          >
            {item.label}
          </button>
        </div>
      ))}
    </div>,
    document.body,
  );
}
