const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A Date as 'YYYY-MM-DD HH:mm:ss' in server local time (the wire and storage format). */
export function formatDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

let textSecond = -1;
let secondText = '';

/** Now as 'YYYY-MM-DD HH:mm:ss' (formatted once per second: every request's log row asks for it). */
export function nowText(): string {
  const ms = Date.now();
  const second = Math.floor(ms / 1000);
  if (second !== textSecond) {
    secondText = formatDateTime(new Date(ms));
    textSecond = second;
  }
  return secondText;
}

/** True for a real calendar day ('2024-02-30' and '2024-13-01' are not). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** Accepts 'YYYY-MM-DD HH:mm[:ss]' or an ISO string and returns the storage form; RangeError when it is no real moment. */
export function normalizeDateTime(value: string): string {
  const local = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (local) {
    // Stored as text, so an impossible clock time would be kept and sorted as if it were real.
    if (!isCalendarDate(local[1]) || Number(local[2]) > 23 || Number(local[3]) > 59 || Number(local[4] ?? 0) > 59)
      throw new RangeError(`not a date-time: ${value}`);
    return local[4] === undefined ? `${value}:00` : value;
  }
  const d = new Date(value);
  if (!isCalendarDate(value.slice(0, 10)) || Number.isNaN(d.getTime()) || d.getFullYear() < 1 || d.getFullYear() > 9999)
    throw new RangeError(`not a date-time: ${value}`);
  return formatDateTime(d);
}

/** The moment a stored 'YYYY-MM-DD HH:mm:ss' (server local time) names. */
export function parseDateTime(value: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!m) throw new RangeError(`not a stored date-time: ${value}`);
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}
