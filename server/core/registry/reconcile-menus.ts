import fs from 'node:fs';
import path from 'node:path';
import type { OpContext } from '../crud/context.js';
import type { Entity } from './entity-types.js';
import { GENERIC_ACTION_META } from './generic-actions.js';
import { entityRoutes, type ActionRegistry } from '../http/dispatcher.js';
import { insertRow } from '../crud/insert-row.js';
import { encodeRow } from '../db/row-codec.js';
import type { Row } from '../db/row.js';
import { nowText } from '../db/time.js';
import { SEED_DIR } from '../../paths.js';
import { dirPath, menuDirs, type MenuDir } from './menu-dirs.js';

const MENU = 'base/sys/menu';

export { dirPath, menuDirs, type MenuDir } from './menu-dirs.js';

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

/** The menu table as the reconciler reads it: one query, then worked on in memory. */
type MenuRow = {
  id: number;
  parentId: number | null;
  name: string;
  type: number;
  router: string | null;
  perms: string | null;
  nameKey: string | null;
};

async function readMenus(ctx: OpContext): Promise<MenuRow[]> {
  const rows = await ctx.db
    .selectFrom('base_sys_menu')
    .select(['id', 'parentId', 'name', 'type', 'router', 'perms', 'nameKey'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    parentId: r.parentId === null ? null : Number(r.parentId),
    name: String(r.name),
    type: Number(r.type),
    router: r.router === null ? null : String(r.router),
    perms: r.perms === null ? null : String(r.perms),
    nameKey: r.nameKey === null || r.nameKey === undefined ? null : String(r.nameKey),
  }));
}

/** The menu id of a directory key, found by walking the directory names from the root; null when an admin removed or renamed it. */
function findDir(menus: MenuRow[], key: string): number | null {
  let parentId: number | null = null;
  for (const d of dirPath(key) ?? []) {
    const row = menus.find((m) => m.type === 0 && m.parentId === parentId && m.name === d.name['zh-cn']);
    if (!row) return null;
    parentId = row.id;
  }
  return parentId;
}

export type ReconcileReport = { pages: number; buttons: number; viewPaths: number; nameKeys: number; dirs: number };

type ViewPathRename = { router: string; from: string; to: string };
type RouterMove = { from: string; to: string; viewPath: string };

/** The plugin page's route: the original's (`/helper/plugins/serve`); SPEC's `/helper/plugins` is a fixed route of the console. */
export const PLUGIN_PAGE_ROUTER = '/helper/plugins/serve';

/**
 * Databases seeded before the menus named cool-admin-vue 7.3's view files still hold Joinery's old paths, which the
 * original client cannot open: a page whose router and view path are still the old pair gets the new path.
 */
