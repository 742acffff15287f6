import { expect } from 'vitest';
import type { TestApp } from './harness.js';
import type { Row } from '../../core/db/row.js';

export type Staff = { userId: number; roleId?: number; username: string; password: string };

/**
 * Creates an admin user the way a super admin does in the UI: a role through base/sys/role/add with the menus
 * it grants (menuIds null = no role at all), then the user through base/sys/user/add with that role. Asserts the
 * replies and the link rows, so every test that uses it also proves that path.
 */
export async function createStaff(
  t: TestApp,
  adminToken: string,
  o: {
    username: string;
    password?: string;
    menuIds: number[] | null;
    departmentIds?: number[];
    departmentId?: number;
    relevance?: boolean;
  },
): Promise<Staff> {
  const password = o.password ?? `Pw-${o.username}-1`;
  let roleId: number | undefined;
  if (o.menuIds) {
    const role = await t.call('POST', '/admin/base/sys/role/add', {
      token: adminToken,
      body: {
        name: `role of ${o.username}`,
        label: `r_${o.username}`,
        relevance: o.relevance ?? false,
        menuIdList: o.menuIds,
        departmentIdList: o.departmentIds ?? [],
      },
    });
    expect(role.status, role.raw).toBe(200);
    roleId = Number((role.body.data as Row).id);
    const links = (await t.rows('base_sys_role_menu'))
      .filter((r) => Number(r.roleId) === roleId)
      .map((r) => Number(r.menuId));
    expect(links.sort((a, b) => a - b)).toEqual([...new Set(o.menuIds)].sort((a, b) => a - b));
  }
  const user = await t.call('POST', '/admin/base/sys/user/add', {
    token: adminToken,
    body: {
      username: o.username,
      password,
      name: `Staff ${o.username}`,
      status: 1,
      departmentId: o.departmentId,
      roleIdList: roleId ? [roleId] : [],
    },
  });
  expect(user.status, user.raw).toBe(200);
  const userId = Number(user.body.data);
  const stored = (await t.rows('base_sys_user')).find((r) => Number(r.id) === userId);
  expect(stored?.username).toBe(o.username);
  expect(String(stored?.password)).toMatch(/^scrypt\$/);
  const held = (await t.rows('base_sys_user_role'))
    .filter((r) => Number(r.userId) === userId)
    .map((r) => Number(r.roleId));
  expect(held).toEqual(roleId ? [roleId] : []);
  return { userId, roleId, username: o.username, password };
}

/** A department added through the API under the seeded top one (or `parentId`); its id. */
export async function createDepartment(t: TestApp, adminToken: string, name: string, parentId = 1): Promise<number> {
  const r = await t.call('POST', '/admin/base/sys/department/add', { token: adminToken, body: { name, parentId } });
  expect(r.status, r.raw).toBe(200);
  return Number((r.body.data as Row).id);
}

/** The seeded menu rows as the super admin lists them (id, parentId, perms). */
export async function menuRows(
  t: TestApp,
  adminToken: string,
): Promise<{ id: number; parentId: number | null; perms: string | null; type: number }[]> {
  const r = await t.call('POST', '/admin/base/sys/menu/list', { token: adminToken, body: {} });
  expect(r.status, r.raw).toBe(200);
  return (r.body.data as Row[]).map((m) => ({
    id: Number(m.id),
    parentId: m.parentId === null ? null : Number(m.parentId),
    perms: (m.perms as string | null) ?? null,
    type: Number(m.type),
  }));
}

/** Permission strings that a set of menu rows grants (comma lists split, de-duplicated). */
export const permsOf = (menus: { perms: string | null }[]): Set<string> =>
  new Set(
    menus
      .flatMap((m) => (m.perms ?? '').split(','))
      .map((p) => p.trim())
      .filter(Boolean),
  );
