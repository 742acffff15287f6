import type { Host } from '../../../core/host.js';
import type { Entity, Field } from '../../../core/registry/entity-types.js';
import type { RequestUser } from '../../../core/crud/context.js';
import { entityRoutes, fileRoutes } from '../../../core/http/dispatcher.js';
import type { DeclaredRoute } from '../../../core/http/route-types.js';
import { writableFields } from '../../../core/crud/input-validation.js';

import type { Eps, EpsApi, EpsColumn, EpsEntry, EpsField, EpsJoinery } from './eps-types.js';

/**
 * eps column type as the original reports it (PROTOCOL §6.2): the declared type where the schema declares one
 * (`x-column.type`: text, json, decimal, bigint…), else the JS type name of the value — string, number, boolean,
 * date; `id` and `revision` are number, createTime/updateTime datetime. A structured value has no JS type TypeORM could store, so
 * the original must declare it json: json. Never a storage name of a database (integer, real, blob).
 */
function epsType(field: Field): string {
  if (field.name === 'id' || field.name === 'revision') return 'number';
  if (field.system) return field.columnType;
  // What replies send (x-wire), when it is not the stored type.
  if (field.schema['x-wire']) return field.schema['x-wire'];
  const declared = field.schema['x-column']?.type;
  if (declared) return declared;
  switch (field.storage) {
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
    case 'datetime':
      return 'date';
    case 'json':
      return 'json';
    default:
      return 'string';
  }
}

function column(field: Field, source = `a.${field.name}`): EpsColumn {
  const c: EpsColumn = {
    propertyName: field.name,
    type: epsType(field),
    // TypeORM's length: a varchar's declared length, "" when none is given.
    length:
      field.columnType === 'varchar' && field.schema.maxLength !== undefined ? String(field.schema.maxLength) : '',
    comment: field.label['zh-cn'],
    nullable: field.nullable,
    source,
  };
  if (field.schema.default !== undefined) c.defaultValue = field.schema.default;
  if (field.schema['x-dict']) c.dict = field.schema['x-dict'];
  return c;
}

/** x- keywords the console's forms read inside a field's schema: money in nested data, nested labels and widgets. */
const FORM_KEYWORDS = new Set(['x-money', 'x-label', 'x-ui']);

const stripX = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(stripX);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !k.startsWith('x-') || FORM_KEYWORDS.has(k))
        .map(([k, v]) => [k, stripX(v)]),
    );
  }
  return value;
};

type EpsLabelOf = NonNullable<EpsField['columns']>[number]['label'];

type SchemaNode = { properties?: Record<string, SchemaNode>; items?: SchemaNode; [k: string]: unknown };

/**
 * The shape of a JSON field whose items (or itself) declare properties: the columns a screen shows it with
 * (label, money in fen, image), so a snapshot such as a bundle's products is a small table, never raw JSON.
 */
function jsonColumns(schema: SchemaNode): EpsField['columns'] {
  const props = schema.items?.properties ?? schema.properties;
  if (!props) return undefined;
  return Object.entries(props).map(([name, p]) => ({
    name,
    ...(p['x-label'] ? { label: p['x-label'] as EpsLabelOf } : {}),
    ...(p['x-money'] === true ? { money: true as const } : {}),
    ...((p['x-ui'] as { widget?: string } | undefined)?.widget === 'image' ? { image: true as const } : {}),
  }));
}

/** What our runtime needs beyond the 8.x superset: labels, the form's JSON Schema, per-field hints, tabs and buttons. */
function runtimeHints(entity: Entity, routed: Set<string>, others: ReadonlySet<string>): EpsJoinery {
  const writable = writableFields(entity);
  return {
    title: entity.title,
    menu: entity.menu ? { router: entity.menu.router, viewPath: entity.menu.viewPath } : undefined,
    schema: {
      type: 'object',
      required: writable.filter((f) => f.required).map((f) => f.name),
      properties: Object.fromEntries(writable.map((f) => [f.name, stripX(f.schema) as Record<string, unknown>])),
    },
    fields: entity.fields
      .filter((f) => f.name !== 'tenantId')
      .map((f) => ({
        name: f.name,
        label: f.label,
        storage: f.storage,
        nullable: f.nullable,
        required: f.required,
        system: f.system,
        readonly: f.readonly || f.system,
        secret: f.secret,
        virtual: f.virtual,
        search: f.search,
        list: f.schema['x-list'] ?? undefined,
        ui: (f.schema['x-ui'] as EpsField['ui']) ?? undefined,
        dict: f.schema['x-dict'],
        ref: f.schema['x-ref'],
        money: f.schema['x-money'] === true,
        enum: f.schema.enum,
        maxLength: f.schema.maxLength,
        default: f.schema.default,
        format: f.schema.format,
        columns: jsonColumns(f.schema as SchemaNode),
        ...(f.schema['x-specs'] === true ? { specs: true as const } : {}),
        ...(typeof f.schema['x-skus'] === 'string' ? { skus: f.schema['x-skus'] } : {}),
        ...(typeof f.schema['x-sku-specs'] === 'string' ? { skuSpecs: f.schema['x-sku-specs'] } : {}),
      })),
    joins: entity.joins.map((j) => ({
      alias: j.alias,
      field: j.localField,
      entity: j.table,
      column: j.column,
      keyword: j.keyword,
    })),
    order: entity.order,
    recycle: entity.recycle,
    // Writes are recorded (a History tab, <prefix>/history and /revert).
    history: entity.history,
    tabs: entity.tabs,
    presets: entity.presets.length ? entity.presets : undefined,
    related: entity.related.length ? entity.related : undefined,
    master: entity.master,
    tree: entity.tree || undefined,
    // The generic export and import (an entity's own actions of those names, menus', are not these).
    files: Object.fromEntries(
      fileRoutes(entity)
        .filter((r) => routed.has(r.name))
        .map((r) => [r.name, true]),
    ),
    // Buttons of the actions this caller may call (routed and permitted), so a screen offers nothing that answers 403.
    // Another entity's action (audit/good's create on product rows) by whether the caller may call it there.
    actions: entity.actions
      .filter((a) => (a.entity ? others.has(`/admin/${a.entity}/${a.name}`) : routed.has(a.name)))
      .flatMap((a) => (a.ui ?? []).map((b) => ({ action: a.name, ...(a.entity ? { entity: a.entity } : {}), ...b }))),
    // The actions' names in three languages, which the console names their permission rows by (menu nameKey button:…).
    actionLabels: Object.fromEntries(
      entity.actions.flatMap((a) => (a.label && !a.entity ? [[a.name, a.label] as const] : [])),
    ),
  };
}

