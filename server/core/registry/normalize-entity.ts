import type {
  ColumnType,
  Entity,
  EntityMenu,
  EntitySchema,
  Field,
  FieldSchema,
  JsonType,
  JoinedColumn,
  Label,
  SearchMode,
  Storage,
} from './entity-types.js';
import { GENERIC_ACTIONS } from './generic-actions.js';
import { withShape } from './sku-shape.js';
import { namesFromPrefix, type DerivedNames } from './derive-names.js';
import { defaultParent } from './menu-dirs.js';

const SYSTEM_LABELS: Record<string, Label> = {
  id: { 'zh-cn': 'ID', 'zh-tw': 'ID', en: 'ID' },
  createTime: { 'zh-cn': '创建时间', 'zh-tw': '創建時間', en: 'Created' },
  updateTime: { 'zh-cn': '更新时间', 'zh-tw': '更新時間', en: 'Updated' },
  revision: { 'zh-cn': '版本', 'zh-tw': '版本', en: 'Revision' },
  tenantId: { 'zh-cn': '租户ID', 'zh-tw': '租戶ID', en: 'Tenant ID' },
};

function jsonTypes(schema: FieldSchema): JsonType[] {
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

function storageOf(schema: FieldSchema): Storage {
  const types = jsonTypes(schema).filter((t) => t !== 'null');
  const declared = schema['x-column']?.type;
  if (declared === 'json' || types.includes('array') || types.includes('object')) return 'json';
  if (schema.format === 'date-time' || declared === 'datetime') return 'datetime';
  if (schema.format === 'date' || declared === 'date') return 'date';
  if (types.length > 1) return 'json';
  switch (types[0]) {
    case 'boolean':
      return 'boolean';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    default:
      return 'string';
  }
}

function defaultColumnType(storage: Storage, schema: FieldSchema): ColumnType {
  switch (storage) {
    case 'json':
      return 'json';
    case 'datetime':
      return 'datetime';
    case 'date':
      return 'date';
    case 'boolean':
      return 'boolean';
    case 'integer':
      return 'int';
    case 'number':
      return 'decimal';
    default:
      return (schema.maxLength ?? 255) > 4000 ? 'text' : 'varchar';
  }
}

function systemField(
  name: string,
  schema: FieldSchema,
  storage: Storage,
  columnType: ColumnType,
  nullable: boolean,
): Field {
  return {
    name,
    schema,
    label: SYSTEM_LABELS[name],
    storage,
    columnType,
    nullable,
    required: false,
    system: true,
    secret: false,
    readonly: true,
    virtual: false,
    search: [],
    unique: false,
    index: name !== 'id' && name !== 'revision',
  };
}

function toField(name: string, written: FieldSchema, required: Set<string>): Field {
  // Spec groups and SKUs get their one shape from their keyword (sku-shape.ts).
  const schema = withShape(written);
  const storage = storageOf(schema);
  const search = schema['x-search'];
  return {
    name,
    schema,
    label: schema['x-label'],
    storage,
    columnType: schema['x-column']?.type ?? defaultColumnType(storage, schema),
    nullable: jsonTypes(schema).includes('null'),
    required: required.has(name),
    system: false,
    secret: schema['x-secret'] === true,
    readonly: schema['x-readonly'] === true,
    virtual: schema['x-virtual'] === true,
    search: search === undefined ? [] : Array.isArray(search) ? search : [search as SearchMode],
    unique: schema['x-column']?.unique === true,
    index: schema['x-virtual'] !== true && (schema['x-column']?.index === true || schema['x-ref'] !== undefined),
  };
}

function joinsOf(fields: Field[]): JoinedColumn[] {
  const joins: JoinedColumn[] = [];
  let n = 0;
  for (const field of fields) {
    const ref = field.schema['x-ref'];
    if (!ref?.fields || ref.multiple) continue;
    const joinAlias = `j${n++}`;
    for (const [alias, column] of Object.entries(ref.fields)) {
      joins.push({
        alias,
        table: ref.entity,
        column,
        localField: field.name,
        key: ref.key ?? 'id',
        keyword: ref.keyword?.includes(alias) ?? false,
        joinAlias,
      });
    }
  }
  return joins;
}

/**
 * x-menu with the route and view path the prefix gives where the schema does not override them, and the module's
 * directory as the parent when it names none (menu-dirs.ts).
 */
function menuOf(
  { router, viewPath, parent, ...rest }: NonNullable<EntitySchema['x-menu']>,
  derived: DerivedNames,
  module: string,
): EntityMenu {
  return {
    router: router ?? derived.router,
    viewPath: viewPath ?? derived.viewPath,
    parent: parent ?? defaultParent(module),
    ...rest,
  };
}

/** Turns a checked schema file into the entity the server works with: system fields injected, defaults applied. */
export function normalizeEntity(schema: EntitySchema, origin: string): Entity {
  const required = new Set(schema.required ?? []);
  const own = Object.entries(schema.properties).map(([name, s]) => toField(name, s, required));
  const time: FieldSchema = { type: 'string', format: 'date-time', 'x-label': SYSTEM_LABELS.createTime };
  const fields: Field[] = [
    systemField('id', { type: 'integer', 'x-label': SYSTEM_LABELS.id }, 'integer', 'int', false),
    ...own,
    ...(schema['x-tenant']
      ? [
          systemField(
            'tenantId',
            { type: ['integer', 'null'], 'x-label': SYSTEM_LABELS.tenantId },
            'integer',
            'int',
            true,
          ),
        ]
      : []),
    // The record's version: 1 when added, one more at every write (the lost-update check, crud/history.ts).
    systemField(
      'revision',
      // Not a list column nor an export column: bookkeeping, sent with every row for the lost-update check.
      { type: 'integer', default: 1, 'x-label': SYSTEM_LABELS.revision, 'x-list': false },
      'integer',
      'int',
      false,
    ),
    systemField('createTime', time, 'datetime', 'datetime', false),
    systemField('updateTime', { ...time, 'x-label': SYSTEM_LABELS.updateTime }, 'datetime', 'datetime', false),
  ];
  const derived = namesFromPrefix(schema['x-prefix']);
  const menu = schema['x-menu'];
  return {
    prefix: schema['x-prefix'],
    module: schema['x-module'] ?? derived.module,
    table: schema['x-table'] ?? derived.table,
    className: schema['x-class'] ?? derived.className,
    title: schema['x-title'],
    fields,
    fieldMap: new Map(fields.map((f) => [f.name, f])),
    api: schema['x-api'] ?? [...GENERIC_ACTIONS],
    actions: schema['x-actions'] ?? [],
    recycle: schema['x-recycle'] ?? true,
    scope: schema['x-scope'] ?? null,
    rights: schema['x-rights'] === true,
    history: schema['x-history'] ?? true,
    order: schema['x-order'] ?? [],
    uniques: schema['x-unique'] ?? [],
    joins: joinsOf(own),
    menu: menu ? menuOf(menu, derived, schema['x-module'] ?? derived.module) : undefined,
    tabs: schema['x-tabs'],
    master: schema['x-master'],
    presets: schema['x-presets'] ?? [],
    related: schema['x-related'] ?? [],
    tree: schema['x-tree'] === true,
    source: schema,
    origin,
  };
}
