import type { OpContext } from '../crud/context.js';
import { appError, E, type Texts, textOf } from '../errors.js';
import type { Row } from '../db/row.js';
import type { Entity } from '../registry/entity-types.js';
import { describeExcess, Reach, snapshot, type Snapshot } from './delegation-reach.js';
import { excess, grantGain, grantOfRole, grantOfRoles, isSuperRole, splitPerms } from './role-grants.js';
import { writeWithRetry } from '../db/contention.js';

/**
 * Delegation: what a non-super admin may grant and touch. This is the one place the rule lives.
 *
 * The invariant: after any write by a non-super caller, (1) no role and no user holds a permission string, menu or
 * department that it did not hold before unless the caller held it before the write, (2) the caller itself holds
 * nothing it did not hold, and (3) every admin user, role, menu and department that was changed, deleted or created
 * lies in the caller's reach (below). Super-admin users and super roles are out of everyone's reach but a super
 * admin's. Every write to the rights tables by a non-super caller runs through `guardedTransaction`, which compares
 * the rights tables before and after the write inside the write's transaction and rolls the write back if any of
 * this is broken; modules may call the `assert…` helpers first for a friendlier, field-named message.
 *
 * Reach, judged on the state before the write and the caller's rights R then:
 * - a user: not a super admin, in a department of R, and holding nothing beyond R (no taking over a stronger account);
 * - a role: not a super role, created by the caller or held by the caller, and granting nothing beyond R;
 * - a menu: one of R's menus, carrying no permission beyond R; new and moved menus go under one of R's menus (or the root);
 * - a department: one of R's departments; new and moved departments go under one of R's departments.
 * A department created in the write may join a role's scope through `relevance` (it sits under the role's
 * departments); it may not be linked to a role directly.
 */

/**
 * A refusal of the delegation rule. 400 with code 1001 (a business rule, like the original's 非法操作~) rather than 403:
 * clients turn a 403 into the "no permission" page, and the admin would lose the form they were saving.
 */
export const notYours = (why: Texts, field?: string) =>
  appError(E.NOT_ALLOWED, { why }, field ? [{ path: field, message: why }] : undefined);

/** Row content that matters for "was it changed" (updateTime moves with any write). */
const content = (row: Row | undefined) => {
  if (!row) return '';
  const { updateTime: _u, ...rest } = row;
  return JSON.stringify(rest);
};

const sameSet = (a: Set<number> | undefined, b: Set<number> | undefined) => {
  const x = a ?? new Set<number>();
  const y = b ?? new Set<number>();
  return x.size === y.size && [...x].every((v) => y.has(v));
};

/** Compares the rights tables before and after a write by `callerId`; throws on the first thing out of reach. */
function judge(before: Snapshot, after: Snapshot, callerId: number): void {
  const reach = new Reach(before, callerId);
  const refuse = (why: Texts): never => {
    throw notYours(why);
  };
  const ids = (a: Map<number, unknown>, b: Map<number, unknown>) => new Set([...a.keys(), ...b.keys()]);

  if (before.users.has(callerId) && !after.users.has(callerId)) refuse(textOf(E.REACH_OWN_ACCOUNT));
  for (const id of ids(before.users, after.users)) {
    const was = before.users.get(id);
    const now = after.users.get(id);
    const linksChanged = !sameSet(before.userRoles.get(id), after.userRoles.get(id));
    if (was && (content(was) !== content(now) || linksChanged)) {
      const why = reach.user(id);
      if (why) refuse(why);
    }
    if (now && (!was || now.departmentId !== was.departmentId)) {
      if (now.departmentId === null || !reach.rights.departments.has(Number(now.departmentId)))
        refuse(textOf(E.REACH_USER_PLACED_OUTSIDE, { name: String(now.username) }));
    }
    for (const roleId of after.userRoles.get(id) ?? []) {
      if (before.userRoles.get(id)?.has(roleId)) continue;
      const role = after.tables.roles.get(roleId);
      if (!role || isSuperRole(role)) refuse(textOf(E.REACH_SUPER_ROLE_GRANT));
      const why = before.roles.has(roleId) ? reach.role(roleId) : undefined;
      if (why) refuse(textOf(E.REACH_ROLE_NOT_ASSIGNABLE, { id: roleId, why }));
      const more = excess(grantOfRole(after.tables, roleId), reach.rights);
      if (more) refuse(textOf(E.REACH_ROLE_GRANTS, { name: String(role!.label), what: describeExcess(more) }));
    }
  }
  // Links of users that no longer exist are leftovers the delete removed with them; nothing else may change.
  for (const [userId] of after.userRoles)
    if (!after.users.has(userId) && !before.userRoles.has(userId)) refuse(textOf(E.REACH_ORPHAN_LINKS));

  for (const id of ids(before.roles, after.roles)) {
    const was = before.roles.get(id);
    const now = after.roles.get(id);
    const linksChanged =
      !sameSet(before.tables.roleMenus.get(id), after.tables.roleMenus.get(id)) ||
      !sameSet(before.tables.roleDepartments.get(id), after.tables.roleDepartments.get(id));
    if (was && (content(was) !== content(now) || linksChanged)) {
      const why = reach.role(id);
      if (why) refuse(why);
    }
    const role = after.tables.roles.get(id);
    if (!role) continue;
    if (isSuperRole(role)) {
      // A role becomes super by its label as well as by its id: renaming one to `admin` is making a super role.
      const wasSuper = before.tables.roles.get(id);
      if (!wasSuper || !isSuperRole(wasSuper)) refuse(textOf(E.REACH_SUPER_ROLE_CREATE));
      continue;
    }
    const gain = grantGain(
      was ? grantOfRole(before.tables, id) : { perms: new Set(), menus: new Set(), departments: new Set() },
      grantOfRole(after.tables, id),
    );
    const linked = after.tables.roleDepartments.get(id) ?? new Set<number>();
    // A department created by this write that reaches the role through relevance is part of a scope it already had.
    for (const d of [...gain.departments])
      if (!before.tables.departments.has(d) && !linked.has(d)) gain.departments.delete(d);
    const more = excess(gain, reach.rights);
    if (more) refuse(textOf(E.REACH_ROLE_WOULD_GAIN, { name: String(role.label), what: describeExcess(more) }));
  }

  for (const id of ids(before.menus, after.menus)) {
    const was = before.menus.get(id);
    const now = after.menus.get(id);
    if (was && content(was) === content(now)) continue;
    if (was) {
      const why = reach.menu(id);
      if (why) refuse(why);
    }
    if (!now) continue;
    const perm = splitPerms(now.perms).find((p) => !reach.rights.perms.has(p));
    if (perm !== undefined) refuse(textOf(E.REACH_PERMISSION_NOT_HELD, { perm }));
    // A new or moved menu goes under one of the caller's menus, the root, or a menu created by this same write (import).
    const parentIsNew = now.parentId !== null && !before.menus.has(Number(now.parentId));
    if ((!was || now.parentId !== was.parentId) && !parentIsNew) {
      const why = reach.menuParent(now.parentId);
      if (why) refuse(why);
    }
  }

  for (const id of ids(before.departments, after.departments)) {
    const was = before.departments.get(id);
    const now = after.departments.get(id);
    if (was && content(was) === content(now)) continue;
    if (was) {
      const why = reach.department(id);
      if (why) refuse(why);
    }
    const parentIsNew =
      now?.parentId !== null && now?.parentId !== undefined && !before.departments.has(Number(now.parentId));
    if (now && (!was || now.parentId !== was.parentId) && !parentIsNew) {
      const why = reach.departmentParent(now.parentId);
      if (why) refuse(why);
    }
  }

  // The invariant as the issue states it, checked last as a backstop: the caller holds nothing new.
  const held = grantOfRoles(after.tables, after.userRoles.get(callerId) ?? []);
  const gain = grantGain(reach.rights, held);
  for (const d of [...gain.departments]) if (!before.tables.departments.has(d)) gain.departments.delete(d);
  const more = excess(gain, reach.rights);
  if (more) refuse(textOf(E.REACH_YOU_WOULD_GAIN, { what: describeExcess(more) }));
}

