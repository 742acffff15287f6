import {
  FIELD_KINDS,
  PERMISSIONS,
  ProposalError,
  SEARCH_KINDS,
  type Label,
  type Proposal,
  type ProposalField,
  type ProposalIssue,
} from './proposal-types.js';
import { FIELD_NAME, MODULE_NAME, RESERVED_NAMES, SQL_KEYWORDS } from './names.js';
import { UNIQUE_KINDS, defaultProblem, dictEntriesIssues } from './field-checks.js';
import { namesFromPrefix } from '../../../../core/registry/derive-names.js';

/** More fields than any screen can show; also bounds the work a hostile proposal can cause. */
export const MAX_FIELDS = 200;
const MAX_LENGTH = 20000;

const has = (o: object, k: string) => Object.hasOwn(o, k);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function labelOf(value: unknown, fallback: string): Label {
  if (typeof value === 'string' && value.trim())
    return { 'zh-cn': value.trim(), 'zh-tw': value.trim(), en: value.trim() };
  if (isObject(value)) {
    const pick = (k: string) =>
      typeof value[k] === 'string' && (value[k] as string).trim() ? (value[k] as string).trim() : undefined;
    const any = pick('zh-cn') ?? pick('en') ?? pick('zh-tw') ?? fallback;
    return { 'zh-cn': pick('zh-cn') ?? any, 'zh-tw': pick('zh-tw') ?? pick('zh-cn') ?? any, en: pick('en') ?? any };
  }
  return { 'zh-cn': fallback, 'zh-tw': fallback, en: fallback };
}

