import fs from 'node:fs';
import path from 'node:path';
import type { OpContext } from '../crud/context.js';
import type { Entity } from './entity-types.js';
import type { ActionRegistry } from '../http/dispatcher.js';
import { nowText } from '../db/time.js';
import { SEED_DIR } from '../../paths.js';
import { dirPath, menuDirs, type MenuDir } from './menu-dirs.js';
import { entityButtons, type FixedPage, nameKeys, PERMS_BUTTON } from './menu-names.js';

/**
 * The menu table as the reconciler (reconcile-menus.ts) reads it, and the upgrades of rows seeded by earlier versions:
 * view paths and routers renamed since (view-path-renames.json), name keys given to rows that still hold their
 * seeded names.
 */

/** The menu table as the reconciler reads it: one query, then worked on in memory. */
export type MenuRow = {
  id: number;
  parentId: number | null;
  name: string;
  type: number;
  router: string | null;
  perms: string | null;
  nameKey: string | null;
};

export async function readMenus(ctx: OpContext): Promise<MenuRow[]> {
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

/**
 * The menu id of a directory key, found by walking the directory names from the root; null when an admin removed or
 * renamed it.
 */
export function findDir(menus: MenuRow[], key: string): number | null {
  let parentId: number | null = null;
  for (const d of dirPath(key) ?? []) {
    const row = menus.find((m) => m.type === 0 && m.parentId === parentId && m.name === d.name['zh-cn']);
    if (!row) return null;
    parentId = row.id;
  }
  return parentId;
}

type ViewPathRename = { router: string; from: string; to: string };
type RouterMove = { from: string; to: string; viewPath: string };

/**
 * Databases seeded before the menus named cool-admin-vue 7.3's view files still hold Joinery's old paths, which the
 * original client cannot open: a page whose router and view path are still the old pair gets the new path.
 */
export async function renameSeededViewPaths(ctx: OpContext): Promise<number> {
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
  // Pages seeded at SPEC's routes move to the original's, so the original client keeps them alive (and loads their
  // data).
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

/**
 * Rows seeded before menus carried a name key, still holding their seeded name, get the key; a row an admin renamed
 * keeps no key (its name is shown as typed). Matched by position and seeded name only, never by name alone.
 */
export async function backfillNameKeys(
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
