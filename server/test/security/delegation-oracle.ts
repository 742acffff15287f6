import type { TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';

/**
 * The delegation invariant, computed from raw table rows by the test alone (it shares no code with the server's
 * guard): what each user holds, what a caller could reach before a sequence, and what changed after it.
 */

export type World = {
  users: Map<number, Row>;
  roles: Map<number, Row>;
  menus: Map<number, Row>;
  departments: Map<number, Row>;
  userRoles: Map<number, Set<number>>;
  roleMenus: Map<number, Set<number>>;
  roleDepartments: Map<number, Set<number>>;
};

export type Held = { perms: Set<string>; menus: Set<number>; departments: Set<number> };

const links = (rows: Row[], owner: string, other: string) => {
  const out = new Map<number, Set<number>>();
  for (const r of rows) {
    const k = Number(r[owner]);
    out.set(k, (out.get(k) ?? new Set()).add(Number(r[other])));
  }
  return out;
};

/** Every rights-relevant row, as stored. */
export async function readWorld(t: TestApp): Promise<World> {
  const byId = (rows: Row[]) => new Map(rows.map((r) => [Number(r.id), r]));
  return {
    users: byId(await t.rows('base_sys_user')),
    roles: byId(await t.rows('base_sys_role')),
    menus: byId(await t.rows('base_sys_menu')),
    departments: byId(await t.rows('base_sys_department')),
    userRoles: links(await t.rows('base_sys_user_role'), 'userId', 'roleId'),
    roleMenus: links(await t.rows('base_sys_role_menu'), 'roleId', 'menuId'),
    roleDepartments: links(await t.rows('base_sys_role_department'), 'roleId', 'departmentId'),
  };
}

const perms = (menu: Row | undefined) =>
  String(menu?.perms ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
const isSuperRole = (w: World, roleId: number) => roleId === 1 || w.roles.get(roleId)?.label === 'admin';
export const isSuperUser = (w: World, userId: number) =>
  [...(w.userRoles.get(userId) ?? [])].some((r) => isSuperRole(w, r));

/** What roles grant: perms of linked menus; linked menus and their ancestors; linked departments (and those below, with relevance). */
export function heldByRoles(w: World, roleIds: Iterable<number>): Held {
  const held: Held = { perms: new Set(), menus: new Set(), departments: new Set() };
  for (const roleId of roleIds) {
    const role = w.roles.get(roleId);
    if (!role) continue;
    for (const m of w.roleMenus.get(roleId) ?? []) {
      if (!w.menus.has(m)) continue;
      for (const p of perms(w.menus.get(m))) held.perms.add(p);
      for (let at: number | null = m, n = 0; at !== null && w.menus.has(at) && n < 1000; n += 1) {
        held.menus.add(at);
        const parent: unknown = w.menus.get(at)!.parentId;
        at = parent === null || parent === undefined ? null : Number(parent);
      }
    }
    const linked = [...(w.roleDepartments.get(roleId) ?? [])].filter((d) => w.departments.has(d));
    for (const d of linked) held.departments.add(d);
    if (Number(role.relevance) === 1 || role.relevance === true) {
      // With relevance, every department whose chain of parents meets one of the role's own departments.
      for (const d of w.departments.values()) {
        for (let at: number | null = Number(d.id), n = 0; at !== null && w.departments.has(at) && n < 1000; n += 1) {
          if (linked.includes(at)) {
            held.departments.add(Number(d.id));
            break;
          }
          const p: unknown = w.departments.get(at)!.parentId;
          at = p === null || p === undefined ? null : Number(p);
        }
      }
    }
  }
  return held;
}

export const heldByUser = (w: World, userId: number) => heldByRoles(w, w.userRoles.get(userId) ?? []);

const within = (a: Held, b: Held) =>
  [...a.perms].every((p) => b.perms.has(p)) &&
  [...a.menus].every((m) => b.menus.has(m)) &&
  [...a.departments].every((d) => b.departments.has(d));

const same = (a: Row | undefined, b: Row | undefined) => {
  const strip = (r: Row | undefined) => (r ? JSON.stringify({ ...r, updateTime: undefined }) : 'absent');
  return strip(a) === strip(b);
};
const sameSet = (a?: Set<number>, b?: Set<number>) =>
  (a?.size ?? 0) === (b?.size ?? 0) && [...(a ?? [])].every((x) => b?.has(x));

/** What the caller could reach before the sequence (the rule the server must keep). */
export function reachOf(w: World, callerId: number) {
  const rights = heldByUser(w, callerId);
  const callerRoles = w.userRoles.get(callerId) ?? new Set<number>();
  return {
    rights,
    user: (id: number) =>
      !isSuperUser(w, id) &&
      w.users.get(id)?.departmentId !== null &&
      rights.departments.has(Number(w.users.get(id)?.departmentId)) &&
      within(heldByUser(w, id), rights),
    role: (id: number) =>
      !isSuperRole(w, id) &&
      (Number(w.roles.get(id)?.userId) === callerId || callerRoles.has(id)) &&
      within(heldByRoles(w, [id]), rights),
    menu: (id: number) => rights.menus.has(id) && perms(w.menus.get(id)).every((p) => rights.perms.has(p)),
    department: (id: number) => rights.departments.has(id),
  };
}

/** Every way the sequence broke the invariant (empty = kept). */
export function violations(before: World, after: World, callerId: number): string[] {
  const out: string[] = [];
  const reach = reachOf(before, callerId);
  const R = reach.rights;
  // Departments created during the sequence inside the caller's scope (their parents lead to one of its departments)
  // are part of that scope: the caller may create them, staff them and grant them, as it may their parents.
  const createdInScope = new Set(
    [...after.departments.keys()].filter((d) => {
      if (before.departments.has(d)) return false;
      for (let at: number | null = d, n = 0; at !== null && after.departments.has(at) && n < 1000; n += 1) {
        if (R.departments.has(at)) return true;
        const p: unknown = after.departments.get(at)!.parentId;
        at = p === null || p === undefined ? null : Number(p);
      }
      return false;
    }),
  );
  const inScope = (d: number) => R.departments.has(d) || createdInScope.has(d);

  const gained = (was: Held, now: Held) => {
    const g: string[] = [];
    now.perms.forEach((p) => {
      if (!was.perms.has(p) && !R.perms.has(p)) g.push(`perm ${p}`);
    });
    now.menus.forEach((m) => {
      if (!was.menus.has(m) && !R.menus.has(m)) g.push(`menu ${m}`);
    });
    now.departments.forEach((d) => {
      if (!was.departments.has(d) && !inScope(d)) g.push(`department ${d}`);
    });
    return g;
  };

  // 1. The caller holds nothing it did not hold.
  for (const g of gained(R, heldByUser(after, callerId))) out.push(`caller gained ${g}`);

  // 2. No user gained anything the caller did not hold (an account the caller could take over).
  for (const id of after.users.keys()) {
    if (isSuperUser(before, id) || id === callerId) continue;
    for (const g of gained(heldByUser(before, id), heldByUser(after, id))) out.push(`user ${id} gained ${g}`);
  }

  // 3. The super admins and the super role are untouched.
  for (const [id, row] of before.users)
    if (
      isSuperUser(before, id) &&
      (!same(row, after.users.get(id)) || !sameSet(before.userRoles.get(id), after.userRoles.get(id)))
    )
      out.push(`super admin ${id} was changed`);
  const supersAfter = [...after.users.keys()].filter((id) => isSuperUser(after, id)).sort();
  const supersBefore = [...before.users.keys()].filter((id) => isSuperUser(before, id)).sort();
  if (JSON.stringify(supersAfter) !== JSON.stringify(supersBefore))
    out.push(`super admins were ${supersBefore} and are ${supersAfter}`);
  if (!same(before.roles.get(1), after.roles.get(1))) out.push('the super role was changed');

  // 4. Nothing outside the caller's reach was changed or deleted.
  for (const [id, row] of before.users)
    if (
      !reach.user(id) &&
      (!same(row, after.users.get(id)) || !sameSet(before.userRoles.get(id), after.userRoles.get(id)))
    )
      out.push(`user ${id} (out of reach) was changed or deleted`);
  for (const [id, row] of before.roles) {
    const linksSame =
      sameSet(before.roleMenus.get(id), after.roleMenus.get(id)) &&
      sameSet(before.roleDepartments.get(id), after.roleDepartments.get(id));
    if (!reach.role(id) && (!same(row, after.roles.get(id)) || !linksSame))
      out.push(`role ${id} (out of reach) was changed or deleted`);
  }
  for (const [id, row] of before.menus)
    if (!reach.menu(id) && !same(row, after.menus.get(id)))
      out.push(`menu ${id} (out of reach) was changed or deleted`);
  for (const [id, row] of before.departments)
    if (!reach.department(id) && !same(row, after.departments.get(id)))
      out.push(`department ${id} (out of reach) was changed or deleted`);

  // 5. New users land in the caller's scope; new menus carry only the caller's permissions.
  for (const [id, row] of after.users)
    if (!before.users.has(id) && !inScope(Number(row.departmentId)))
      out.push(`new user ${id} outside the caller's scope`);
  for (const [id, row] of after.menus)
    if (!before.menus.has(id) && !perms(row).every((p) => R.perms.has(p)))
      out.push(`new menu ${id} carries ${row.perms}`);
  return out;
}
