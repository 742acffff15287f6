import fs from 'node:fs';
import path from 'node:path';
import type { OpContext } from '../core/crud/context.js';
import { SEED_DIR } from '../paths.js';
import { replaceLinks } from '../modules/base/sys/link-tables.js';
import { insertSeedRows } from './seed.js';

/** A role a fresh shop starts with (server/seed/roles.json); what it may do is given as permission patterns. */
export type SeedRole = { name: string; label: string; remark: string; perms: string[] };

export const readSeedRoles = (): SeedRole[] =>
  JSON.parse(fs.readFileSync(path.join(SEED_DIR, 'roles.json'), 'utf8')) as SeedRole[];

/**
 * Whether a permission (`order:order:cancel`) matches a pattern: the same number of `:` parts, each `*`, one name, or
 * names joined by `|` (`audit:good|order:decide`). A pattern with more parts than the permission never matches.
 */
export function permMatches(pattern: string, perm: string): boolean {
  const want = pattern.split(':');
  const have = perm.split(':');
  return want.length === have.length && want.every((w, i) => w === '*' || w.split('|').includes(have[i]));
}

type MenuRow = { id: number; parentId: number | null; type: number; perms: string | null };

/**
 * The menus a role's patterns grant: every button whose permissions all match, the page each such button sits on
 * and the directories above it (a page or directory without a granted button is left out, so the sidebar shows
 * only what the role can open).
 */
export function grantedMenus(menus: MenuRow[], patterns: string[]): number[] {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const granted = new Set<number>();
  for (const m of menus) {
    if (m.type !== 2) continue;
    const perms = (m.perms ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (perms.length === 0 || !perms.every((p) => patterns.some((x) => permMatches(x, p)))) continue;
    for (let at: MenuRow | undefined = m; at && !granted.has(at.id); at = byId.get(at.parentId ?? -1))
      granted.add(at.id);
  }
  return [...granted].sort((a, b) => a - b);
}

/**
 * First start only, after the menus are complete (entity pages and their buttons come from reconcileMenus): the
 * roles a shop starts with, so the first user's role picker has options. Data permission: the whole company (the
 * top department and, through `relevance`, everything under it).
 */
export async function seedRoles(ctx: OpContext): Promise<void> {
  const menus = (await ctx.db
    .selectFrom('base_sys_menu')
    .select(['id', 'parentId', 'type', 'perms'])
    .execute()) as MenuRow[];
  const top = await ctx.db
    .selectFrom('base_sys_department')
    .select('id')
    .where('parentId', 'is', null)
    .orderBy('orderNum')
    .orderBy('id')
    .execute();
  const departments = top.map((d) => Number(d.id));
  for (const role of readSeedRoles()) {
    const menuIdList = grantedMenus(
      menus.map((m) => ({ ...m, id: Number(m.id), parentId: m.parentId === null ? null : Number(m.parentId) })),
      role.perms,
    );
    await insertSeedRows(ctx, 'base/sys/role', [
      {
        name: role.name,
        label: role.label,
        remark: role.remark,
        relevance: true,
        menuIdList,
        departmentIdList: departments,
      },
    ]);
    const made = await ctx.db
      .selectFrom('base_sys_role')
      .select('id')
      .where('label', '=', role.label)
      .executeTakeFirstOrThrow();
    await replaceLinks(ctx, 'base_sys_role_menu', 'roleId', Number(made.id), 'menuId', menuIdList);
    await replaceLinks(ctx, 'base_sys_role_department', 'roleId', Number(made.id), 'departmentId', departments);
  }
}
