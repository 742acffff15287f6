/**
 * Dates as people write them in each interface language (2026-11-24 in Chinese, 11/24/2026 in English, time 24-hour)
 * and as the server stores them ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss'): shown, and read back from what was typed.
 */
export type Ymd = { y: number; m: number; d: number };
export const pad = (n: number) => String(n).padStart(2, '0');
export const iso = ({ y, m, d }: Ymd) => `${y}-${pad(m)}-${pad(d)}`;
export const daysIn = (y: number, m: number) => new Date(y, m, 0).getDate();

export function valid(y: number, m: number, d: number): Ymd | null {
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

export function parseTime(text: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m || +m[1] > 23 || +m[2] > 59 || +(m[3] ?? 0) > 59) return null;
  return `${pad(+m[1])}:${m[2]}:${m[3] ?? '00'}`;
}

export function display(value: string | undefined, withTime: boolean, lang: string): string {
  if (!value) return '';
  const day = formatDay(value.slice(0, 10), lang);
  if (!withTime) return day;
  const time = /[ T](\d{2}:\d{2})(:\d{2})?/.exec(value);
  return `${day} ${time ? `${time[1]}${time[2] ?? ':00'}` : '00:00:00'}`;
}

export function parse(text: string, withTime: boolean, lang: string): string | null {
  const t = text.trim();
  if (!withTime) return parseDay(t, lang);
  const at = t.search(/\s\d{1,2}:\d{2}/);
  const day = parseDay(at < 0 ? t : t.slice(0, at), lang);
  const time = at < 0 ? '00:00:00' : parseTime(t.slice(at));
  return day && time ? `${day} ${time}` : null;
}
