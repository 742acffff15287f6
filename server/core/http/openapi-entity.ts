import type { Entity, Field } from '../registry/entity-types.js';
import { typeName } from '../registry/derive-names.js';

type JsonSchema = Record<string, unknown>;

const stripX = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(stripX);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !k.startsWith('x-'))
        .map(([k, v]) => [k, stripX(v)]),
    );
  return value;
};

/** Times on the wire: 'YYYY-MM-DD HH:mm:ss' (server/core/registry/schema-validator.ts), not RFC 3339's date-time. */
const WIRE_TIME = '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?$';

function fieldSchema(field: Field): JsonSchema {
  const s = stripX(field.schema) as JsonSchema;
  if (s.format === 'date-time') {
    delete s.format;
    s.pattern = WIRE_TIME;
    s.description = "'YYYY-MM-DD HH:mm:ss'";
  }
  if (field.schema.enum && field.nullable && !field.schema.enum.includes(null)) s.enum = [...field.schema.enum, null];
  if (field.label?.en) s.title = field.label.en;
  return s;
}

/** A field's value as replies send it: text where the schema says so (x-wire), else as written. */
function replySchema(field: Field): JsonSchema {
  const s = fieldSchema(field);
  if (field.schema['x-wire'] !== 'string') return s;
  const { minimum: _min, maximum: _max, ...rest } = s;
  return { ...rest, type: field.nullable ? ['string', 'null'] : 'string' };
}

/** A field's value without null (a search term). */
function termSchema(field: Field): JsonSchema {
  const s = fieldSchema(field);
  if (Array.isArray(s.type)) {
    const types = s.type.filter((t) => t !== 'null');
    s.type = types.length === 1 ? types[0] : types;
  }
  if (Array.isArray(s.enum)) s.enum = s.enum.filter((v) => v !== null);
  return s;
}

/**
 * The components of one entity: its record (as page, list and info return it: every column, joined columns optional),
 * the add and update bodies and the page query — the same shapes `joinery types` writes as TypeScript.
 */
export function entityComponents(entity: Entity, all: ReadonlyMap<string, Entity>): Record<string, JsonSchema> {
  const n = typeName(entity.prefix);
  const visible = entity.fields.filter((f) => !f.secret && f.name !== 'tenantId');
  const writable = entity.fields.filter((f) => !f.system && !f.readonly);
  const joined = Object.fromEntries(
    entity.joins.map((j) => {
      const field = all.get(j.table)?.fieldMap.get(j.column);
      const s = field && !field.secret ? termSchema(field) : {};
      return [j.alias, field ? { anyOf: [s, { type: 'null' }], title: `${j.table}.${j.column}` } : {}];
    }),
  );
  const search: Record<string, JsonSchema> = {};
  for (const f of entity.fields) {
    const t = termSchema(f);
    if (f.search.includes('range'))
      search[f.name] = {
        type: 'array',
        prefixItems: [{ anyOf: [t, { type: 'null' }] }, { anyOf: [t, { type: 'null' }] }],
        minItems: 2,
        maxItems: 2,
      };
    else if (f.search.includes('in')) search[f.name] = { anyOf: [t, { type: 'array', items: t }] };
    else if (f.search.some((m) => m === 'eq' || m === 'like')) search[f.name] = t;
  }
  const keyword = entity.fields.some((f) => f.search.includes('keyword')) || entity.joins.some((j) => j.keyword);
  return {
    [n]: {
      type: 'object',
      title: entity.title.en,
      properties: { ...Object.fromEntries(visible.map((f) => [f.name, replySchema(f)])), ...joined },
      required: visible.filter((f) => !f.virtual).map((f) => f.name),
    },
    [`${n}AddInput`]: {
      type: 'object',
      properties: Object.fromEntries(writable.map((f) => [f.name, fieldSchema(f)])),
      required: writable.filter((f) => f.required && f.schema.default === undefined).map((f) => f.name),
    },
    [`${n}UpdateInput`]: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        // The revision the caller loaded: another one now → merged, or 409 STALE_RECORD (issue 31).
        revision: { type: 'integer', minimum: 1 },
        ...Object.fromEntries(writable.map((f) => [f.name, fieldSchema(f)])),
      },
      required: ['id'],
    },
    [`${n}PageQuery`]: {
      type: 'object',
      properties: {
        page: { type: 'integer', minimum: 1 },
        size: { type: 'integer', minimum: 1 },
        order: { enum: visible.map((f) => f.name) },
        sort: { enum: ['asc', 'desc'] },
        ...(keyword
          ? { keyWord: { type: 'string', description: 'matched as a substring of the keyword fields' } }
          : {}),
        ...search,
      },
    },
  };
}

/** Whether a reply may be empty: the envelope then has no `data` (PROTOCOL §2.1 leaves out null). */
function mayBeEmpty(s: JsonSchema): boolean {
  if (Object.keys(s).length === 0) return true;
  if (s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null'))) return true;
  return ((s.anyOf ?? s.oneOf ?? []) as JsonSchema[]).some(mayBeEmpty);
}

/** The envelope of a successful reply: `data` required unless it may be empty (then left out). */
export const envelope = (data: JsonSchema | undefined): JsonSchema => ({
  type: 'object',
  required: data && !mayBeEmpty(data) ? ['code', 'message', 'data'] : ['code', 'message'],
  properties: { code: { type: 'integer', const: 1000 }, message: { type: 'string' }, ...(data ? { data } : {}) },
});
