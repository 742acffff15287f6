const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A Date as 'YYYY-MM-DD HH:mm:ss' in server local time (the wire and storage format). */
export function formatDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export const nowText = (): string => formatDateTime(new Date());

/** Accepts 'YYYY-MM-DD HH:mm[:ss]' or an ISO string and returns the storage form. */
export function normalizeDateTime(value: string): string {
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return value;
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(value)) return `${value}:00`;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new RangeError(`not a date-time: ${value}`);
  return formatDateTime(d);
}