/** Every problem of a proposal's shape and names, each naming its path; [] when it may become a schema. */
export function checkProposal(input: unknown): ProposalIssue[] {
  const issues: ProposalIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  if (!isObject(input)) return [{ path: '(proposal)', message: 'must be an object' }];
  for (const key of Object.keys(input))
    if (!['module', 'name', 'title', 'fields', 'menu', 'permissions'].includes(key))
      add(key, 'is not a proposal property');
  if (typeof input.module !== 'string' || !MODULE_NAME.test(input.module) || input.module.length > 30)
    add('module', 'must be lower-case letters and digits, starting with a letter (at most 30)');
  if (typeof input.name !== 'string' || !FIELD_NAME.test(input.name) || input.name.length > 40)
    add('name', 'must be a camelCase name starting with a lower-case letter (at most 40)');
  const fields = input.fields;
  if (!Array.isArray(fields) || fields.length === 0) {
    add('fields', 'must be a non-empty list of fields');
    return issues;
  }
  if (fields.length > MAX_FIELDS) {
    add('fields', `has ${fields.length} fields; at most ${MAX_FIELDS} are allowed`);
    return issues;
  }
  const seen = new Set<string>();
  fields.forEach((f: unknown, i: number) => {
    const at = `fields.${i}`;
    if (!isObject(f)) {
      add(at, 'must be an object');
      return;
    }
    for (const key of Object.keys(f))
      if (
        ![
          'name',
          'label',
          'type',
          'required',
          'length',
          'dict',
          'dictEntries',
          'ref',
          'search',
          'list',
          'sortable',
          'default',
          'unique',
        ].includes(key)
      )
        add(`${at}.${key}`, 'is not a field property');
    const name = f.name;
    if (typeof name !== 'string' || !FIELD_NAME.test(name) || name.length > 60)
      add(
        `${at}.name`,
        `"${String(name).slice(0, 60)}" must be a camelCase name of letters and digits starting with a lower-case letter (at most 60)`,
      );
    else if (RESERVED_NAMES.has(name)) add(`${at}.name`, `"${name}" is reserved (system field or query parameter)`);
    else if (SQL_KEYWORDS.has(name.toLowerCase()))
      add(`${at}.name`, `"${name}" is an SQL keyword; choose another name (e.g. ${name}Value)`);
    else if (seen.has(name)) add(`${at}.name`, `"${name}" is used twice`);
    else seen.add(name);
    if (!FIELD_KINDS.includes(f.type as never)) add(`${at}.type`, `must be one of ${FIELD_KINDS.join(', ')}`);
    if (
      f.length !== undefined &&
      (!Number.isInteger(f.length) || (f.length as number) < 1 || (f.length as number) > MAX_LENGTH)
    )
      add(`${at}.length`, `must be an integer from 1 to ${MAX_LENGTH}`);
    if (f.dict !== undefined && (typeof f.dict !== 'string' || !/^[a-zA-Z][a-zA-Z0-9_-]{0,59}$/.test(f.dict)))
      add(`${at}.dict`, 'must be a dictionary key');
    if (
      f.ref !== undefined &&
      (!isObject(f.ref) ||
        typeof f.ref.entity !== 'string' ||
        !/^[a-z][a-z0-9]*(\/[a-z][a-zA-Z0-9]*)+$/.test(f.ref.entity) ||
        (f.ref.label !== undefined && (typeof f.ref.label !== 'string' || !FIELD_NAME.test(f.ref.label))))
    )
      add(`${at}.ref`, 'must be { entity: "<module>/<name>", label?: "<column>" }');
    if (f.dict !== undefined && !['string', 'integer'].includes(f.type as string))
      add(`${at}.type`, "a field that takes a dictionary's values must be string or integer");
    if (f.ref !== undefined && f.dict !== undefined) add(`${at}.dict`, 'a relation takes no dictionary');
    if (f.ref !== undefined && f.type !== 'integer')
      add(`${at}.type`, 'a relation is stored as the related id: type must be integer');
    if (f.dictEntries !== undefined)
      for (const issue of dictEntriesIssues(f.dictEntries, f.type, f.dict))
        add(`${at}.dictEntries${issue.path}`, issue.message);
    if (f.search !== undefined && !SEARCH_KINDS.includes(f.search as never))
      add(`${at}.search`, `must be one of ${SEARCH_KINDS.join(', ')}`);
    if (f.search !== undefined && f.type === 'json') add(`${at}.search`, 'JSON fields cannot be searched');
    if (f.default !== undefined) {
      const problem = defaultProblem(f.default, f.type as string, f.length as number | undefined);
      if (problem) add(`${at}.default`, problem);
    }
    if (f.unique !== undefined && f.unique !== false && !UNIQUE_KINDS.includes(f.type as string))
      add(`${at}.unique`, `only ${UNIQUE_KINDS.join(', ')} fields can be unique`);
    else if (f.unique === true && f.type === 'string' && ((f.length as number | undefined) ?? 255) > 255)
      add(`${at}.unique`, 'a unique string holds at most 255 characters');
    for (const flag of ['required', 'list', 'sortable', 'unique'])
      if (f[flag] !== undefined && typeof f[flag] !== 'boolean') add(`${at}.${flag}`, 'must be true or false');
  });
  if (
    input.permissions !== undefined &&
    (!Array.isArray(input.permissions) ||
      input.permissions.length === 0 ||
      input.permissions.some((p) => !PERMISSIONS.includes(p as never)))
  ) {
    add('permissions', `must list at least one of ${PERMISSIONS.join(', ')}`);
  }
  const menu = input.menu;
  if (menu !== undefined) {
    if (!isObject(menu)) add('menu', 'must be an object');
    else {
      if (
        menu.router !== undefined &&
        (typeof menu.router !== 'string' || !/^\/[a-zA-Z0-9/_-]{1,200}$/.test(menu.router))
      )
        add('menu.router', 'must start with / and hold only letters, digits, -, _ and /');
      if (menu.parent !== undefined && typeof menu.parent !== 'string')
        add('menu.parent', 'must be a menu directory key');
      if (menu.icon !== undefined && (typeof menu.icon !== 'string' || menu.icon.length > 100))
        add('menu.icon', 'must be an icon name');
      if (menu.orderNum !== undefined && !Number.isInteger(menu.orderNum)) add('menu.orderNum', 'must be an integer');
    }
  }
  return issues;
}

