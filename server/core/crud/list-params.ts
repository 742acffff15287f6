import { appError, E, type ErrorEntry, fieldError, issue, type ParamValue } from '../errors.js';
import type { Entity, Field } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { encodeValue } from '../db/row-codec.js';
import { columnRange } from '../db/column-sql.js';

/**
 * The parameters of a page/list call read and checked, before any SQL: the body, which filters are present, each
 * filter value against its field's type, the keyword, and the order (whitelisted columns and join aliases).
 */

const MAX_KEYWORD = 200;

/** page/list arguments: a JSON object, or no body at all (a string, number or array is a client bug worth saying so). */
export function queryParams(body: unknown): Row {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw fieldError('body', E.QUERY_NOT_OBJECT);
  return body as Row;
}

/** Empty-string, null and missing filters are ignored (PROTOCOL §0). */
export const present = (v: unknown) =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Checks one filter value against the field's type; numeric text is accepted for numbers. */
export function filterValue(field: Field, value: unknown, param: string): unknown {
  const bad = (entry: ErrorEntry, params?: Record<string, ParamValue>) =>
    fieldError(param, entry as ErrorEntry<never>, params as Record<string, never>);
  switch (field.storage) {
    case 'integer':
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n) || (field.storage === 'integer' && !Number.isInteger(n)))
        throw bad(field.storage === 'integer' ? E.FIELD_WHOLE_NUMBER : E.FIELD_NUMBER);
      const range = columnRange(field);
      if (range && (n < range.min || n > range.max)) throw bad(E.FIELD_BETWEEN, { min: range.min, max: range.max });
      return n;
    }
    case 'boolean':
      if (value === true || value === 1 || value === '1' || value === 'true') return 1;
      if (value === false || value === 0 || value === '0' || value === 'false') return 0;
      throw bad(E.FIELD_BOOLEAN);
    default:
      if (typeof value !== 'string' && typeof value !== 'number') throw bad(E.FIELD_TEXT);
      if (String(value).length > 1000) throw bad(E.FIELD_TOO_LONG, { max: 1000 });
      try {
        return encodeValue(field, String(value));
      } catch (e) {
        if (e instanceof RangeError) throw bad(E.FIELD_DATETIME);
        throw e;
      }
  }
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** The keyword of a call, checked (text or a number, at most 200 characters); undefined when absent. */
export function keywordOf(params: Row): string | undefined {
  const raw = params.keyWord;
  if (!present(raw)) return undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number') throw fieldError('keyWord', E.FIELD_TEXT);
  const keyword = String(raw);
  if (keyword.length > MAX_KEYWORD) throw fieldError('keyWord', E.FIELD_TOO_LONG, { max: MAX_KEYWORD });
  return keyword;
}

/** Parses order/sort (comma lists allowed) against a whitelist of columns and join aliases. */
export function orderBy(entity: Entity, params: Row): { ref: string; dir: 'asc' | 'desc' }[] {
  const out: { ref: string; dir: 'asc' | 'desc' }[] = [];
  if (present(params.order)) {
    if (typeof params.order !== 'string') throw fieldError('order', E.ORDER_NOT_TEXT);
    const columns = params.order.split(',').map((s) => s.trim());
    const sortRaw =
      params.sort === undefined || params.sort === null || params.sort === '' ? columns.map(() => 'desc') : params.sort;
    if (typeof sortRaw !== 'string' && !Array.isArray(sortRaw))
      throw appError(E.SORT_INVALID, {}, [issue('sort', E.SORT_INVALID)]);
    const sorts = Array.isArray(sortRaw) ? sortRaw : sortRaw.split(',').map((s) => s.trim());
    if (sorts.length !== columns.length)
      throw appError(E.SORT_COUNT_MISMATCH, {}, [issue('sort', E.SORT_COUNT_MISMATCH)]);
    columns.forEach((column, i) => {
      const dir = String(sorts[i]).toLowerCase();
      if (dir !== 'asc' && dir !== 'desc') throw appError(E.SORT_INVALID, {}, [issue('sort', E.SORT_INVALID)]);
      const field = entity.fieldMap.get(column);
      const join = entity.joins.find((j) => j.alias === column);
      if (field && !field.secret && !field.virtual) out.push({ ref: `a.${column}`, dir });
      else if (join) out.push({ ref: `${join.joinAlias}.${join.column}`, dir });
      else throw fieldError('order', E.ORDER_COLUMN_UNKNOWN, { column: column.slice(0, 60), prefix: entity.prefix });
    });
  }
  for (const o of entity.order) out.push({ ref: `a.${o.column}`, dir: o.dir });
  out.push({ ref: 'a.id', dir: 'desc' });
  return out;
}
