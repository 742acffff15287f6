/** Money is stored in integer cents (scale 100) and shown in yuan with 2 decimals and the ¥ sign (SPEC §9). */

const CENTS = 100;

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 123456 → "1,234.56" (integer arithmetic: no float rounding). */
export function centsToYuan(cents: number, grouped = false): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / CENTS));
  const frac = String(abs % CENTS).padStart(2, '0');
  return `${sign}${grouped ? group(whole) : whole}.${frac}`;
}

/** 123456 → "¥1,234.56"; anything that is not a number is shown as it is. */
export function formatMoney(value: unknown): string {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return value === null || value === undefined ? '' : String(value);
  return `¥${centsToYuan(n, true)}`;
}

/** "1234.5" → 123450; undefined for text that is not an amount with at most 2 decimals. */
export function yuanToCents(text: string): number | undefined {
  const m = /^\s*(-)?(\d{1,13})(?:\.(\d{0,2}))?\s*$/.exec(text);
  if (!m) return undefined;
  const cents = Number(m[2]) * CENTS + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}