async function renameSeededViewPaths(ctx: OpContext): Promise<number> {
  const { renames, routers } = JSON.parse(fs.readFileSync(path.join(SEED_DIR, 'view-path-renames.json'), 'utf8')) as {
    renames: ViewPathRename[];
    routers: RouterMove[];
  };
  let changed = 0;
  for (const r of renames) {
    const result = await ctx.db
      .updateTable('base_sys_menu')
      .set({ viewPath: r.to, updateTime: nowText() })
      .where('type', '=', 1)
      .where('router', '=', r.router)
      .where('viewPath', '=', r.from)
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  // Pages seeded at SPEC's routes move to the original's, so the original client keeps them alive (and loads their data).
  for (const r of routers) {
    const taken = await ctx.db.selectFrom('base_sys_menu').select('id').where('router', '=', r.to).executeTakeFirst();
    if (taken) continue;
    const result = await ctx.db
      .updateTable('base_sys_menu')
      .set({ router: r.to, updateTime: nowText() })
      .where('type', '=', 1)
      .where('router', '=', r.from)
      .where('viewPath', '=', r.viewPath)
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}

/** A page that is a screen, not an entity (home, plugins, AI code), with the routed permissions its button grants. */
export type FixedPage = { key: string; name: string; router: string; perms: string[] };

/**
 * Rows seeded before menus carried a name key, still holding their seeded name, get the key; a row an admin renamed
 * keeps no key (its name is shown as typed). Matched by position and seeded name only, never by name alone.
 */
async function backfillNameKeys(
  ctx: OpContext,
  menus: MenuRow[],
  entities: Entity[],
  actions: ActionRegistry,
  pages: FixedPage[],
): Promise<number> {
  const keys = new Map<number, string>();
  const walk = (dirs: MenuDir[]) => {
    for (const d of dirs) {
      const id = findDir(menus, d.key);
      if (id !== null) keys.set(id, nameKeys.dir(d.key));
      if (d.children) walk(d.children);
    }
  };
  walk(menuDirs());
  const pageOf = (router: string) => menus.find((r) => r.type === 1 && r.router === router);
  for (const p of pages) {
    const page = pageOf(p.router);
    if (page?.name === p.name) keys.set(page.id, nameKeys.page(p.key));
    for (const b of menus.filter((r) => page && r.type === 2 && r.parentId === page.id && r.name === PERMS_BUTTON))
      keys.set(b.id, nameKeys.perms);
  }
  for (const entity of entities) {
    const buttons = entityButtons(entity, actions);
    const own = entity.menu ? pageOf(entity.menu.router) : undefined;
    if (own && own.name === entity.title['zh-cn']) keys.set(own.id, nameKeys.entity(entity));
    // Buttons sit under the entity's own page, or (entities without a page) under another page, named after it.
    const titled = !entity.menu;
    if (!titled && !own) continue;
    for (const row of menus.filter((r) => r.type === 2 && r.parentId !== null && (titled || r.parentId === own!.id))) {
      const b = buttons.find(
        (x) =>
          row.name === (titled ? `${entity.title['zh-cn']}${x.name}` : x.name) &&
          (row.perms ?? '').split(',').some((p) => x.perms.includes(p.trim())),
      );
      if (b) keys.set(row.id, nameKeys.button(entity, b.key, titled));
    }
  }
  let changed = 0;
  for (const row of menus) {
    const key = keys.get(row.id);
    if (row.nameKey !== null || !key) continue;
    await ctx.db
      .updateTable('base_sys_menu')
      .set({ nameKey: key })
      .where('id', '=', row.id)
      .where('nameKey', 'is', null)
      .execute();
    row.nameKey = key;
    changed += 1;
  }
  return changed;
}

/**
 * Brings the menu table in line with the registry, on every start and after an entity is registered: an entity page
 * whose router no menu has is created; a permission string of a routed action that no menu row carries gets a button.
 * Rows that exist are never changed (admins may have renamed, moved or regrouped them) — except a seeded view path
 * that still holds the value of an older Joinery (view-path-renames.json); nothing is deleted.
 */
export async function reconcileMenus(
  ctx: OpContext,
  actions: ActionRegistry,
  entities: Entity[],
  pages: FixedPage[] = [],
): Promise<ReconcileReport> {
  const menuEntity = ctx.registry.get(MENU);
  if (!menuEntity) throw new Error('the menu entity (base/sys/menu) is not registered');
  // Renamed first, so the pages below are found at their new routes (no second page made at the original's route).
  const viewPaths = await renameSeededViewPaths(ctx);
  const menus = await readMenus(ctx);
  const held = new Set(
    menus.flatMap((m) =>
      (m.perms ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  );
  const report: ReconcileReport = { pages: 0, buttons: 0, viewPaths, nameKeys: 0, dirs: 0 };
  const add = async (row: Row): Promise<number> => {
    const now = nowText();
    const id = await insertRow(ctx, menuEntity, {
      keepAlive: 1,
      isShow: 1,
      createTime: now,
      updateTime: now,
      ...encodeRow(menuEntity, row),
    });
    menus.push({
      id,
      parentId: (row.parentId as number | null) ?? null,
      name: String(row.name),
      type: Number(row.type),
      router: (row.router as string | undefined) ?? null,
      perms: (row.perms as string | undefined) ?? null,
      nameKey: (row.nameKey as string | undefined) ?? null,
    });
    return id;
  };
  const addButtons = async (entity: Entity, parentId: number | null, prefixName: string, orderFrom: number) => {
    for (const [i, b] of entityButtons(entity, actions).entries()) {
      const missing = b.perms.filter((p) => !held.has(p));
      if (missing.length === 0) continue;
      await add({
        parentId,
        name: `${prefixName}${b.name}`,
        nameKey: nameKeys.button(entity, b.key, prefixName !== ''),
        type: 2,
        perms: missing.join(','),
        orderNum: orderFrom + i,
      });
      for (const p of missing) held.add(p);
      report.buttons += 1;
    }
  };
  // A module with no directory in menu-dirs.json gets its own at the root, named after the module, with its first page.
  const moduleDir = async (key: string, entity: Entity): Promise<number | null> => {
    if (key !== entity.module || dirPath(key)) return null;
    const found = menus.find((r) => r.type === 0 && r.parentId === null && r.nameKey === nameKeys.dir(key));
    if (found) return found.id;
    report.dirs += 1;
    return add({ parentId: null, name: key, nameKey: nameKeys.dir(key), type: 0, icon: 'icon-folder', orderNum: 100 });
  };
  const sorted = [...entities].sort((a, b) => (a.menu?.orderNum ?? 0) - (b.menu?.orderNum ?? 0));
  for (const entity of sorted.filter((e) => e.menu)) {
    const m = entity.menu!;
    let page = menus.find((r) => r.type === 1 && r.router === m.router);
    if (!page) {
      const parentId = m.parent ? (findDir(menus, m.parent) ?? (await moduleDir(m.parent, entity))) : null;
      await add({
        parentId,
        name: entity.title['zh-cn'],
        nameKey: nameKeys.entity(entity),
        type: 1,
        router: m.router,
        viewPath: m.viewPath,
        icon: m.icon ?? null,
        orderNum: m.orderNum ?? 0,
      });
      page = menus[menus.length - 1];
      report.pages += 1;
    }
    await addButtons(entity, page.id, '', 0);
  }
  // Entities with routes but no page of their own: their buttons go under their module's first page (plugins under
  // the plugin page, the rest under the home page).
  for (const entity of sorted.filter((e) => !e.menu)) {
    const modulePage =
      entity.module === 'plugin'
        ? menus.find((r) => r.type === 1 && r.router === PLUGIN_PAGE_ROUTER)
        : (sorted
            .filter((e) => e.menu && e.module === entity.module)
            .map((e) => menus.find((r) => r.type === 1 && r.router === e.menu!.router))
            .find(Boolean) ?? menus.find((r) => r.type === 1 && r.router === '/'));
    await addButtons(entity, modulePage?.id ?? null, entity.title['zh-cn'], 100);
  }
  // Fixed pages seeded earlier get the permissions of routes added since (e.g. base:coding:draft).
  for (const p of pages) {
    const page = menus.find((r) => r.type === 1 && r.router === p.router);
    const missing = p.perms.filter((x) => !held.has(x));
    if (!page || missing.length === 0) continue;
    await add({
      parentId: page.id,
      name: PERMS_BUTTON,
      nameKey: nameKeys.perms,
      type: 2,
      perms: missing.join(','),
      orderNum: 0,
    });
    for (const x of missing) held.add(x);
    report.buttons += 1;
  }
  report.nameKeys = await backfillNameKeys(ctx, menus, entities, actions, pages);
  return report;
}
