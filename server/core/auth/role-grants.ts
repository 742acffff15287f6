/**
 * What a set of roles grants, computed from the rights tables alone. Both the access rights of a signed-in user and
 * the delegation guard use this one function, so "what a user holds" means the same thing everywhere.
 */

export type MenuNode = { id: number; parentId: number | null; perms: string | null };
export type DepartmentNode = { id: number; parentId: number | null };
export type RoleNode = { id: number; label: string; relevance: boolean; userId: number | null };

/** The rows a grant is computed from. Link maps go role id → linked ids. */
export type RightsTables = {
  menus: Map<number, MenuNode>;
  departments: Map<number, DepartmentNode>;
  roles: Map<number, RoleNode>;
  roleMenus: Map<number, Set<number>>;
  roleDepartments: Map<number, Set<number>>;
};

/** Permission strings, visible menus (linked ones and their ancestors) and department scope. */
export type Grant = { perms: Set<string>; menus: Set<number>; departments: Set<number> };

export const SUPER_ROLE_ID = 1;
export const SUPER_ROLE_LABEL = 'admin';

export const isSuperRole = (role: Pick<RoleNode, 'id' | 'label'>): boolean =>
  role.id === SUPER_ROLE_ID || role.label === SUPER_ROLE_LABEL;

/** Permission strings of a menu's comma list (trimmed, no empties). */
export const splitPerms = (perms: unknown): string[] =>
  String(perms ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

export const emptyGrant = (): Grant => ({ perms: new Set(), menus: new Set(), departments: new Set() });

/** Ids under the given roots (inclusive), following parentId; safe on cycles. */
export function descendantsOf(
  nodes: Iterable<{ id: number; parentId: number | null }>,
  roots: Iterable<number>,
): Set<number> {
  const children = new Map<number, number[]>();
  for (const n of nodes) if (n.parentId !== null) children.set(n.parentId, [...(children.get(n.parentId) ?? []), n.id]);
  const out = new Set<number>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** A menu and its ancestors (ids that exist), safe on cycles. */
function withAncestors(menus: Map<number, MenuNode>, id: number, into: Set<number>): void {
  let current: number | null = id;
  while (current !== null && !into.has(current)) {
    const node = menus.get(current);
    if (!node) return;
    into.add(current);
    current = node.parentId;
  }
}

/** What one role grants; the super role is not computed here (it holds everything). */
export function grantOfRole(tables: RightsTables, roleId: number): Grant {
  const grant = emptyGrant();
  const role = tables.roles.get(roleId);
  if (!role) return grant;
  for (const menuId of tables.roleMenus.get(roleId) ?? []) {
    const menu = tables.menus.get(menuId);
    if (!menu) continue;
    for (const p of splitPerms(menu.perms)) grant.perms.add(p);
    withAncestors(tables.menus, menuId, grant.menus);
  }
  const linked = [...(tables.roleDepartments.get(roleId) ?? [])];
  const scope = role.relevance ? descendantsOf(tables.departments.values(), linked) : new Set(linked);
  // A link to a department that no longer exists grants nothing.
  for (const d of scope) if (tables.departments.has(d)) grant.departments.add(d);
  return grant;
}

/** The union of what several roles grant. */
export function grantOfRoles(tables: RightsTables, roleIds: Iterable<number>): Grant {
  const out = emptyGrant();
  for (const id of roleIds) {
    const g = grantOfRole(tables, id);
    for (const p of g.perms) out.perms.add(p);
    for (const m of g.menus) out.menus.add(m);
    for (const d of g.departments) out.departments.add(d);
  }
  return out;
}

/** What `after` holds that `before` did not. */
export function grantGain(before: Grant, after: Grant): Grant {
  return {
    perms: new Set([...after.perms].filter((p) => !before.perms.has(p))),
    menus: new Set([...after.menus].filter((m) => !before.menus.has(m))),
    departments: new Set([...after.departments].filter((d) => !before.departments.has(d))),
  };
}

/** The first thing `grant` holds beyond `limit`, described for an error message; undefined when within. */
export function excess(
  grant: Grant,
  limit: Grant,
): { kind: 'permission' | 'menu' | 'department'; value: string | number } | undefined {
  for (const p of grant.perms) if (!limit.perms.has(p)) return { kind: 'permission', value: p };
  for (const m of grant.menus) if (!limit.menus.has(m)) return { kind: 'menu', value: m };
  for (const d of grant.departments) if (!limit.departments.has(d)) return { kind: 'department', value: d };
  return undefined;
}
