import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError, E } from '../errors.js';
import type { Entity, GenericAction } from '../registry/entity-types.js';
import type { Registry } from '../registry/registry.js';
import { GENERIC_ACTION_META } from '../registry/generic-actions.js';
import { addRows, deleteRows, updateRow } from '../crud/crud-service.js';
import { infoRow, listRows, pageRows } from '../crud/read-rows.js';
import { exportRows } from '../crud/export-rows.js';
import { importRows } from '../crud/import-rows.js';
import { historyAccessAction, historyPage, revertRecord } from '../crud/history-routes.js';
import { exportHistory } from '../crud/history-export.js';
import { HISTORY_PAGE, REVERT_BODY, REVERT_REPLY, HISTORY_QUERY } from './entity-route-schemas.js';
import type { OpContext } from '../crud/context.js';
import { asRow } from '../db/row.js';
import { permissionOf, type Access, type ActionHandler, type DeclaredRoute } from './route-types.js';
import { ok } from './envelope.js';

export type Resolved = { entity: Entity; action: string; access: Access; handler: ActionHandler };

const SEGMENT = /^[a-zA-Z][a-zA-Z0-9]*$/;

const GENERIC: Record<GenericAction, ActionHandler> = {
  page: (ctx, i) => pageRows(ctx, i.entity, i.rawBody),
  list: (ctx, i) => listRows(ctx, i.entity, i.rawBody),
  info: (ctx, i) => infoRow(ctx, i.entity, i.query),
  add: (ctx, i) => addRows(ctx, i.entity, i.rawBody),
  update: (ctx, i) => updateRow(ctx, i.entity, i.rawBody),
  delete: (ctx, i) => deleteRows(ctx, i.entity, i.rawBody),
};

/**
 * Export and import, for every entity that lists (export, with its page or list permission) and adds (import, with
 * its add permission; rows with an id also need update). An entity's own action of the same name wins (menus have
 * their own export and import of menu trees).
 */
const FILE_ACTIONS: Record<'export' | 'import', ActionHandler> = {
  export: (ctx, i) => exportRows(ctx, i.entity, i.rawBody, i.request, i.reply),
  import: (ctx, i) => importRows(ctx, i.entity, i.request),
};

export function fileRoutes(entity: Entity): (DeclaredRoute & { entity: Entity; name: string })[] {
  const base = `/admin/${entity.prefix}`;
  const own = new Set(entity.actions.filter((a) => !a.entity).map((a) => a.name));
  const listing = entity.api.includes('page') ? 'page' : entity.api.includes('list') ? 'list' : undefined;
  const out: (DeclaredRoute & { entity: Entity; name: string })[] = [];
  if (listing && !own.has('export'))
    out.push({
      entity,
      name: 'export',
      method: 'post',
      url: `${base}/export`,
      access: permissionOf(entity.prefix, listing),
      summary: '导出',
      // A CSV or XLSX file, not an envelope; the body is the page query with `format` and `columns`.
      schema: { raw: 'text/csv' },
    });
  if (entity.api.includes('add') && !own.has('import'))
    out.push({
      entity,
      name: 'import',
      method: 'post',
      url: `${base}/import`,
      access: permissionOf(entity.prefix, 'add'),
      summary: '导入',
      schema: { multipart: true },
    });
  return out;
}

/**
 * History and revert (issue 31, server/core/crud/history.ts), for every entity that keeps history: a record's
 * timeline and the entity's history search with its read permission (info, else page, else list), a revert with its
 * update permission. An entity's own action of the same name wins. No buttons of their own: they grant nothing the
 * query and update buttons do not (reconcile-menus.ts).
 */
const HISTORY_HANDLERS: Record<'history' | 'historyExport' | 'revert', ActionHandler> = {
  history: (ctx, i) => historyPage(ctx, i.entity, i.rawBody),
  historyExport: (ctx, i) => exportHistory(ctx, i.entity, i.rawBody, i.request, i.reply),
  revert: (ctx, i) => revertRecord(ctx, i.entity, i.rawBody),
};

export function historyRoutes(entity: Entity): (DeclaredRoute & { entity: Entity; name: string })[] {
  const read = historyAccessAction(entity);
  if (!read) return [];
  const base = `/admin/${entity.prefix}`;
  const own = new Set(entity.actions.filter((a) => !a.entity).map((a) => a.name));
  const out: (DeclaredRoute & { entity: Entity; name: string })[] = [];
  if (!own.has('history'))
    out.push({
      entity,
      name: 'history',
      method: 'post',
      url: `${base}/history`,
      access: permissionOf(entity.prefix, read),
      summary: '变更历史',
      schema: { body: HISTORY_QUERY, reply: HISTORY_PAGE },
    });
  if (!own.has('historyExport'))
    out.push({
      entity,
      name: 'historyExport',
      method: 'post',
      url: `${base}/historyExport`,
      access: permissionOf(entity.prefix, read),
      summary: '导出变更历史',
      // A CSV or XLSX file, not an envelope; the body is the history search with `format`.
      schema: { raw: 'text/csv' },
    });
  if (entity.api.includes('update') && !own.has('revert'))
    out.push({
      entity,
      name: 'revert',
      method: 'post',
      url: `${base}/revert`,
      access: permissionOf(entity.prefix, 'update'),
      summary: '还原版本',
      schema: { body: REVERT_BODY, reply: REVERT_REPLY },
    });
  return out;
}

