import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, MENU_ICONS } from '../shell/icons';
import { useDismiss } from '../shell/use-dismiss';
import { inputBaseClass, invalidInputClass } from './ui-classes';

/** Picks a menu icon from the console's set: the current one and its name on the button, a grid below it. */
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
  useDismiss(box, open, () => setOpen(false));
  return (
    <div ref={box} className="relative" data-jy-popover={open ? 'open' : undefined}>
      <button
        id={id}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className={`${inputBaseClass} flex w-full items-center gap-2 text-left ${invalid ? invalidInputClass : ''}`}
      >
        {value ? <Icon name={value} size={16} /> : null}
        <span className={`flex-1 truncate ${value ? '' : 'text-faint'}`}>{value || t('icon.choose')}</span>
      </button>
      {open && (
        <div
          role="listbox"
          aria-label={t('icon.choose')}
          className="absolute z-30 mt-1 grid w-72 grid-cols-6 gap-1 rounded-lg border border-line bg-surface p-2 shadow-panel"
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
