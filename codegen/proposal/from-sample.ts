import type { FieldKind, ProposalField } from './proposal-types.js';
import { ProposalError } from './proposal-types.js';
import { toFieldName } from './names.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const IMAGE = /^(https?:\/\/|\/).*\.(png|jpe?g|gif|webp|svg)(\?.*)?$/i;

/** The field kind a sample value suggests (a name ending in Id, Price, Url… refines it). */
export function kindOfValue(name: string, value: unknown): FieldKind {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') {
    if (/(price|amount|credit|money|cost|fee|total)$/i.test(name) && Number.isInteger(value)) return 'money';
    return Number.isInteger(value) ? 'integer' : 'number';
  }
  if (value !== null && typeof value === 'object') return 'json';
  if (typeof value === 'string') {
    if (DATE.test(value)) return 'date';
    if (DATETIME.test(value)) return 'datetime';
    if (IMAGE.test(value) || /(logo|image|img|avatar|photo|picture)$/i.test(name)) return 'image';
    if (value.length > 255 || /<\/?[a-z][^>]*>/i.test(value)) return value.includes('<') ? 'richtext' : 'text';
    return 'string';
  }
  return 'string';
}

/** Fields from one pasted sample record ({"name": "Acme", "phone": "…", "credit": 1200}); system fields are skipped. */
export function fieldsFromSample(text: string): ProposalField[] {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (e) {
    throw new ProposalError([{ path: 'sample', message: `is not valid JSON (${(e as Error).message})` }]);
  }
  if (Array.isArray(record)) record = record[0];
  if (record === null || typeof record !== 'object' || Array.isArray(record))
    throw new ProposalError([{ path: 'sample', message: 'must be one JSON object (a record)' }]);
  const fields: ProposalField[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (['id', 'createTime', 'updateTime', 'tenantId'].includes(key)) continue;
    const name = toFieldName(key) ?? key;
    const type = /Id$/.test(name) && Number.isInteger(value) ? 'integer' : kindOfValue(name, value);
    const field: ProposalField = { name, label: key, type, required: value !== null && value !== '' };
    if (type === 'string' && typeof value === 'string')
      field.length = Math.max(50, Math.min(255, 2 ** Math.ceil(Math.log2(value.length * 2 + 1))));
    fields.push(field);
  }
  return fields;
}
