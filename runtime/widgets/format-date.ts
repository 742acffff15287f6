const pad = (n: number) => String(n).padStart(2, '0');

function localParts(d: Date): { date: string; time: string } {
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
  };
}

const PLAIN = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(:\d{2})?)?$/;

/**
 * Dates arrive as 'YYYY-MM-DD HH:mm:ss' (server local time) or as ISO strings (PROTOCOL §5.1); both are shown as
 * 'YYYY-MM-DD HH:mm:ss' (or 'YYYY-MM-DD' for dates). ISO strings with a zone are converted to local time.
 */
export function formatDate(value: unknown, withTime: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  const plain = PLAIN.exec(text);
  if (plain) return withTime && plain[2] ? `${plain[1]} ${plain[2]}${plain[3] ?? ':00'}` : plain[1];
  const d = new Date(text);
  if (Number.isNaN(d.getTime())) return text;
  const { date, time } = localParts(d);
  return withTime ? `${date} ${time}` : date;
}