function fieldSchema(f: ProposalField): Record<string, unknown> {
  const base = (type: string): string | string[] => (f.required ? type : [type, 'null']);
  const s: Record<string, unknown> = {};
  switch (f.type) {
    case 'string':
      Object.assign(s, { type: base('string'), maxLength: f.length ?? 255 });
      break;
    case 'text':
      Object.assign(s, {
        type: base('string'),
        maxLength: f.length ?? MAX_LENGTH,
        'x-column': { type: 'text' },
        'x-ui': { widget: 'textarea' },
      });
      break;
    case 'richtext':
      Object.assign(s, {
        type: base('string'),
        maxLength: f.length ?? MAX_LENGTH,
        'x-column': { type: 'text' },
        'x-ui': { widget: 'richtext' },
      });
      break;
    case 'image':
      Object.assign(s, { type: base('string'), maxLength: f.length ?? 500, 'x-ui': { widget: 'image' } });
      break;
    case 'integer':
      Object.assign(s, { type: base('integer') });
      break;
    case 'number':
      Object.assign(s, { type: base('number') });
      break;
    case 'money':
      Object.assign(s, { type: base('integer'), minimum: 0, 'x-money': true, 'x-ui': { widget: 'money' } });
      break;
    case 'boolean':
      Object.assign(s, { type: base('boolean'), 'x-ui': { widget: 'switch' } });
      break;
    case 'date':
      Object.assign(s, { type: base('string'), format: 'date', 'x-ui': { widget: 'date' } });
      break;
    case 'datetime':
      Object.assign(s, { type: base('string'), format: 'date-time', 'x-ui': { widget: 'datetime' } });
      break;
    case 'json':
      Object.assign(s, {
        type: f.required ? ['object', 'array'] : ['object', 'array', 'null'],
        'x-ui': { widget: 'json' },
      });
      break;
  }
  s['x-label'] = labelOf(f.label, f.name);
  if (f.default !== undefined) s.default = f.default;
  if (f.unique) s['x-column'] = { ...(s['x-column'] as object | undefined), unique: true };
  if (f.dict) {
    s['x-dict'] = f.dict;
    if (f.dictEntries)
      s['x-dict-entries'] = f.dictEntries.map((e) => ({
        value: e.value,
        name: labelOf(e.name, String(e.value)),
        ...(e.color ? { color: e.color } : {}),
      }));
    s['x-ui'] = { widget: 'select' };
  }
  if (f.ref) {
    s['x-ref'] = {
      entity: f.ref.entity,
      ...(f.ref.label
        ? {
            label: f.ref.label,
            fields: {
              [`${f.name.replace(/Id$/, '')}${f.ref.label[0].toUpperCase()}${f.ref.label.slice(1)}`]: f.ref.label,
            },
          }
        : {}),
    };
    s['x-ui'] = { widget: 'relation' };
  }
  if (f.search)
    s['x-search'] =
      f.search === 'range' && !['integer', 'number', 'money', 'date', 'datetime'].includes(f.type) ? 'eq' : f.search;
  // A list column unless the proposal says otherwise (a schema without x-list shows the field in forms only).
  s['x-list'] = f.list === false ? false : { show: true, ...(f.sortable ? { sortable: true } : {}) };
  return s;
}

/** Turns a checked proposal into an entity schema document (as it would be written to schemas/<module>/<name>.json); throws ProposalError naming each problem. */
export function proposalToSchema(input: unknown): Record<string, unknown> {
  const issues = checkProposal(input);
  if (issues.length) throw new ProposalError(issues);
  const p = input as Proposal;
  // Module, table, class and view path are what the prefix says (derive-names.ts), so the file leaves them out.
  const prefix = `${p.module}/${p.name}`;
  const derivedRouter = namesFromPrefix(prefix).router;
  const router = p.menu?.router ?? `/${p.module}/${p.name}`;
  const title = labelOf(p.title ?? p.menu?.name, p.name);
  const properties: Record<string, unknown> = {};
  for (const f of p.fields) properties[f.name] = fieldSchema(f);
  const schema: Record<string, unknown> = {
    type: 'object',
    'x-prefix': prefix,
    'x-title': title,
    'x-api': p.permissions ?? [...PERMISSIONS],
    'x-menu': {
      ...(router !== derivedRouter ? { router } : {}),
      ...(p.menu?.icon ? { icon: p.menu.icon } : {}),
      ...(p.menu?.parent ? { parent: p.menu.parent } : {}),
      orderNum: p.menu?.orderNum ?? 0,
    },
    required: p.fields.filter((f) => f.required).map((f) => f.name),
    properties,
  };
  if ((schema.required as string[]).length === 0) delete schema.required;
  // The keyword search needs a text field; the first string field gets it when the proposal chose none.
  if (!p.fields.some((f) => f.search === 'keyword')) {
    const first = p.fields.find((f) => f.type === 'string');
    if (first) (properties[first.name] as Record<string, unknown>)['x-search'] = 'keyword';
  }
  if (has(properties, '__proto__')) throw new ProposalError([{ path: 'fields', message: '"__proto__" is reserved' }]);
  return schema;
}
