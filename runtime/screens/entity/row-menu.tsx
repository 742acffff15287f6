import { useRef, useState } from 'react';
import { ContextMenu, type ContextMenuItem } from '../../shell/context-menu';

/**
 * A row's actions on a phone (below 768 px, SPEC §2 xs): one "⋯" menu button in the pinned column instead of a row of
 * links that would cover most of the list. A menu button (WAI-ARIA APG): Enter, Space or ↓ opens the menu on its
 * first action; Escape or a choice gives focus back to the button, which carries the row's focus key so focus can
 * come back to it after a dialog and a list refresh (focus-return.ts).
 */
export function RowMenu({
  label,
  items,
  focusKey,
}: {
  /** "操作 JY2026…": the menu's name, with its row's. */
  label: string;
  items: ContextMenuItem[];
  focusKey: string;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  const open = () => {
    const box = button.current?.getBoundingClientRect();
    if (box) setAt({ x: box.right - 160, y: box.bottom + 2 });
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={at !== null}
        aria-label={label}
        title={label}
        data-focus-key={focusKey}
        data-testid="row-menu"
        className="inline-flex h-7 w-8 items-center justify-center rounded-md text-muted hover:bg-hover hover:text-ink"
        onClick={() => (at ? setAt(null) : open())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            open();
          }
        }}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <circle cx="3.5" cy="8" r="1.4" fill="currentColor" />
          <circle cx="8" cy="8" r="1.4" fill="currentColor" />
          <circle cx="12.5" cy="8" r="1.4" fill="currentColor" />
        </svg>
      </button>
      {at && (
        <ContextMenu
          x={at.x}
          y={at.y}
          label={label}
          items={items}
          testId="row-menu-items"
          onClose={(refocus) => {
            setAt(null);
            if (refocus) button.current?.focus();
          }}
        />
      )}
    </>
  );
}
