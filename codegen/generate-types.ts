import type { Entity, Field } from '../server/core/registry/entity-types.js';
import { dbNullable } from '../server/core/db/column-sql.js';

import { typeName } from '../server/core/registry/derive-names.js';

export { typeName };

const quote = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/**
 * The TypeScript type of a field's value on the wire, or with `stored` as its column holds it (`row-codec.ts`):
 * booleans as 0/1, JSON as text, enums not narrowed (the database does not enforce them), null where the column allows it.
 */
export function fieldType(field: Field, stored = false): string {
  const s = field.schema;
  let t: string;
  if (s['x-wire'] === 'string' && !stored) t = 'string';
  else if (s.enum && !stored)
    t = s.enum
      .filter((v) => v !== null)
      .map((v) => JSON.stringify(v))
      .join(' | ');
  else {
    switch (field.storage) {
      case 'integer':
      case 'number':
        t = 'number';
        break;
      case 'boolean':
        t = stored ? 'number' : 'boolean';
        break;
      case 'json': {
        if (stored) {
          t = 'string';
          break;
        }
        const types = Array.isArray(s.type) ? s.type : [s.type];
        const parts = [
          types.includes('array') ? 'unknown[]' : '',
          types.includes('object') ? 'Record<string, unknown>' : '',
        ].filter(Boolean);
        t = parts.join(' | ') || 'unknown';
        if (s['x-ref']?.multiple) t = 'number[]';
        break;
      }
      default:
        t = 'string';
    }
  }
  return (stored ? dbNullable(field) : field.nullable) ? `${t} | null` : t;
}

/** A one-line doc comment: the field's English label, money, dictionary, relation. */
export function doc(field: Field): string {
  const label = field.label?.en ?? field.name;
  const extra = [
    field.schema['x-money'] ? 'money in cents' : '',
    field.schema['x-dict'] ? `dictionary ${field.schema['x-dict']}` : '',
    field.schema['x-ref'] ? `id of ${field.schema['x-ref'].entity}` : '',
  ].filter(Boolean);
  return `  /** ${`${label}${extra.length ? ` (${extra.join('; ')})` : ''}`.replace(/\*\//g, '*\\/')} */\n`;
}

/** Record, add input, update input and page query of one entity. */
/** The type of a joined column: the related entity's field (null when no record is related), unknown when not among `entities`. */
function joinedType(j: Entity['joins'][number], entities: ReadonlyMap<string, Entity>): string {
  const field = entities.get(j.table)?.fieldMap.get(j.column);
  if (!field || field.secret) return 'unknown';
  const type = fieldType(field);
  return type.includes('null') ? type : `${type} | null`;
}

export function entityTypes(entity: Entity, entities: ReadonlyMap<string, Entity> = new Map()): string {
  const n = typeName(entity.prefix);
  const visible = entity.fields.filter((f) => !f.secret && f.name !== 'tenantId');
  const writable = entity.fields.filter((f) => !f.system && !f.readonly);
  const lines: string[] = [];
  lines.push(`/** ${entity.title.en} (${entity.prefix}): a record as page, list and info return it. */`);
  lines.push(`export interface ${n} {`);
  for (const f of visible) lines.push(`${doc(f)}  ${quote(f.name)}${f.virtual ? '?' : ''}: ${fieldType(f)};`);
  for (const j of entity.joins)
    lines.push(`  /** joined from ${j.table}.${j.column} */\n  ${quote(j.alias)}?: ${joinedType(j, entities)};`);
  lines.push('}', '');
  lines.push(`/** ${entity.title.en}: the body of ${entity.prefix}/add. */`);
  lines.push(`export interface ${n}AddInput {`);
  for (const f of writable)
    lines.push(
      `${doc(f)}  ${quote(f.name)}${f.required && f.schema.default === undefined ? '' : '?'}: ${fieldType(f)};`,
    );
  lines.push('}', '');
  lines.push(`/** ${entity.title.en}: the body of ${entity.prefix}/update (id and the fields to change). */`);
  lines.push(`export type ${n}UpdateInput = { id: number; revision?: number } & Partial<${n}AddInput>;`, '');
  lines.push(`/** ${entity.title.en}: the body of ${entity.prefix}/page (and list, without page and size). */`);
  lines.push(`export interface ${n}PageQuery {`);
  lines.push(
    '  page?: number;',
    '  size?: number;',
    `  order?: ${visible.map((f) => JSON.stringify(f.name)).join(' | ') || 'string'};`,
    "  sort?: 'asc' | 'desc';",
  );
  if (entity.fields.some((f) => f.search.includes('keyword')) || entity.joins.some((j) => j.keyword))
    lines.push('  /** matched as a substring of the keyword fields */\n  keyWord?: string;');
  for (const f of entity.fields) {
    const base = fieldType({ ...f, nullable: false });
    if (f.search.includes('range')) lines.push(`  ${quote(f.name)}?: [${base} | null, ${base} | null];`);
    else if (f.search.includes('in'))
      lines.push(`  ${quote(f.name)}?: ${base} | ${base.includes('|') ? `(${base})` : base}[];`);
    else if (f.search.some((m) => m === 'eq' || m === 'like')) lines.push(`  ${quote(f.name)}?: ${base};`);
  }
  lines.push('}', '');
  return lines.join('\n');
}

/** One .ts file with the types of every entity, and a map from prefix to record type. */
export function generateTypes(entities: Entity[]): string {
  const sorted = [...entities].sort((a, b) => a.prefix.localeCompare(b.prefix));
  const byPrefix = new Map(sorted.map((x) => [x.prefix, x]));
  return [
    '// Generated by `joinery types` from the entity schemas. Do not edit by hand: change the schema and run it again.',
    '',
    ...sorted.map((e) => entityTypes(e, byPrefix)),
    '/** Record type by entity prefix. */',
    'export interface Entities {',
    ...sorted.map((e) => `  ${JSON.stringify(e.prefix)}: ${typeName(e.prefix)};`),
    '}',
    '',
  ].join('\n');
}
