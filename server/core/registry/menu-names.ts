import type { Entity } from './entity-types.js';
import { GENERIC_ACTION_META } from './generic-actions.js';
import { entityRoutes, type ActionRegistry } from '../http/dispatcher.js';

/**
 * What the menu rows Joinery seeds are called: an entity's buttons (from the routes the server answers), the name
 * keys the console translates seeded names by, and the fixed pages' names and routes.
 */

const HISTORY_ROUTE_NAMES = new Set(['history', 'historyExport', 'revert']);

/**
 * Button rows of an entity: 查询 (page, list, info), 新增, 修改, 删除 and one per extra action, counting only the
 * routes the server answers now (an action a schema declares but no module handles grants nothing, so no button).
 */
export function entityButtons(
  entity: Entity,
  actions: ActionRegistry,
): { key: string; name: string; perms: string[] }[] {
  const routes = entityRoutes(entity, actions).filter((r) => r.access !== 'public' && r.access !== 'login');
  const generic = (a: string) => routes.find((r) => r.name === a && entity.api.includes(a as never));
  const buttons: { key: string; name: string; perms: string[] }[] = [];
  const query = ['page', 'list', 'info']
    .map(generic)
    .filter((r) => r !== undefined)
    .map((r) => r.access);
  if (query.length) buttons.push({ key: 'query', name: '查询', perms: query });
  for (const a of ['add', 'update', 'delete'] as const) {
    const r = generic(a);
    if (r) buttons.push({ key: a, name: GENERIC_ACTION_META[a].summary, perms: [r.access] });
  }
  // history, its export and revert take the query and update permissions: no buttons of their own.
  for (const r of routes.filter((x) => !entity.api.includes(x.name as never) && !HISTORY_ROUTE_NAMES.has(x.name)))
    buttons.push({ key: r.name, name: r.summary, perms: [r.access] });
  return buttons;
}

/** The console translates a seeded menu row's name by this key (base/sys/menu nameKey); see the menu schema. */
export const nameKeys = {
  dir: (key: string) => `dir:${key}`,
  page: (key: string) => `page:${key}`,
  entity: (entity: Entity) => `entity:${entity.prefix}`,
  /** `titled`: the button sits under another page, so its name starts with its entity's title. */
  button: (entity: Entity, action: string, titled: boolean) =>
    `button:${entity.prefix}:${action}${titled ? ':titled' : ''}`,
  perms: 'button:perms',
};

/** The name of a fixed page's button row. */
export const PERMS_BUTTON = '权限';

/**
 * The plugin page's route: the original's (`/helper/plugins/serve`); SPEC's `/helper/plugins` is a fixed route of the
 * console.
 */
export const PLUGIN_PAGE_ROUTER = '/helper/plugins/serve';

/** A page that is a screen, not an entity (home, plugins, AI code), with the routed permissions its button grants. */
export type FixedPage = { key: string; name: string; router: string; perms: string[] };
