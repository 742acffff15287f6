import type { ValidateFunction } from 'ajv';
import { badRequest, type FieldIssue } from '../errors.js';
import type { Entity, Field } from '../registry/entity-types.js';
import { createAjv, describeAjvError } from '../registry/schema-validator.js';
import type { Row } from '../db/row.js';
import { columnRange } from '../db/column-sql.js';
import { isCalendarDate, normalizeDateTime } from '../db/time.js';
import { checkSkuCells } from './sku-check.js';

const ajv = createAjv({ useDefaults: true });
const cache = new WeakMap<Entity, { add: ValidateFunction; update: ValidateFunction }>();

/** Fields a client may write (not system, not server-set). */
export function writableFields(entity: Entity): Field[] {
  return entity.fields.filter((f) => !f.system && !f.readonly);
}

function recordSchema(entity: Entity, withRequired: boolean) {
  const fields = writableFields(entity);
  const properties: Record<string, unknown> = {};
  for (const f of fields) {
    const { 'x-label': _label, ...rest } = f.schema;
    properties[f.name] = withRequired ? rest : { ...rest, default: undefined };
  }
  return {
    type: 'object',
    properties: JSON.parse(JSON.stringify(properties)) as Record<string, unknown>,
    required: withRequired ? fields.filter((f) => f.required).map((f) => f.name) : [],
  };
}

function validators(entity: Entity) {
  let v = cache.get(entity);
  if (!v) {
    v = { add: ajv.compile(recordSchema(entity, true)), update: ajv.compile(recordSchema(entity, false)) };
    cache.set(entity, v);
  }
  return v;
}

function fail(entity: Entity, validate: ValidateFunction, prefix = ''): never {
  const details: FieldIssue[] = (validate.errors ?? []).map((e) => {
    const d = describeAjvError(e);
    return { path: prefix + d.path, message: d.message };
  });
  const first = details[0];
  const field = entity.fieldMap.get(first.path.split('.').pop() ?? '');
  const label = field ? ` (${field.label.en})` : '';
  throw badRequest(`${first.path}${label}: ${first.message}`, details);
}

/** What the JSON Schema cannot say: the value must fit its column (range, decimal places) and a date must be a real one. */
function storageProblem(field: Field, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') {
    const range = columnRange(field);
    if (!range) return undefined;
    if (value < range.min || value > range.max) return `must be between ${range.min} and ${range.max}`;
    if (range.scale !== undefined) {
      const scaled = value * 10 ** range.scale;
      if (Math.abs(scaled - Math.round(scaled)) > 1e-6 * Math.max(1, Math.abs(scaled)))
        return `must have at most ${range.scale} decimal places`;
    }
    return undefined;
  }
  if (typeof value !== 'string') return undefined;
  if (field.storage === 'date' && !isCalendarDate(value)) return 'must be a real date (YYYY-MM-DD)';
  if (field.storage === 'datetime') {
    try {
      normalizeDateTime(value);
    } catch (e) {
      if (e instanceof RangeError) return 'must be a real date and time (YYYY-MM-DD HH:mm:ss)';
      throw e;
    }
  }
  return undefined;
}

function checkStorage(entity: Entity, row: Row, prefix: string): void {
  const details: FieldIssue[] = [];
  for (const [key, value] of Object.entries(row)) {
    const field = entity.fieldMap.get(key);
    const problem = field && storageProblem(field, value);
    if (problem) details.push({ path: prefix + key, message: problem });
  }
  if (details.length) {
    const field = entity.fieldMap.get(details[0].path.split('.').pop() ?? '');
    throw badRequest(`${details[0].path}${field ? ` (${field.label.en})` : ''}: ${details[0].message}`, details);
  }
}

/** Keeps only writable fields of a body; the protocol says unknown keys (module, prefix, …) are ignored. */
export function pickWritable(entity: Entity, body: Row): Row {
  const out: Row = {};
  for (const f of writableFields(entity))
    if (Object.hasOwn(body, f.name) && body[f.name] !== undefined) out[f.name] = asBoolean(f, body[f.name]);
  return out;
}

/** The original client's switches send on/off as 1/0 (its MySQL tinyint echoed back); a boolean field takes them (PROTOCOL §9). */
function asBoolean(field: Field, value: unknown): unknown {
  return field.storage === 'boolean' && (value === 0 || value === 1) ? value === 1 : value;
}

/** Validates a new record (defaults filled in); throws 400 with field details. */
export function validateNew(entity: Entity, body: Row, pathPrefix = ''): Row {
  const row = pickWritable(entity, body);
  checkSkuCells(entity, row, pathPrefix);
  const { add } = validators(entity);
  if (!add(row)) fail(entity, add, pathPrefix);
  checkStorage(entity, row, pathPrefix);
  return row;
}

/** Validates a partial update; throws 400 with field details. */
export function validatePatch(entity: Entity, body: Row): Row {
  const row = pickWritable(entity, body);
  checkSkuCells(entity, row);
  const { update } = validators(entity);
  if (!update(row)) fail(entity, update);
  checkStorage(entity, row, '');
  return row;
}

/** Ids are integer columns: anything above this cannot name a row (and PostgreSQL would refuse the comparison). */
const MAX_ID = 2147483647;

/** A positive integer id from a body or query value ("12" accepted from query strings). */
export function parseId(value: unknown, name = 'id'): number {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > MAX_ID) {
    throw badRequest(
      value === undefined || value === null || value === ''
        ? `查询参数[${name}]不存在`
        : `${name}: must be a whole number from 1 to ${MAX_ID}`,
      [{ path: name, message: `must be a whole number from 1 to ${MAX_ID}` }],
    );
  }
  return n;
}

/** Ids for delete: an array of positive integers (a single id or "1,2" text accepted too), at most 1000. */
export function parseIds(value: unknown, name = 'ids'): number[] {
  let list: unknown[];
  if (Array.isArray(value)) list = value;
  else if (typeof value === 'string') list = value.split(',').map((s) => s.trim());
  else if (typeof value === 'number') list = [value];
  else throw badRequest(`${name}: is required (an array of ids)`, [{ path: name, message: 'is required' }]);
  if (list.length === 0) throw badRequest(`${name}: must not be empty`, [{ path: name, message: 'must not be empty' }]);
  if (list.length > 1000)
    throw badRequest(`${name}: at most 1000 ids at once`, [{ path: name, message: 'too many ids' }]);
  return [...new Set(list.map((v, i) => parseId(v, `${name}.${i}`)))];
}
