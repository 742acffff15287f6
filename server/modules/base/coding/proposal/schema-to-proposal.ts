import { namesFromPrefix } from '../../../../core/registry/derive-names.js';
import {
  PERMISSIONS,
  type DictEntry,
  type FieldKind,
  type Label,
  type Permission,
  type Proposal,
  type ProposalField,
  type SearchKind,
} from './proposal-types.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The proposal kind a property of an entity schema was made from (the inverse of proposalToSchema's field mapping). */
function kindOf(p: Record<string, unknown>): FieldKind {
  const types = (Array.isArray(p.type) ? p.type : [p.type]).filter((t) => t !== 'null');
  const widget = isObject(p['x-ui']) ? p['x-ui'].widget : undefined;
  if (p['x-money'] === true) return 'money';
  if (types.includes('object') || types.includes('array')) return 'json';
  if (types.includes('boolean')) return 'boolean';
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  if (p.format === 'date') return 'date';
  if (p.format === 'date-time') return 'datetime';
  if (widget === 'richtext') return 'richtext';
  if (widget === 'image') return 'image';
  if (widget === 'textarea' || (isObject(p['x-column']) && p['x-column'].type === 'text')) return 'text';
  return 'string';
}

/** Lengths proposalToSchema gives when a field names none; a field holding one of them says nothing. */
const DEFAULT_LENGTH: Partial<Record<FieldKind, number>> = { string: 255, text: 20000, richtext: 20000, image: 500 };

/**
 * The proposal an entity schema made from a proposal stands for, so the AI-code page can evolve a stored entity on the
 * same form it was made with. proposalToSchema(schemaToProposal(s)) gives s back for every s proposalToSchema made
 * (the keyword search it chose for the first string field is then stated).
 */
export function schemaToProposal(schema: Record<string, unknown>): Proposal {
  const prefix = String(schema['x-prefix'] ?? '');
  const [module, ...rest] = prefix.split('/');
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const properties = isObject(schema.properties) ? schema.properties : {};
  const fields: ProposalField[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    if (!isObject(raw)) continue;
    const type = kindOf(raw);
    const field: ProposalField = { name, type };
    if (isObject(raw['x-label'])) field.label = raw['x-label'] as Label;
    if (required.has(name)) field.required = true;
    if (typeof raw.maxLength === 'number' && raw.maxLength !== DEFAULT_LENGTH[type]) field.length = raw.maxLength;
    if (typeof raw['x-dict'] === 'string') field.dict = raw['x-dict'];
    if (['string', 'number', 'boolean'].includes(typeof raw.default)) field.default = raw.default as string | number;
    if (isObject(raw['x-column']) && raw['x-column'].unique === true) field.unique = true;
    const entries = raw['x-dict-entries'];
    if (field.dict && Array.isArray(entries)) {
      field.dictEntries = entries.filter(isObject).map((e) => ({
        value: e.value as number | string,
        name: e.name as Label,
        ...(typeof e.color === 'string' ? { color: e.color as DictEntry['color'] } : {}),
      }));
    }
    const ref = raw['x-ref'];
    if (isObject(ref) && typeof ref.entity === 'string')
      field.ref = { entity: ref.entity, ...(typeof ref.label === 'string' ? { label: ref.label } : {}) };
    const search = raw['x-search'];
    if (typeof search === 'string' && ['keyword', 'eq', 'range'].includes(search)) field.search = search as SearchKind;
    const list = raw['x-list'];
    if (list === false) field.list = false;
    else if (isObject(list) && list.sortable === true) field.sortable = true;
    fields.push(field);
  }
  const menu = isObject(schema['x-menu']) ? schema['x-menu'] : {};
  const api = Array.isArray(schema['x-api'])
    ? schema['x-api'].filter((a): a is Permission => PERMISSIONS.includes(a as never))
    : undefined;
  const proposal: Proposal = { module, name: rest.join('/'), fields };
  if (isObject(schema['x-title'])) proposal.title = schema['x-title'] as Label;
  proposal.menu = {
    // A schema without a route has the one its prefix gives (derive-names.ts); the proposal states it, so an edit keeps it.
    ...(isObject(schema['x-menu'])
      ? { router: typeof menu.router === 'string' ? menu.router : namesFromPrefix(`${module}/${proposal.name}`).router }
      : {}),
    ...(typeof menu.parent === 'string' ? { parent: menu.parent } : {}),
    ...(typeof menu.icon === 'string' ? { icon: menu.icon } : {}),
    ...(typeof menu.orderNum === 'number' ? { orderNum: menu.orderNum } : {}),
  };
  if (api?.length) proposal.permissions = api;
  return proposal;
}
