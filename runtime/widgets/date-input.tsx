import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../shell/icons';
import { useDismiss } from '../shell/use-dismiss';

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

type Ymd = { y: number; m: number; d: number };
const pad = (n: number) => String(n).padStart(2, '0');
const iso = ({ y, m, d }: Ymd) => `${y}-${pad(m)}-${pad(d)}`;
const daysIn = (y: number, m: number) => new Date(y, m, 0).getDate();

function valid(y: number, m: number, d: number): Ymd | null {
  return y >= 1000 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m) ? { y, m, d } : null;
}

/** Month-first in English, year-first otherwise. */
export function datePattern(lang: string): 'mdy' | 'ymd' {
  return lang.startsWith('en') ? 'mdy' : 'ymd';
}

export function formatDay(value: string, lang: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  return datePattern(lang) === 'mdy' ? `${m[2]}/${m[3]}/${m[1]}` : `${m[1]}-${m[2]}-${m[3]}`;
}

/** What a person typed, read in the language's order; ISO (year first, 4 digits) is always understood. */
export function parseDay(text: string, lang: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(t);
  if (m) return valid(+m[1], +m[2], +m[3]) ? iso({ y: +m[1], m: +m[2], d: +m[3] }) : null;
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (m) return valid(+m[1], +m[2], +m[3]) ? iso({ y: +m[1], m: +m[2], d: +m[3] }) : null;
  m = /^(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4})$/.exec(t);
  if (m && datePattern(lang) === 'mdy')
    return valid(+m[3], +m[1], +m[2]) ? iso({ y: +m[3], m: +m[1], d: +m[2] }) : null;
  return null;
}

function parseTime(text: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m || +m[1] > 23 || +m[2] > 59 || +(m[3] ?? 0) > 59) return null;
  return `${pad(+m[1])}:${m[2]}:${m[3] ?? '00'}`;
}

function display(value: string | undefined, withTime: boolean, lang: string): string {
  if (!value) return '';
  const day = formatDay(value.slice(0, 10), lang);
  if (!withTime) return day;
  const time = /[ T](\d{2}:\d{2})(:\d{2})?/.exec(value);
  return `${day} ${time ? `${time[1]}${time[2] ?? ':00'}` : '00:00:00'}`;
}

function parse(text: string, withTime: boolean, lang: string): string | null {
  const t = text.trim();
  if (!withTime) return parseDay(t, lang);
  const at = t.search(/\s\d{1,2}:\d{2}/);
  const day = parseDay(at < 0 ? t : t.slice(0, at), lang);
  const time = at < 0 ? '00:00:00' : parseTime(t.slice(at));
  return day && time ? `${day} ${time}` : null;
}

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

