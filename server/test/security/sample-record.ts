import type { Entity, Field, FieldSchema } from '../../core/registry/entity-types.js';
import { writableFields } from '../../core/crud/input-validation.js';
import type { Row } from '../../core/db/row.js';
import { seededRef } from '../support/record-arbitrary.js';
import { RECORD_FITS } from '../support/record-fits.js';

const nonNullTypes = (schema: FieldSchema) =>
  (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== 'null');

/** A text value that satisfies the field's length and pattern, unique per seq (unique columns never collide). */
function sampleText(schema: FieldSchema, seq: number): string {
  if (schema.format === 'date') return `2024-0${1 + (seq % 9)}-1${seq % 10}`;
  if (schema.format === 'date-time') return `2024-03-1${seq % 10} 0${seq % 10}:1${seq % 10}:2${seq % 10}`;
  if (schema.format === 'phone')
    return `13${String(seq).padStart(9, '0')}`.slice(0, Math.max(6, schema.maxLength ?? 20));
  if (schema.format === 'email') return `v${seq}@example.com`;
  const candidates = [`v${seq}`, `/v${seq}`, `k_${seq}`, `page:v${seq}`];
  const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined;
  const text = candidates.find((c) => !pattern || pattern.test(c)) ?? candidates[0];
  return text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 255);
}

/** One valid value for a field, derived from its JSON Schema only. */
export function sampleValue(field: Field, seq: number): unknown {
  const schema = field.schema;
  const enumValues = schema.enum?.filter((v) => v !== null);
  if (enumValues?.length) return enumValues[seq % enumValues.length];
  const type = nonNullTypes(schema)[0];
  switch (type) {
    case 'integer':
      return seededRef(field) ?? Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case 'number':
      return Math.min(Math.max(0.5, schema.minimum ?? 0.5), schema.maximum ?? 0.5);
    case 'boolean':
      return seq % 2 === 0;
    case 'array': {
      const itemType = (schema.items as { type?: string } | undefined)?.type;
      // Linked ids must name records that exist (the server checks them): a seeded record.
      const ref = seededRef(field);
      if (itemType === 'integer' && ref !== undefined) return [ref];
      return itemType === 'string' ? [`item${seq}`] : itemType === 'integer' ? [seq] : [];
    }
    case 'object':
      return {};
    default:
      return sampleText(schema, seq);
  }
}

/** A complete valid record of an entity (every writable field, optional ones too), unique per seq; cross-field rules made to hold. */
export function sampleRecord(entity: Entity, seq: number): Row {
  const record = Object.fromEntries(writableFields(entity).map((f) => [f.name, sampleValue(f, seq)]));
  const fitting = RECORD_FITS[entity.prefix];
  return fitting ? fitting(record) : record;
}
