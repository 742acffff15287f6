import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismiss } from './use-dismiss';

export type TabMenuChoice = 'reload' | 'close' | 'others' | 'right' | 'all';

/**
 * The menu a right-click (or the context-menu key) opens on a tab, at the pointer: reload, close, close others,
 * close to the right, close all. Closes on a choice, a click elsewhere, Escape, scrolling or resizing.
 */
export function TabContextMenu({
  x,
  y,
  canRight,
  canOthers,
  onChoose,
  onClose,
}: {
  x: number;
  y: number;
  canRight: boolean;
  canOthers: boolean;
  onChoose: (choice: TabMenuChoice) => void;
  /** `refocus`: closed from the keyboard or by a choice, so focus goes back to the tab (not after a click elsewhere). */
  onClose: (refocus: boolean) => void;
}) {
  const { t } = useTranslation('shell');
  const root = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState({ left: x, top: y });

  // Kept inside the window when opened near its right or bottom edge.
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
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' || e.key === 'Tab') {
        e.preventDefault();
        onClose(e.key === 'Escape');
        return;
      }
      if (e.key === 'Home' || e.key === 'End') {
        e.preventDefault();
        const buttons = [...(root.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
        (e.key === 'Home' ? buttons[0] : buttons[buttons.length - 1])?.focus();
        return;
      }
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const buttons = [...(root.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
        const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
        buttons[(at + (e.key === 'ArrowDown' ? 1 : buttons.length - 1)) % buttons.length]?.focus();
      }
    };
    const onAway = () => onClose(false);
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', onAway);
    window.addEventListener('blur', onAway);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', onAway);
      window.removeEventListener('blur', onAway);
    };
  }, [onClose]);

  const items: { key: TabMenuChoice; label: string; disabled?: boolean; danger?: boolean }[] = [
    { key: 'reload', label: t('tabs.reload') },
    { key: 'close', label: t('tabs.close') },
    { key: 'others', label: t('tabs.closeOthers'), disabled: !canOthers },
    { key: 'right', label: t('tabs.closeRight'), disabled: !canRight },
    { key: 'all', label: t('tabs.closeAll'), danger: true },
  ];

  return (
    <div
      ref={root}
      role="menu"
      aria-label={t('tabs.menu')}
      data-testid="tab-context-menu"
      style={{ left: pos.left, top: pos.top }}
      className="jy-pop-in fixed z-50 min-w-36 overflow-hidden rounded-lg border border-line bg-surface py-1 shadow-pop"
    >
      {items.map((item, i) => (
        <div key={item.key}>
          {i === 2 && <hr className="my-1 border-line" />}
          <button
            type="button"
            role="menuitem"
            disabled={item.disabled}
            data-choice={item.key}
            onClick={() => {
              onClose(true);
              onChoose(item.key);
            }}
            className={`flex w-full items-center px-3 py-1.5 text-left text-[13px] whitespace-nowrap transition-colors outline-none hover:bg-hover focus-visible:bg-hover disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent ${
              item.danger ? 'text-danger' : 'text-ink'
            }`}
          >
            {item.label}
          </button>
        </div>
      ))}
    </div>
  );
}
