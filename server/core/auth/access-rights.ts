import type { Kysely } from 'kysely';
import type { DynamicDb } from '../db/database.js';
import type { Row } from '../db/row.js';
import { untyped } from '../crud/dynamic-db.js';

export const SUPER_ROLE_ID = 1;
export const SUPER_ROLE_LABEL = 'admin';

export type AccessRights = {
  roleIds: number[];
  isSuper: boolean;
  perms: Set<string>;
  /** null = every department. */
  departmentIds: number[] | null;
  /** Menu rows the user sees (linked to their roles, with ancestors); null = all. */
  menuIds: number[] | null;
};

const splitPerms = (rows: Row[]) => rows.flatMap((r) => String(r.perms ?? '').split(',')).map((p) => p.trim()).filter(Boolean);

/** Ids of departments under the given ones (inclusive), following parentId. */
export function withDescendants(all: { id: number; parentId: number | null }[], roots: number[]): number[] {
  const out = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const d of all) if (d.parentId !== null && out.has(d.parentId) && !out.has(d.id)) { out.add(d.id); grew = true; }
  }
  return [...out];
}

/** Roles, permission strings and department scope of a user, read from the database. */
export async function loadAccessRights(kysely: Kysely<DynamicDb>, userId: number): Promise<AccessRights> {
  const db = untyped(kysely);
  const roles = (await db.selectFrom('base_sys_user_role as ur').innerJoin('base_sys_role as r', 'r.id', 'ur.roleId')
    .select(['r.id', 'r.label', 'r.relevance']).where('ur.userId', '=', userId).execute()) as Row[];
  const roleIds = roles.map((r) => Number(r.id));
  const isSuper = roles.some((r) => Number(r.id) === SUPER_ROLE_ID || r.label === SUPER_ROLE_LABEL);
  if (isSuper) {
    const menus = (await db.selectFrom('base_sys_menu').select('perms').where('perms', 'is not', null).execute()) as Row[];
    return { roleIds, isSuper, perms: new Set(splitPerms(menus)), departmentIds: null, menuIds: null };
  }
  if (roleIds.length === 0) return { roleIds, isSuper, perms: new Set(), departmentIds: [], menuIds: [] };
  const menus = (await db.selectFrom('base_sys_role_menu as rm').innerJoin('base_sys_menu as m', 'm.id', 'rm.menuId')
    .select('m.perms').where('rm.roleId', 'in', roleIds).execute()) as Row[];
  const direct = ((await db.selectFrom('base_sys_role_department').select(['roleId', 'departmentId']).where('roleId', 'in', roleIds).execute()) as Row[]);
  const relevantRoles = new Set(roles.filter((r) => Boolean(Number(r.relevance))).map((r) => Number(r.id)));
  let departmentIds = [...new Set(direct.map((d) => Number(d.departmentId)))];
  const expandFrom = direct.filter((d) => relevantRoles.has(Number(d.roleId))).map((d) => Number(d.departmentId));
  if (expandFrom.length) {
    const all = ((await db.selectFrom('base_sys_department').select(['id', 'parentId']).execute()) as Row[])
      .map((d) => ({ id: Number(d.id), parentId: d.parentId === null ? null : Number(d.parentId) }));
    departmentIds = [...new Set([...departmentIds, ...withDescendants(all, expandFrom)])];
  }
  const menuIds = (await loadMenus(kysely, { roleIds, isSuper })).map((m) => Number(m.id));
  return { roleIds, isSuper, perms: new Set(splitPerms(menus)), departmentIds, menuIds };
}

/** Menu rows a user sees: all for the super admin, else those linked to their roles plus their ancestors. */
export async function loadMenus(kysely: Kysely<DynamicDb>, rights: Pick<AccessRights, 'roleIds' | 'isSuper'>): Promise<Row[]> {
  const db = untyped(kysely);
  const all = (await db.selectFrom('base_sys_menu').selectAll().orderBy('orderNum', 'asc').orderBy('id', 'asc').execute()) as Row[];
  if (rights.isSuper) return all;
  if (rights.roleIds.length === 0) return [];
  const linked = new Set(((await db.selectFrom('base_sys_role_menu').select('menuId').where('roleId', 'in', rights.roleIds).execute()) as Row[]).map((r) => Number(r.menuId)));
  const byId = new Map(all.map((m) => [Number(m.id), m]));
  for (const id of [...linked]) {
    let parent = byId.get(id)?.parentId;
    while (parent !== null && parent !== undefined && !linked.has(Number(parent))) {
      linked.add(Number(parent));
      parent = byId.get(Number(parent))?.parentId;
    }
  }
  return all.filter((m) => linked.has(Number(m.id)));
}