/** Whether eps (and the OpenAPI document) lists a route to this caller: public ones to all, the rest by permission. */
export function mayCall(route: DeclaredRoute, user: RequestUser | undefined, showAll: boolean): boolean {
  if (route.access === 'public') return true;
  if (!user) return showAll;
  return route.access === 'login' || user.isSuper || user.perms.has(route.access);
}

function apiEntry(route: DeclaredRoute, prefix: string): EpsApi {
  return {
    method: route.method,
    path: route.url.slice(prefix.length),
    summary: route.summary,
    dts: {},
    tag: '',
    prefix,
    ignoreToken: route.access === 'public',
    access: route.access,
  };
}

/** The eps descriptor of one entity with the given api entries (also the AI-code preview of a proposal). */
export function epsEntry(host: Host, entity: Entity, api: EpsApi[], others: ReadonlySet<string> = new Set()): EpsEntry {
  const prefix = `/admin/${entity.prefix}`;
  const columns = [...entity.fields.filter((f) => f.name !== 'tenantId' && !f.virtual).map((f) => column(f))];
  const joined = entity.joins
    .filter((j) => host.registry.get(j.table))
    .map((j) => {
      const target = host.registry.get(j.table)!.fieldMap.get(j.column)!;
      return { ...column({ ...target, name: j.alias, nullable: true }, `${j.joinAlias}.${j.column}`) };
    });
  const searchOf = (mode: string) =>
    entity.fields.filter((f) => f.search.includes(mode as never)).map((f) => `a.${f.name}`);
  return {
    module: entity.module,
    info: { type: { name: entity.prefix.split('/').pop()!, description: entity.title['zh-cn'] } },
    api,
    name: entity.className,
    columns,
    pageColumns: joined.length ? [...columns, ...joined] : [],
    pageQueryOp: {
      keyWordLikeFields: [
        ...searchOf('keyword'),
        ...entity.joins.filter((j) => j.keyword).map((j) => `${j.joinAlias}.${j.column}`),
      ],
      fieldEq: [...searchOf('eq'), ...searchOf('in')],
      fieldLike: searchOf('like'),
    },
    prefix,
    // Buttons only for the actions in `api` (what this caller may call).
    joinery: runtimeHints(entity, new Set(api.map((a) => a.path.slice(1))), others),
  };
}

/** The eps api entries of every route an entity would have, whoever asks (for previews). */
export function allApiEntries(host: Host, entity: Entity) {
  return entityRoutes(entity, host.actions).map((r) => apiEntry(r, `/admin/${entity.prefix}`));
}

/** GET /admin/base/open/eps: modules → controllers, each with the routes the caller may use. */
export function buildEps(host: Host, user: RequestUser | undefined): Eps {
  const showAll = host.config.epsPublic;
  const out: Eps = {};
  const push = (module: string, entry: EpsEntry) => {
    out[module] = out[module] ?? [];
    out[module].push(entry);
  };

  const entities = host.registry.all();
  const callable = new Map(
    entities.map((e) => [e, entityRoutes(e, host.actions).filter((r) => mayCall(r, user, showAll))] as const),
  );
  // Every entity route this caller may call, for buttons one entity offers for another's action.
  const others = new Set([...callable.values()].flatMap((routes) => routes.map((r) => r.url)));
  for (const entity of entities) {
    const prefix = `/admin/${entity.prefix}`;
    const api = callable.get(entity)!.map((r) => apiEntry(r, prefix));
    if (api.length === 0) continue;
    push(entity.module, epsEntry(host, entity, api, others));
  }

  const byPrefix = new Map<string, DeclaredRoute[]>();
  for (const r of host.declared) {
    const prefix = r.url.slice(0, r.url.lastIndexOf('/'));
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), r]);
  }
  for (const [prefix, routes] of byPrefix) {
    if (host.registry.get(prefix.slice('/admin/'.length))) continue;
    const api = routes.filter((r) => mayCall(r, user, showAll)).map((r) => apiEntry(r, prefix));
    if (api.length === 0) continue;
    const module = prefix.split('/')[2];
    push(module, {
      module,
      info: { type: { name: prefix.split('/').pop()!, description: '' } },
      api,
      columns: [],
      pageColumns: [],
      prefix,
    });
  }
  return out;
}