/** Whether writes by this caller are judged (super admins and system work are not). */
const judged = (ctx: OpContext) => ctx.user !== undefined && !ctx.user.isSuper;

/**
 * Runs a write in one transaction; for a non-super caller, the rights tables are compared before and after it and
 * the transaction is rolled back when the write reaches beyond the caller (see the invariant above). Run again after a
 * deadlock, as every staff write (writeWithRetry).
 */
export async function guardedTransaction<T>(ctx: OpContext, work: (tx: OpContext) => Promise<T>): Promise<T> {
  return writeWithRetry(ctx.db, async (trx) => {
    const tx = { ...ctx, db: trx };
    if (!judged(ctx)) return work(tx);
    const before = await snapshot(tx);
    const result = await work(tx);
    judge(before, await snapshot(tx), ctx.user!.id);
    return result;
  });
}

/** Whether a write to this entity needs the delegation guard: its schema says its rows carry rights (x-rights). */
export const touchesRights = (entity: Pick<Entity, 'rights'>): boolean => entity.rights;

/**
 * Field-level checks a module can make before it writes, for a clear message on the common paths; the guard after
 * the write is what enforces the rule. Each reads the current state in the caller's transaction.
 */
export const delegation = {
  /** The permission strings of a comma list that the caller does not hold. */
  async missingPerms(ctx: OpContext, perms: unknown): Promise<string[]> {
    if (!judged(ctx)) return [];
    return splitPerms(perms).filter((p) => !ctx.user!.perms.has(p));
  },

  /** Throws naming `field` when the caller may not touch one of these records. */
  async assertReach(
    ctx: OpContext,
    kind: 'user' | 'role' | 'menu' | 'department',
    ids: number[],
    field = 'ids',
  ): Promise<void> {
    if (!judged(ctx) || ids.length === 0) return;
    const reach = new Reach(await snapshot(ctx), ctx.user!.id);
    for (const id of ids) {
      const why = reach[kind](id);
      if (why) throw notYours(why, field);
    }
  },

  /** Throws naming `field` when the caller may not assign one of these roles. */
  async assertAssignableRoles(ctx: OpContext, roleIds: number[], field = 'roleIdList'): Promise<void> {
    if (!judged(ctx) || roleIds.length === 0) return;
    const reach = new Reach(await snapshot(ctx), ctx.user!.id);
    for (const id of roleIds) {
      if (reach.isSuperRoleId(id)) throw notYours(textOf(E.REACH_SUPER_ROLE_GRANT), field);
      const why = reach.s.tables.roles.has(id) ? reach.role(id) : textOf(E.REACH_ROLE_MISSING, { id });
      if (why) throw notYours(why, field);
    }
  },
};
