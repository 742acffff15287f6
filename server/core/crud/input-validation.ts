import type { ValidateFunction } from 'ajv';
import { appError, E, fieldError, fieldsError, type Issue, issue, same, type Texts } from '../errors.js';
import type { Entity, Field } from '../registry/entity-types.js';
import { createAjv } from '../registry/schema-validator.js';
import { ajvIssue } from '../registry/ajv-issues.js';
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

/** A field's label in each language (the entity's fields are top-level: deeper paths have none). */
const labelsOf = (entity: Entity) => (segments: readonly string[]) =>
  segments.length === 1 ? entity.fieldMap.get(segments[0])?.label : undefined;

function fail(entity: Entity, validate: ValidateFunction, prefix = ''): never {
  const details = (validate.errors ?? []).map((e) => ajvIssue(e, labelsOf(entity), prefix));
  throw fieldsError(E.VALIDATION_FAILED, details);
}

/** What the JSON Schema cannot say: the value must fit its column (range, decimal places) and a date must be a real one. */
function storageProblem(field: Field, value: unknown, path: string): Issue | undefined {
  if (value === null || value === undefined) return undefined;
  const label: Texts = field.label ?? same(field.name);
  if (typeof value === 'number') {
    const range = columnRange(field);
    if (!range) return undefined;
    if (value < range.min || value > range.max)
      return issue(path, E.COLUMN_RANGE, { field: label, min: range.min, max: range.max });
    if (range.scale !== undefined) {
      const scaled = value * 10 ** range.scale;
      if (Math.abs(scaled - Math.round(scaled)) > 1e-6 * Math.max(1, Math.abs(scaled)))
        return issue(path, E.COLUMN_SCALE, { field: label, scale: range.scale });
    }
    return undefined;
  }
  if (typeof value !== 'string') return undefined;
  if (field.storage === 'date' && !isCalendarDate(value)) return issue(path, E.NOT_A_DATE, { field: label });
  if (field.storage === 'datetime') {
    try {
      normalizeDateTime(value);
    } catch (e) {
      if (e instanceof RangeError) return issue(path, E.NOT_A_DATETIME, { field: label });
      throw e;
    }
  }
  return undefined;
}

function checkStorage(entity: Entity, row: Row, prefix: string): void {
  const details: Issue[] = [];
  for (const [key, value] of Object.entries(row)) {
    const field = entity.fieldMap.get(key);
    const problem = field && storageProblem(field, value, prefix + key);
    if (problem) details.push(problem);
  }
  if (details.length) throw fieldsError(E.VALIDATION_FAILED, details);
}

/** Keeps only writable fields of a body; the protocol says unknown keys (module, prefix, …) are ignored. */
export function pickWritable(entity: Entity, body: Row): Row {
  const out: Row = {};
  for (const f of writableFields(entity))
    if (Object.hasOwn(body, f.name) && body[f.name] !== undefined)
      out[f.name] = emptyAsNone(f, asBoolean(f, body[f.name]));
  return out;
}

/** Contact formats whose "" means "none" (wire-formats.ts): stored as null when the column takes null, so two
 * records without a phone do not collide on a unique phone column. */
const EMPTY_MEANS_NONE = new Set(['phone', 'email']);

export function emptyAsNone(field: Field, value: unknown): unknown {
  return value === '' && field.nullable && EMPTY_MEANS_NONE.has(field.schema.format ?? '') ? null : value;
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
    const detail = issue(name, E.FIELD_WHOLE_BETWEEN, { min: 1, max: MAX_ID });
    if (value === undefined || value === null || value === '') throw appError(E.ID_MISSING, { name }, [detail]);
    throw fieldError(name, E.FIELD_WHOLE_BETWEEN, { min: 1, max: MAX_ID });
  }
  return n;
}

/** Ids for delete: an array of positive integers (a single id or "1,2" text accepted too), at most 1000. */
export function parseIds(value: unknown, name = 'ids'): number[] {
  let list: unknown[];
  if (Array.isArray(value)) list = value;
  else if (typeof value === 'string') list = value.split(',').map((s) => s.trim());
  else if (typeof value === 'number') list = [value];
  else throw fieldError(name, E.FIELD_ID_LIST);
  if (list.length === 0) throw fieldError(name, E.FIELD_NOT_EMPTY);
  if (list.length > 1000) throw fieldError(name, E.IDS_TOO_MANY, { max: 1000 });
  return [...new Set(list.map((v, i) => parseId(v, `${name}.${i}`)))];
}