/** Custom action handlers by "<prefix>/<action>", registered by modules. */
export class ActionRegistry {
  private readonly map = new Map<string, ActionHandler>();
  /** Bumped on every change; caches key on it. */
  version = 0;
  set(prefix: string, name: string, handler: ActionHandler): void {
    this.map.set(`${prefix}/${name}`, handler);
    this.version++;
  }
  get(prefix: string, name: string): ActionHandler | undefined {
    return this.map.get(`${prefix}/${name}`);
  }
}

/** Every route an entity exposes right now: generic actions it declares, and extra actions that have a handler. */
export function entityRoutes(
  entity: Entity,
  actions: ActionRegistry,
): (DeclaredRoute & { entity: Entity; name: string })[] {
  const base = `/admin/${entity.prefix}`;
  return [
    ...entity.api.map((a) => ({
      entity,
      name: a,
      method: GENERIC_ACTION_META[a].method,
      url: `${base}/${a}`,
      access: permissionOf(entity.prefix, a),
      summary: GENERIC_ACTION_META[a].summary,
    })),
    ...entity.actions
      // Another entity's action (a.entity) is routed there; this entity only shows its buttons.
      .filter((a) => !a.entity && actions.get(entity.prefix, a.name))
      .map((a) => ({
        entity,
        name: a.name,
        method: a.method,
        url: `${base}/${a.name}`,
        access: (a.access as Access | undefined) ?? permissionOf(entity.prefix, a.name),
        summary: a.summary,
      })),
    ...fileRoutes(entity),
    ...historyRoutes(entity),
  ];
}

/** What resolveDispatch found for "<method> <path>", valid while neither registry changes (see resolveDispatch). */
type DispatchCache = { registryVersion: number; actionsVersion: number; found: Map<string, Resolved> };
const dispatchCaches = new WeakMap<Registry, DispatchCache>();

/**
 * Finds the entity and action for /admin/<prefix>/<action> at request time; 404 when there is none. Found targets are
 * remembered until an entity or an action handler is registered or removed (unknown paths are never remembered).
 */
export function resolveDispatch(registry: Registry, actions: ActionRegistry, method: string, url: string): Resolved {
  const path = url.split('?')[0];
  let cache = dispatchCaches.get(registry);
  if (!cache || cache.registryVersion !== registry.version || cache.actionsVersion !== actions.version) {
    cache = { registryVersion: registry.version, actionsVersion: actions.version, found: new Map() };
    dispatchCaches.set(registry, cache);
  }
  const key = `${method} ${path}`;
  const known = cache.found.get(key);
  if (known) return known;
  const resolved = findDispatch(registry, actions, method, path);
  if (cache.found.size >= 5000) cache.found.clear();
  cache.found.set(key, resolved);
  return resolved;
}

function findDispatch(registry: Registry, actions: ActionRegistry, method: string, path: string): Resolved {
  const segments = path.split('/').slice(2);
  const action = segments.pop() ?? '';
  const prefix = segments.join('/');
  const entity = segments.every((s) => SEGMENT.test(s)) && SEGMENT.test(action) ? registry.get(prefix) : undefined;
  const route =
    entity && entityRoutes(entity, actions).find((r) => r.name === action && r.method === method.toLowerCase());
  if (!entity || !route) throw appError(E.ROUTE_NOT_FOUND, { path: path.slice(0, 200) });
  const handler =
    (GENERIC as Record<string, ActionHandler>)[action] && entity.api.includes(action as GenericAction)
      ? GENERIC[action as GenericAction]
      : (actions.get(prefix, action) ??
        (fileRoutes(entity).some((r) => r.name === action)
          ? FILE_ACTIONS[action as 'export' | 'import']
          : historyRoutes(entity).some((r) => r.name === action)
            ? HISTORY_HANDLERS[action as keyof typeof HISTORY_HANDLERS]
            : undefined));
  if (!handler) throw appError(E.ROUTE_NOT_FOUND, { path: path.slice(0, 200) });
  return { entity, action, access: route.access, handler };
}

const resolvedOf = new WeakMap<FastifyRequest, Resolved>();

/** Resolves and remembers the dispatch target of a request (used by the access hook, then the handler). */
export function dispatchAccess(registry: Registry, actions: ActionRegistry) {
  return (request: FastifyRequest): Access => {
    const r = resolveDispatch(registry, actions, request.method, request.url);
    resolvedOf.set(request, r);
    return r.access;
  };
}

/** The catch-all /admin/* route that serves every entity in the registry. */
export function installDispatcher(
  app: FastifyInstance,
  registry: Registry,
  actions: ActionRegistry,
  context: (request: FastifyRequest) => OpContext,
): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/admin/*',
    config: { access: 'dispatch' },
    handler: async (request, reply) => {
      const target = resolvedOf.get(request) ?? resolveDispatch(registry, actions, request.method, request.url);
      const result = await target.handler(context(request), {
        entity: target.entity,
        body: asRow(request.body),
        query: asRow(request.query),
        rawBody: request.body,
        request,
        reply,
      });
      // A handler that answered itself (a file, a stream still being written) returns the reply.
      if (reply.sent || result === reply) return reply;
      return ok(result);
    },
  });
}
