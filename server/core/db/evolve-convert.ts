import type { Field } from '../registry/entity-types.js';
import { columnRange, columnSqlType } from './column-sql.js';

/**
 * What an admin decides for a change that touches data (the change plan, evolve-plan.ts):
 * - `convert`: apply it; a value that does not fit the new type is shortened (a string too long) or emptied, and its
 *   old value is kept (joinery_kept_value) until purged;
 * - `refuse`: do not apply the plan; the rows that do not fit are listed;
 * - `yuan` / `cents` (an integer becoming money): 250 means ¥250.00 (stored ×100) or 250 cents (¥2.50, stored as is).
 */
export type Choice = 'convert' | 'refuse' | 'yuan' | 'cents';
export const CHOICES: readonly Choice[] = ['convert', 'refuse', 'yuan', 'cents'];

/** A field's kind as the plan names it: money, integer, number, boolean, date, datetime, json, text or string(n). */
export function kindName(field: Field): string {
  if (field.schema['x-money'] === true) return 'money';
  switch (field.storage) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'boolean':
    case 'json':
    case 'date':
    case 'datetime':
      return field.storage;
    default:
      return field.columnType === 'text' ? 'text' : `string(${field.schema.maxLength ?? 255})`;
  }
}

/** Two fields stored alike: the same SQL type on every dialect and the same meaning (money or not). */
export function sameStorage(a: Field, b: Field): boolean {
  return (
    kindName(a) === kindName(b) &&
    sqlTypeText(a) === sqlTypeText(b) &&
    (a.schema.maxLength ?? null) === (b.schema.maxLength ?? null)
  );
}

function sqlTypeText(field: Field): string {
  return ['sqlite', 'postgres', 'mysql']
    .map((d) => JSON.stringify(columnSqlType(field, d as 'sqlite').toOperationNode()))
    .join('|');
}

/** An integer becoming money needs the admin to say what 250 meant. */
export const isIntegerToMoney = (from: Field, to: Field) =>
  from.storage === 'integer' && from.schema['x-money'] !== true && to.schema['x-money'] === true;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?$/;
const INTEGER_TEXT = /^-?(0|[1-9]\d*)$/;
const DECIMAL_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** A stored value as what it means: numbers in display units (money in yuan), booleans, text. */
function meaning(value: unknown, from: Field): number | boolean | string {
  if (from.schema['x-money'] === true) return Number(value) / 100;
  switch (from.storage) {
    case 'integer':
    case 'number':
      return Number(value);
    case 'boolean':
      return Number(value) === 1 || value === true;
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

/** Number of decimals of a finite number as written in shortest form. */
const decimals = (n: number) => (String(n).split('.')[1] ?? '').replace(/e.*$/, '').length;

export type Converted = { ok: true; value: unknown } | { ok: false; reason: string; value?: unknown };

/**
 * One stored value of `from` as a stored value of `to`, or why it does not fit (a text too long, a number with
 * decimals for an integer, '010' that a number would turn into 10, a date that is not one…). `value` of a failure is
 * what `convert` stores instead (the text shortened; otherwise empty). Exact: a value converts only when nothing of it
 * is lost.
 */
export function convertValue(raw: unknown, from: Field, to: Field, choice?: Choice): Converted {
  if (raw === null || raw === undefined) return { ok: true, value: null };
  if (isIntegerToMoney(from, to) && choice === 'cents') return withinRange(Number(raw), to);
  const v = meaning(raw, from);
  if (to.schema['x-money'] === true) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && DECIMAL_TEXT.test(v.trim()) ? Number(v) : Number.NaN;
    if (!Number.isFinite(n)) return { ok: false, reason: 'not a number' };
    if (decimals(n) > 2) return { ok: false, reason: 'more than 2 decimals' };
    if (n < 0) return { ok: false, reason: 'negative' };
    return withinRange(Math.round(n * 100), to);
  }
  switch (to.storage) {
    case 'integer': {
      const n =
        typeof v === 'number'
          ? v
          : typeof v === 'boolean'
            ? Number(v)
            : INTEGER_TEXT.test(v.trim())
              ? Number(v.trim())
              : Number.NaN;
      if (!Number.isInteger(n)) return { ok: false, reason: 'not a whole number' };
      return withinRange(n, to);
    }
    case 'number': {
      const n =
        typeof v === 'number' ? v : typeof v === 'string' && DECIMAL_TEXT.test(v.trim()) ? Number(v) : Number.NaN;
      if (!Number.isFinite(n)) return { ok: false, reason: 'not a number' };
      return withinRange(n, to);
    }
    case 'boolean': {
      const s = String(v).trim().toLowerCase();
      if (['1', 'true'].includes(s)) return { ok: true, value: 1 };
      if (['0', 'false'].includes(s)) return { ok: true, value: 0 };
      return { ok: false, reason: 'not true or false' };
    }
    case 'date': {
      const s = String(v).trim();
      if (DATE.test(s)) return { ok: true, value: s };
      const m = DATETIME.exec(s);
      if (m && /^00:00(:00)?$/.test(m[2])) return { ok: true, value: m[1] };
      return { ok: false, reason: m ? 'has a time of day' : 'not a date' };
    }
    case 'datetime': {
      const s = String(v).trim();
      if (DATE.test(s)) return { ok: true, value: `${s} 00:00:00` };
      const m = DATETIME.exec(s);
      if (m) return { ok: true, value: `${m[1]} ${m[2].length === 5 ? `${m[2]}:00` : m[2]}` };
      return { ok: false, reason: 'not a date and time' };
    }
    case 'json': {
      if (typeof v !== 'string') return { ok: false, reason: 'not JSON' };
      try {
        const parsed: unknown = JSON.parse(v);
        if (typeof parsed === 'object' && parsed !== null) return { ok: true, value: v };
      } catch {
        // falls through
      }
      return { ok: false, reason: 'not a JSON object or list' };
    }
    default: {
      const text = String(v);
      const max = to.schema.maxLength ?? 255;
      if ([...text].length > max)
        return { ok: false, reason: `longer than ${max}`, value: [...text].slice(0, max).join('') };
      return { ok: true, value: text };
    }
  }
}

function withinRange(n: number, to: Field): Converted {
  const range = columnRange(to);
  if (range && (n < range.min || n > range.max)) return { ok: false, reason: 'out of range' };
  if (range?.scale !== undefined && decimals(n) > range.scale)
    return { ok: false, reason: `more than ${range.scale} decimals` };
  return { ok: true, value: n };
}
