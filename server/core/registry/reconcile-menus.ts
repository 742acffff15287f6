import type { OpContext } from '../crud/context.js';
import type { Entity } from './entity-types.js';
import type { ActionRegistry } from '../http/dispatcher.js';
import { insertRow } from '../crud/insert-row.js';
import { encodeRow } from '../db/row-codec.js';
import type { Row } from '../db/row.js';
import { nowText } from '../db/time.js';
import { dirPath } from './menu-dirs.js';
import { entityButtons, type FixedPage, nameKeys, PERMS_BUTTON, PLUGIN_PAGE_ROUTER } from './menu-names.js';
import { backfillNameKeys, findDir, readMenus, renameSeededViewPaths } from './menu-table.js';

const MENU = 'base/sys/menu';

export { dirPath, menuDirs, type MenuDir } from './menu-dirs.js';

export type ReconcileReport = { pages: number; buttons: number; viewPaths: number; nameKeys: number; dirs: number };

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
