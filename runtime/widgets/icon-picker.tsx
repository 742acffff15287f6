import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, MENU_ICONS } from '../shell/icons';
import { useDismiss } from '../shell/use-dismiss';
import { inputBaseClass, invalidInputClass } from './ui-classes';

/**
 * Picks a menu icon from the console's set: the current one and its name on the button, a grid below it (above it when
 * there is no room below). The grid is fixed to the window, so a dialog's scrolling body does not clip it; inside a
 * dialog (whose panel is transformed, so it holds fixed descendants) it is placed from the panel's corner.
 */
export function IconPicker({
  id,
  value,
  onChange,
  invalid,
}: {
  id?: string;
  value: string;
  onChange: (icon: string) => void;
  invalid?: boolean;
}) {
  const { t } = useTranslation('entity');
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<CSSProperties>({ visibility: 'hidden' });
  useDismiss(box, open, () => setOpen(false));
  useLayoutEffect(() => {
    if (!open || !button.current || !grid.current) return;
    const at = button.current.getBoundingClientRect();
    const height = grid.current.offsetHeight;
    const frame = button.current.closest('[role="dialog"],[role="alertdialog"]')?.getBoundingClientRect();
    const below = at.bottom + 4 + height <= window.innerHeight - 4 || at.top - 4 - height < 4;
    const top = below ? at.bottom + 4 : at.top - 4 - height;
    setPlace({ position: 'fixed', left: at.left - (frame?.left ?? 0), top: top - (frame?.top ?? 0) });
  }, [open]);
  return (
    <div ref={box} className="relative" data-jy-popover={open ? 'open' : undefined}>
      <button
        ref={button}
        id={id}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => {
          setPlace({ visibility: 'hidden' });
          setOpen((o) => !o);
        }}
        className={`${inputBaseClass} flex w-full items-center gap-2 text-left ${invalid ? invalidInputClass : ''}`}
      >
        {value ? <Icon name={value} size={16} /> : null}
        <span className={`flex-1 truncate ${value ? '' : 'text-faint'}`}>{value || t('icon.choose')}</span>
      </button>
      {open && (
        <div
          ref={grid}
          role="listbox"
          aria-label={t('icon.choose')}
          style={place}
          className="z-30 grid w-72 grid-cols-6 gap-1 rounded-lg border border-line bg-surface p-2 shadow-panel"
        >
          {MENU_ICONS.map((name) => (
            <button
              key={name}
              type="button"
              role="option"
              aria-selected={name === value}
              title={name}
              aria-label={name}
              onClick={() => {
                onChange(name);
                setOpen(false);
              }}
              className={`flex h-10 items-center justify-center rounded-md border ${name === value ? 'border-primary bg-primary-9 text-primary' : 'border-transparent text-muted hover:bg-hover hover:text-ink'}`}
            >
              <Icon name={name} size={18} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
