import type { Kysely } from 'kysely';
import type { SystemTables } from '../db/database.js';
import type { Row } from '../db/row.js';
import { loadRightsTables } from './rights-tables.js';
import { grantOfRoles, isSuperRole, splitPerms, SUPER_ROLE_ID, SUPER_ROLE_LABEL } from './role-grants.js';

export { SUPER_ROLE_ID, SUPER_ROLE_LABEL };

export type AccessRights = {
  roleIds: number[];
  isSuper: boolean;
  perms: Set<string>;
  /** null = every department. */
  departmentIds: number[] | null;
  /** Menu rows the user sees (linked to their roles, with ancestors); null = all. */
  menuIds: number[] | null;
};

/** Roles, permission strings and department scope of a user, read from the database (role-grants.ts says how). */
export async function loadAccessRights(kysely: Kysely<SystemTables>, userId: number): Promise<AccessRights> {
  const db = kysely;
  const roles = await db
    .selectFrom('base_sys_user_role as ur')
    .innerJoin('base_sys_role as r', 'r.id', 'ur.roleId')
    .select(['r.id', 'r.label'])
    .where('ur.userId', '=', userId)
    .execute();
  const roleIds = [...new Set(roles.map((r) => Number(r.id)))];
  const isSuper = roles.some((r) => isSuperRole(r));
  if (isSuper) {
    const menus = await db.selectFrom('base_sys_menu').select('perms').where('perms', 'is not', null).execute();
    return {
      roleIds,
      isSuper,
      perms: new Set(menus.flatMap((m) => splitPerms(m.perms))),
      departmentIds: null,
      menuIds: null,
    };
  }
  if (roleIds.length === 0) return { roleIds, isSuper, perms: new Set(), departmentIds: [], menuIds: [] };
  const grant = grantOfRoles(await loadRightsTables(kysely, roleIds), roleIds);
  return { roleIds, isSuper, perms: grant.perms, departmentIds: [...grant.departments], menuIds: [...grant.menus] };
}

/** Menu rows a user sees: all for the super admin, else those linked to their roles plus their ancestors. */
export async function loadMenus(
  kysely: Kysely<SystemTables>,
  rights: { isSuper: boolean; menuIds: readonly number[] | null },
): Promise<Row[]> {
  const all: Row[] = await kysely
    .selectFrom('base_sys_menu')
    .selectAll()
    .orderBy('orderNum', 'asc')
    .orderBy('id', 'asc')
    .execute();
  if (rights.isSuper || rights.menuIds === null) return all;
  const visible = new Set(rights.menuIds);
  return all.filter((m) => visible.has(Number(m.id)));
}
