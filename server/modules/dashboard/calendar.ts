const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a Date in server local time (the day part of the storage format). */
export const dayText = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The local day `n` days after (or before, n < 0) the given one. */
export const addDays = (d: Date, n: number): Date => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);

/** 'YYYY-MM' of the month `n` months after the given date's month. */
export const monthText = (d: Date, n = 0): string => {
  const m = new Date(d.getFullYear(), d.getMonth() + n, 1);
  return `${m.getFullYear()}-${pad(m.getMonth() + 1)}`;
};

/** Monday of the date's week (weeks start on Monday, as Chinese calendars do). */
export const mondayOf = (d: Date): Date => addDays(d, -((d.getDay() + 6) % 7));

/** Every local day from `from` to `to` inclusive, as 'YYYY-MM-DD'. */
export function daysBetween(from: Date, to: Date): string[] {
  const out: string[] = [];
  for (let d = addDays(from, 0); d <= to; d = addDays(d, 1)) out.push(dayText(d));
  return out;
}
