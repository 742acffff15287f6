import type { Kysely } from 'kysely';
import type { SystemTables } from '../db/database.js';
import type { Row } from '../db/row.js';
import type { RightsTables } from './role-grants.js';

const id = (v: unknown): number => Number(v);
const parentOf = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function linkMap(rows: Row[], owner: string, other: string): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  for (const r of rows) {
    const k = id(r[owner]);
    if (!out.has(k)) out.set(k, new Set());
    out.get(k)!.add(id(r[other]));
  }
  return out;
}

/**
 * Reads the rows every grant is computed from: menus, departments, roles and their links. `roleIds` limits the
 * roles and links read (a signed-in user's own roles); without it every role is read (the delegation guard).
 */
export async function loadRightsTables(kysely: Kysely<SystemTables>, roleIds?: number[]): Promise<RightsTables> {
  const db = kysely;
  const roleFilter = roleIds ? (roleIds.length ? roleIds : [-1]) : undefined;
  let roleQuery = db.selectFrom('base_sys_role').select(['id', 'label', 'relevance', 'userId']);
  let roleMenuQuery = db.selectFrom('base_sys_role_menu').select(['roleId', 'menuId']);
  let roleDepartmentQuery = db.selectFrom('base_sys_role_department').select(['roleId', 'departmentId']);
  if (roleFilter) {
    roleQuery = roleQuery.where('id', 'in', roleFilter);
    roleMenuQuery = roleMenuQuery.where('roleId', 'in', roleFilter);
    roleDepartmentQuery = roleDepartmentQuery.where('roleId', 'in', roleFilter);
  }
  // One after the other: inside a transaction they share one connection.
  const menus = await db.selectFrom('base_sys_menu').select(['id', 'parentId', 'perms']).execute();
  const departments = await db.selectFrom('base_sys_department').select(['id', 'parentId']).execute();
  const roles = await roleQuery.execute();
  const roleMenus = await roleMenuQuery.execute();
  const roleDepartments = await roleDepartmentQuery.execute();
  return buildRightsTables({ menus, departments, roles, roleMenus, roleDepartments });
}

/** The rights tables from rows already read (ids as numbers, booleans as 0/1 or true/false). */
export function buildRightsTables(rows: {
  menus: Row[];
  departments: Row[];
  roles: Row[];
  roleMenus: Row[];
  roleDepartments: Row[];
}): RightsTables {
  const { menus, departments, roles, roleMenus, roleDepartments } = rows;
  return {
    menus: new Map(
      menus.map((m) => [
        id(m.id),
        { id: id(m.id), parentId: parentOf(m.parentId), perms: (m.perms as string | null) ?? null },
      ]),
    ),
    departments: new Map(departments.map((d) => [id(d.id), { id: id(d.id), parentId: parentOf(d.parentId) }])),
    roles: new Map(
      roles.map((r) => [
        id(r.id),
        { id: id(r.id), label: String(r.label), relevance: Boolean(Number(r.relevance)), userId: parentOf(r.userId) },
      ]),
    ),
    roleMenus: linkMap(roleMenus, 'roleId', 'menuId'),
    roleDepartments: linkMap(roleDepartments, 'roleId', 'departmentId'),
  };
}
