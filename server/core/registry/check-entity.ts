import type { EntitySchema, FieldSchema } from './entity-types.js';
import { compiledSchema } from './compiled-schemas.js';
import { namesFromPrefix } from './derive-names.js';
import { shapeProblem } from './sku-shape.js';
import { parentProblem } from './menu-dirs.js';

/** Rules the meta-schema cannot state (cross-references inside one file). Returns the first problem, or undefined. */
export function checkEntitySemantics(schema: EntitySchema): string | undefined {
  const props = schema.properties;
  const names = new Set(Object.keys(props));
  const known = new Set([...names, 'id', 'createTime', 'updateTime', 'revision']);
  if (schema['x-module'] !== undefined && !schema['x-prefix'].startsWith(`${schema['x-module']}/`))
    return `x-prefix "${schema['x-prefix']}" must start with the module "${schema['x-module']}/"`;
  if (schema['x-table'] === undefined && namesFromPrefix(schema['x-prefix']).table.length > 60)
    return `the table "${namesFromPrefix(schema['x-prefix']).table}" the prefix gives is longer than 60 characters; give a shorter x-table`;
  for (const r of schema.required ?? []) if (!names.has(r)) return `required names "${r}", which is not a field`;
  const parent = schema['x-menu']?.parent;
  if (parent !== undefined) {
    const problem = parentProblem(parent, schema['x-module'] ?? namesFromPrefix(schema['x-prefix']).module);
    if (problem) return problem;
  }
  const scope = schema['x-scope'];
  if (typeof scope === 'object' && !known.has(scope.department))
    return `x-scope names "${scope.department}" as the department field, which is not a field`;
  for (const o of schema['x-order'] ?? [])
    if (!known.has(o.column)) return `x-order names "${o.column}", which is not a field`;
  for (const u of schema['x-unique'] ?? [])
    for (const c of u) if (!names.has(c)) return `x-unique names "${c}", which is not a field`;
  const actionNames = new Set<string>();
  const buttonKeys = new Set<string>();
  for (const a of schema['x-actions'] ?? []) {
    const id = a.entity ? `${a.entity}/${a.name}` : a.name;
    if (actionNames.has(id) || (!a.entity && ['add', 'delete', 'update', 'info', 'list', 'page'].includes(a.name)))
      return `x-actions: "${id}" is declared twice or shadows a generic action`;
    actionNames.add(id);
    if (a.entity && !a.ui?.length) return `x-actions: "${id}" is another entity's action, so it needs buttons (ui)`;
    for (const b of a.ui ?? []) {
      if (a.method !== 'post') return `x-actions: "${a.name}" has buttons, so it must be a post taking {ids}`;
      if (buttonKeys.has(b.key)) return `x-actions: button "${b.key}" is declared twice`;
      buttonKeys.add(b.key);
      for (const f of Object.keys(b.when ?? {}))
        if (!known.has(f)) return `x-actions: button "${b.key}" has a condition on "${f}", which is not a field`;
    }
  }
  const master = schema['x-master'];
  if (master !== undefined && (!props[master]?.['x-ref'] || props[master]['x-ref'].multiple))
    return `x-master names "${master}", which is not a field with a single x-ref`;
  if (schema['x-tree'] === true && props.parentId?.['x-ref']?.entity !== schema['x-prefix'])
    return 'x-tree needs a parentId field with an x-ref to this entity';
  const tabs = schema['x-tabs'];
  if (tabs !== undefined && !(props[tabs]?.enum || props[tabs]?.['x-dict']))
    return `x-tabs names "${tabs}", which is not a field with an enum or a dictionary`;
  const shape = shapeProblem(props);
  if (shape) return shape;
  const carriedDicts = new Map<string, string>();
  for (const [name, field] of Object.entries(props)) {
    const where = `field "${name}"`;
    const types = Array.isArray(field.type) ? field.type : [field.type];
    if (field['x-money'] && !types.includes('integer')) return `${where}: x-money needs "type": "integer" (cents)`;
    const ref = field['x-ref'];
    if (ref?.keyword)
      for (const k of ref.keyword)
        if (!ref.fields?.[k]) return `${where}: x-ref.keyword names "${k}", which is not in x-ref.fields`;
    for (const local of Object.values(ref?.match ?? {}))
      if (!names.has(local) || local === name)
        return `${where}: x-ref.match names "${local}", which is not another field`;
    if (ref?.fields)
      for (const alias of Object.keys(ref.fields))
        if (known.has(alias)) return `${where}: x-ref alias "${alias}" clashes with a field`;
    const by = field['x-ui']?.widgetBy;
    if (by && (!names.has(by.field) || by.field === name))
      return `${where}: x-ui.widgetBy names "${by.field}", which is not another field`;
    if (field['x-virtual'] && (field['x-search'] || field['x-column'] || field['x-secret']))
      return `${where}: a virtual field has no column, so it cannot be searched, indexed or secret`;
    const search = field['x-search'];
    if (
      field['x-secret'] &&
      (search || field['x-column']?.unique || (schema['x-unique'] ?? []).some((u) => u.includes(name)))
    )
      return `${where}: a secret field cannot be searched or unique (its value would be told by the answers)`;
    if (search && (types.includes('object') || (types.includes('array') && !ref?.multiple)))
      return `${where}: JSON fields cannot be searched`;
    const carried = checkDictEntries(where, field, types, carriedDicts);
    if (carried) return carried;
    const { 'x-label': _l, 'x-dict-entries': _d, ...plain } = field;
    let validate: ReturnType<typeof compiledSchema>;
    try {
      validate = compiledSchema(plain);
    } catch (e) {
      return `${where}: ${(e as Error).message}`;
    }
    if (field.default !== undefined && !validate(field.default))
      return `${where}: default ${JSON.stringify(field.default)} does not satisfy the field's own rules`;
  }
  return undefined;
}

/**
 * A field's carried dictionary (x-dict-entries): it names its dictionary, its values are distinct and of the field's
 * type, an enum lists exactly the same values, and two fields carrying the same dictionary carry the same entries.
 */
function checkDictEntries(
  where: string,
  field: FieldSchema,
  types: string[],
  carried: Map<string, string>,
): string | undefined {
  const entries = field['x-dict-entries'];
  if (!entries) return undefined;
  const key = field['x-dict'];
  if (!key) return `${where}: x-dict-entries needs x-dict, the key of the dictionary they fill`;
  const seen = new Set<string>();
  for (const e of entries) {
    const ok =
      typeof e.value === 'string' ? types.includes('string') : types.includes('integer') || types.includes('number');
    if (!ok)
      return `${where}: x-dict-entries value ${JSON.stringify(e.value)} is not a value of the field's type (${types.join(', ')})`;
    if (seen.has(String(e.value))) return `${where}: x-dict-entries lists the value ${JSON.stringify(e.value)} twice`;
    seen.add(String(e.value));
  }
  if (field.enum) {
    const listed = new Set(field.enum.filter((v) => v !== null).map(String));
    const missing = [...listed].filter((v) => !seen.has(v));
    const extra = [...seen].filter((v) => !listed.has(v));
    if (missing.length || extra.length) {
      return `${where}: the enum and x-dict-entries disagree (${[
        missing.length ? `no entry for ${missing.join(', ')}` : '',
        extra.length ? `not in the enum: ${extra.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')})`;
    }
  }
  const same = JSON.stringify(entries);
  const before = carried.get(key);
  if (before !== undefined && before !== same)
    return `${where}: dictionary "${key}" is carried by another field with different entries`;
  carried.set(key, same);
  return undefined;
}
