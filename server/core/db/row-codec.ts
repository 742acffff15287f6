import type { Entity, Field } from '../registry/entity-types.js';
import type { Row } from './row.js';
import { normalizeDateTime } from './time.js';
import { getOrSet } from '../get-or-set.js';

/** Wire value → stored value (booleans 0/1, JSON as text, times normalized). */
export function encodeValue(field: Field, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  switch (field.storage) {
    case 'boolean':
      return value ? 1 : 0;
    case 'json':
      return JSON.stringify(value);
    case 'datetime':
      return normalizeDateTime(String(value));
    default:
      return value;
  }
}

/** Stored value → wire value. */
export function decodeValue(field: Field, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (field.storage) {
    case 'boolean':
      return Boolean(Number(value));
    case 'integer':
    case 'number':
      return Number(value);
    case 'json': {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        // A value written outside Joinery that is not JSON is shown as the text it is.
        return value;
      }
    }
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

/** Encodes the known, writable fields of a wire row. */
export function encodeRow(entity: Entity, row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    const field = entity.fieldMap.get(key);
    if (field && !field.virtual) out[key] = encodeValue(field, value);
  }
  return out;
}

/** Decodes a database row for clients: secret fields removed, joined columns passed through. */
export function decodeRow(entity: Entity, row: Row, options: { keepSecrets?: boolean } = {}): Row {
  const out: Row = {};
  // Rows come from the driver as plain objects: for…in walks their own keys without building an entries array.
  for (const key in row) {
    const value = row[key];
    const field = entity.fieldMap.get(key);
    if (!field) {
      out[key] = value;
      continue;
    }
    if (field.secret && !options.keepSecrets) continue;
    if (field.name === 'tenantId') continue;
    out[key] = decodeValue(field, value);
  }
  return out;
}

/** Per entity: whether its rows hold fields decodeRow drops (secrets, tenant), so they must be copied. */
const dropsFields = new WeakMap<Entity, boolean>();

/**
 * decodeRow for rows just read from the database and owned by the caller alone (a page's or list's rows): the same
 * result, converted in place — no copy of each row — when the entity has no field to drop (secrets, tenant).
 */
export function decodeFreshRows(entity: Entity, rows: Row[]): Row[] {
  const drops = getOrSet(dropsFields, entity, () => entity.fields.some((f) => f.secret || f.name === 'tenantId'));
  if (drops) return rows.map((r) => decodeRow(entity, r));
  for (const row of rows) {
    for (const field of entity.fields) {
      const value = row[field.name];
      if (value === undefined && !(field.name in row)) continue;
      const decoded = decodeValue(field, value);
      if (decoded !== value) row[field.name] = decoded;
    }
  }
  return rows;
}
