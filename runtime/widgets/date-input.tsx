import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../shell/icons';
import { useDismiss } from '../shell/use-dismiss';
import { Calendar } from './calendar';
import { datePattern, display, parse } from './date-text';

/**
 * A date (or date and time) field written in the interface language's format — 2026-11-24 in Chinese, 11/24/2026 in
 * English, time always 24-hour — with a calendar to pick from. The browser's own date input follows the browser's
 * locale instead, which showed mm/dd/yyyy in the Chinese interface. Values in and out are what the server stores:
 * 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss'.
 */
export type DateInputProps = {
  id?: string;
  value: string | undefined;
  withTime?: boolean;
  min?: string;
  max?: string;
  onChange: (value: string | undefined) => void;
  ariaLabel?: string;
  required?: boolean;
  /** Id of the text (an error) that describes the field. */
  describedBy?: string;
  className?: string;
  disabled?: boolean;
  readOnly?: boolean;
  invalid?: boolean;
};

export function DateInput({
  id,
  value,
  withTime = false,
  min,
  max,
  onChange,
  ariaLabel,
  className = '',
  disabled,
  readOnly,
  invalid,
  required,
  describedBy,
}: DateInputProps) {
  const { t, i18n } = useTranslation('common');
  const lang = i18n.language;
  const shown = display(value, withTime, lang);
  const [text, setText] = useState(shown);
  const [wrong, setWrong] = useState(false);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const popId = useId();
  useEffect(() => {
    setText(shown);
    setWrong(false);
  }, [shown]);

  const commit = (raw: string) => {
    if (!raw.trim()) {
      setWrong(false);
      if (value) onChange(undefined);
      return;
    }
    const next = parse(raw, withTime, lang);
    const day = next?.slice(0, 10);
    if (!next || (min && day! < min.slice(0, 10)) || (max && day! > max.slice(0, 10))) {
      setWrong(true);
      return;
    }
    setWrong(false);
    setText(display(next, withTime, lang));
    if (next !== value) onChange(next);
  };

  useDismiss(root, open, () => setOpen(false));

  const placeholder = `${datePattern(lang) === 'mdy' ? t('date.mdy') : t('date.ymd')}${withTime ? ' hh:mm:ss' : ''}`;
  const locked = disabled || readOnly;
  return (
    <div ref={root} className="relative min-w-0 flex-1">
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        placeholder={placeholder}
        aria-label={ariaLabel}
        aria-invalid={invalid || wrong || undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        title={wrong ? t('date.invalid', { pattern: placeholder }) : undefined}
        disabled={disabled}
        readOnly={readOnly}
        data-date-input={withTime ? 'datetime' : 'date'}
        className={`${className} w-full pr-7 ${wrong ? 'border-danger' : ''}`}
        onChange={(e) => {
          setText(e.target.value);
          setWrong(false);
        }}
        onBlur={() => commit(text)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(text);
          if (e.key === 'ArrowDown' && e.altKey) setOpen(true);
        }}
      />
      <button
        type="button"
        tabIndex={-1}
        disabled={locked}
        aria-label={t('date.pick')}
        aria-expanded={open}
        aria-controls={open ? popId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-0.5 text-faint hover:text-ink disabled:opacity-40"
      >
        <Icon name="calendar" size={14} />
      </button>
      {open && (
        <Calendar
          id={popId}
          value={value}
          withTime={withTime}
          min={min}
          max={max}
          lang={lang}
          onPick={(v) => {
            setOpen(false);
            onChange(v);
          }}
          onClear={() => {
            setOpen(false);
            onChange(undefined);
          }}
        />
      )}
    </div>
  );
}
