import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { datePattern, daysIn, iso, parseTime } from './date-text';

/** The month grid of a date field, with the time under it for a date and time, and today and clear. */
export function Calendar({
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
