import type { OpContext } from '../crud/context.js';
import type { Row } from '../db/row.js';
import { E, type Texts, textOf } from '../errors.js';
import { buildRightsTables } from './rights-tables.js';
import {
  excess,
  grantOfRole,
  grantOfRoles,
  isSuperRole,
  splitPerms,
  type Grant,
  type RightsTables,
} from './role-grants.js';

/**
 * The rights tables as one write's transaction sees them, and the caller's reach in them: which users, roles, menus
 * and departments a non-super admin may touch (delegation.ts judges a write with these; its README says the rule).
 */

export type Snapshot = {
  tables: RightsTables;
  users: Map<number, Row>;
  roles: Map<number, Row>;
  menus: Map<number, Row>;
  departments: Map<number, Row>;
  userRoles: Map<number, Set<number>>;
};

const byId = (rows: Row[]) => new Map(rows.map((r) => [Number(r.id), r]));

/** Every row of the rights tables, read in the caller's transaction. */
export async function snapshot(ctx: OpContext): Promise<Snapshot> {
  const { db } = ctx;
  const users = await db.selectFrom('base_sys_user').selectAll().execute();
  const roles = await db.selectFrom('base_sys_role').selectAll().execute();
  const menus = await db.selectFrom('base_sys_menu').selectAll().execute();
  const departments = await db.selectFrom('base_sys_department').selectAll().execute();
  const userRoleRows = await db.selectFrom('base_sys_user_role').select(['userId', 'roleId']).execute();
  const roleMenus = await db.selectFrom('base_sys_role_menu').select(['roleId', 'menuId']).execute();
  const roleDepartments = await db.selectFrom('base_sys_role_department').select(['roleId', 'departmentId']).execute();
  const userRoles = new Map<number, Set<number>>();
  for (const r of userRoleRows) {
    const u = Number(r.userId);
    if (!userRoles.has(u)) userRoles.set(u, new Set());
    userRoles.get(u)!.add(Number(r.roleId));
  }
  return {
    tables: buildRightsTables({ menus, departments, roles, roleMenus, roleDepartments }),
    users: byId(users),
    roles: byId(roles),
    menus: byId(menus),
    departments: byId(departments),
    userRoles,
  };
}

/** Who the caller is in one snapshot: their roles and what they hold. */
export class Reach {
  readonly roleIds: Set<number>;
  readonly rights: Grant;

  constructor(
    readonly s: Snapshot,
    readonly callerId: number,
  ) {
    this.roleIds = s.userRoles.get(callerId) ?? new Set();
    this.rights = grantOfRoles(s.tables, this.roleIds);
  }

  isSuperUser(userId: number): boolean {
    return [...(this.s.userRoles.get(userId) ?? [])].some((r) => this.isSuperRoleId(r));
  }

  isSuperRoleId(roleId: number): boolean {
    const role = this.s.tables.roles.get(roleId);
    return role ? isSuperRole(role) : roleId === 1;
  }

  /** Why the caller may not touch a user, or undefined. */
  user(userId: number): Texts | undefined {
    const row = this.s.users.get(userId);
    if (!row) return undefined;
    // A user out of reach is named by the id the caller sent, never by its user name (nothing of it is told).
    if (this.isSuperUser(userId) || row.departmentId === null || !this.rights.departments.has(Number(row.departmentId)))
      return textOf(E.REACH_USER_OUTSIDE, { id: userId });
    const name = String(row.username);
    const more = excess(grantOfRoles(this.s.tables, this.s.userRoles.get(userId) ?? []), this.rights);
    if (more) return textOf(E.REACH_USER_HOLDS, { name, what: describeExcess(more) });
    return undefined;
  }

  /** Why the caller may not touch a role, or undefined. */
  role(roleId: number): Texts | undefined {
    const role = this.s.tables.roles.get(roleId);
    if (!role) return undefined;
    if (isSuperRole(role)) return textOf(E.REACH_ROLE_SUPER, { id: roleId });
    // A role out of reach is named by its id, not its label.
    if (role.userId !== this.callerId && !this.roleIds.has(roleId))
      return textOf(E.REACH_ROLE_NOT_YOURS, { id: roleId });
    const name = String(role.label);
    const more = excess(grantOfRole(this.s.tables, roleId), this.rights);
    if (more) return textOf(E.REACH_ROLE_GRANTS, { name, what: describeExcess(more) });
    return undefined;
  }

  /** Why the caller may not touch a menu, or undefined. */
  menu(menuId: number): Texts | undefined {
    const menu = this.s.tables.menus.get(menuId);
    if (!menu) return undefined;
    if (!this.rights.menus.has(menuId)) return textOf(E.REACH_MENU_NOT_YOURS, { id: menuId });
    const perm = splitPerms(menu.perms).find((p) => !this.rights.perms.has(p));
    if (perm !== undefined) return textOf(E.REACH_MENU_PERMISSION, { id: menuId, perm });
    return undefined;
  }

  /** Why the caller may not touch a department, or undefined. */
  department(departmentId: number): Texts | undefined {
    if (!this.s.tables.departments.has(departmentId)) return undefined;
    return this.rights.departments.has(departmentId)
      ? undefined
      : textOf(E.REACH_DEPARTMENT_OUTSIDE, { id: departmentId });
  }

  /** Why the caller may not put something under this menu parent, or undefined. */
  menuParent(parentId: unknown): Texts | undefined {
    if (parentId === null || parentId === undefined) return undefined;
    return this.rights.menus.has(Number(parentId))
      ? undefined
      : textOf(E.REACH_MENU_NOT_YOURS, { id: String(parentId) });
  }

  /** Why the caller may not put something under this department parent, or undefined. */
  departmentParent(parentId: unknown): Texts | undefined {
    if (parentId === null || parentId === undefined) return textOf(E.REACH_TOP_DEPARTMENT);
    return this.rights.departments.has(Number(parentId))
      ? undefined
      : textOf(E.REACH_DEPARTMENT_OUTSIDE, { id: String(parentId) });
  }
}

export function describeExcess(e: NonNullable<ReturnType<typeof excess>>): Texts {
  const entry = { permission: E.EXCESS_PERMISSION, menu: E.EXCESS_MENU, department: E.EXCESS_DEPARTMENT }[e.kind];
  return textOf(entry, { value: e.value });
}