function Calendar({
  id,
  value,
  withTime,
  min,
  max,
  lang,
  onPick,
  onClear,
}: {
  id: string;
  value: string | undefined;
  withTime: boolean;
  min?: string;
  max?: string;
  lang: string;
  onPick: (value: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('common');
  const now = new Date();
  const today = iso({ y: now.getFullYear(), m: now.getMonth() + 1, d: now.getDate() });
  const picked = value?.slice(0, 10);
  const [view, setView] = useState(() => {
    const from = picked ?? today;
    return { y: +from.slice(0, 4), m: +from.slice(5, 7) };
  });
  const [time, setTime] = useState(() => /[ T](\d{2}:\d{2}:\d{2})/.exec(value ?? '')?.[1] ?? '00:00:00');
  const timeOk = !withTime || parseTime(time) !== null;
  const mondayFirst = datePattern(lang) === 'ymd';
  const weekdays = useMemo(() => {
    const f = new Intl.DateTimeFormat(lang, { weekday: 'narrow' });
    // 2024-01-07 is a Sunday.
    return Array.from({ length: 7 }, (_, i) => f.format(new Date(2024, 0, 7 + i + (mondayFirst ? 1 : 0))));
  }, [lang, mondayFirst]);
  const title = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long' }).format(
    new Date(view.y, view.m - 1, 1),
  );
  const lead = (new Date(view.y, view.m - 1, 1).getDay() + (mondayFirst ? 6 : 0)) % 7;
  const cells: (string | null)[] = [
    ...Array<null>(lead).fill(null),
    ...Array.from({ length: daysIn(view.y, view.m) }, (_, i) => iso({ y: view.y, m: view.m, d: i + 1 })),
  ];
  const step = (months: number) =>
    setView(({ y, m }) => {
      const n = y * 12 + (m - 1) + months;
      return { y: Math.floor(n / 12), m: (n % 12) + 1 };
    });
  const out = (day: string) => Boolean((min && day < min.slice(0, 10)) || (max && day > max.slice(0, 10)));
  const pick = (day: string) => {
    if (!out(day) && timeOk) onPick(withTime ? `${day} ${parseTime(time)}` : day);
  };
  const nav = 'rounded px-1.5 py-0.5 text-muted hover:bg-hover hover:text-ink';

  return (
    <div
      id={id}
      role="dialog"
      aria-label={t('date.pick')}
      data-testid="date-calendar"
      className="jy-pop-in absolute top-full left-0 z-50 mt-1 w-64 rounded-lg border border-line bg-surface p-2 text-[13px] shadow-pop"
    >
      <div className="mb-1 flex items-center justify-between">
        <div className="flex">
          <button type="button" className={nav} aria-label={t('date.prevYear')} onClick={() => step(-12)}>
            «
          </button>
          <button type="button" className={nav} aria-label={t('date.prevMonth')} onClick={() => step(-1)}>
            ‹
          </button>
        </div>
        <span className="font-medium text-ink" aria-live="polite">
          {title}
        </span>
        <div className="flex">
          <button type="button" className={nav} aria-label={t('date.nextMonth')} onClick={() => step(1)}>
            ›
          </button>
          <button type="button" className={nav} aria-label={t('date.nextYear')} onClick={() => step(12)}>
            »
          </button>
        </div>
      </div>
      <div className="grid grid-cols-7 text-center text-xs text-faint">
        {weekdays.map((w, i) => (
          <span key={i} className="py-1">
            {w}
          </span>
        ))}
      </div>
      <div className="grid grid-cols-7 gap-0.5 text-center">
        {cells.map((day, i) =>
          day === null ? (
            <span key={`e${i}`} />
          ) : (
            <button
              key={day}
              type="button"
              data-day={day}
              disabled={out(day)}
              aria-pressed={day === picked}
              aria-label={day}
              onClick={() => pick(day)}
              className={`h-7 rounded tabular-nums transition-colors disabled:cursor-not-allowed disabled:opacity-30 ${
                day === picked
                  ? 'bg-primary font-medium text-on-primary'
                  : day === today
                    ? 'text-primary ring-1 ring-primary-7 hover:bg-hover'
                    : 'text-ink hover:bg-hover'
              }`}
            >
              {+day.slice(8)}
            </button>
          ),
        )}
      </div>
      {withTime && (
        <label className="mt-2 flex items-center gap-2 border-t border-line pt-2 text-muted">
          {t('date.time')}
          <input
            type="text"
            value={time}
            onChange={(e) => setTime(e.target.value)}
            aria-invalid={!timeOk || undefined}
            className={`h-7 w-24 rounded-md border bg-surface px-2 text-ink tabular-nums ${timeOk ? 'border-line' : 'border-danger'}`}
          />
        </label>
      )}
      <div className="mt-2 flex justify-between border-t border-line pt-2">
        <button
          type="button"
          className="text-primary hover:underline disabled:opacity-40"
          disabled={out(today)}
          onClick={() => pick(today)}
        >
          {t('date.today')}
        </button>
        <button type="button" className="text-muted hover:text-ink" onClick={onClear}>
          {t('date.clear')}
        </button>
      </div>
    </div>
  );
}
