import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import type { Access, DeclaredRoute } from '../../core/http/route-types.js';
import { createStaff, menuRows, permsOf } from '../support/create-staff.js';
import { forgeToken } from './forge-token.js';

/** What a cell of the matrix must answer: the call goes through (any reply but 401/403/5xx), or exactly 401 / 403. */
export type Expected = 'allow' | 401 | 403;

export type Caller = {
  name: string;
  /** The raw Authorization value (absent = anonymous). */
  authorization?: string;
  /** Calls nothing but public routes can write; the database must not change while they run. */
  readOnly: boolean;
  expect(route: DeclaredRoute): Expected;
};

const PARTIAL_PERMS = 'product:info:page,product:info:list,product:info:info';

/** A caller without a usable token: public routes answer, everything else is 401. */
const invalid = (name: string, authorization?: string): Caller => ({
  name,
  authorization,
  readOnly: true,
  expect: (r) => (r.access === 'public' ? 'allow' : 401),
});

/** A signed-in user: public and login routes answer; permission routes as the perms say. */
/** Routes only the super admin may call whatever a role grants (PROTOCOL §0: plugin install runs as the server). */
const SUPER_ONLY = new Set(['/admin/plugin/info/install']);

const member = (name: string, token: string, perms: ReadonlySet<string> | 'all', readOnly = false): Caller => ({
  name,
  authorization: token,
  readOnly,
  expect: (r) => {
    if (SUPER_ONLY.has(r.url)) return perms === 'all' ? 'allow' : 403;
    return r.access === 'public' || r.access === 'login' || perms === 'all' || perms.has(r.access as Access)
      ? 'allow'
      : 403;
  },
});

async function login(t: TestApp, username: string, password: string): Promise<Row> {
  const r = await t.call('POST', '/admin/base/open/login', { body: { username, password } });
  expect(r.status, r.raw).toBe(200);
  return r.body.data as Row;
}

async function permmenuPerms(t: TestApp, token: string): Promise<string[]> {
  const r = await t.call('GET', '/admin/base/comm/permmenu', { token });
  expect(r.status, r.raw).toBe(200);
  return ((r.body.data as Row).perms as string[]).slice().sort();
}

/**
 * Every kind of caller of the matrix, set up through the API as an admin would: users with no role, a role
 * without menus, a partial role, an admin-like role; tokens that are forged, expired, refresh, of a disabled
 * user, from before a password change, after logout. `admin` is a super-admin token for the set-up.
 */
export async function buildCallers(
  t: TestApp,
  admin: string,
): Promise<{ callers: Caller[]; partialPerms: Set<string>; adminLikePerms: Set<string> }> {
  const menus = await menuRows(t, admin);
  const partialMenu = menus.find((m) => m.perms === PARTIAL_PERMS);
  expect(partialMenu, 'seeded menu tree has the product query button').toBeDefined();
  const adminLikeMenus = menus.filter((m) => !/base:sys:(user|role):/.test(m.perms ?? ''));
  const partialPerms = permsOf([partialMenu!]);
  const adminLikePerms = permsOf(adminLikeMenus);
  expect(adminLikePerms.size).toBeGreaterThan(100);

  const nobody = await createStaff(t, admin, { username: 'm_norole', menuIds: null });
  const refusal = await t.call('POST', '/admin/base/open/login', {
    body: { username: nobody.username, password: nobody.password },
  });
  expect([refusal.status, refusal.body.message]).toEqual([400, '该用户未设置任何角色，无法登录~']);

  const noPerm = await createStaff(t, admin, { username: 'm_noperm', menuIds: [] });
  const partial = await createStaff(t, admin, { username: 'm_partial', menuIds: [partialMenu!.id] });
  const adminLike = await createStaff(t, admin, { username: 'm_adminlike', menuIds: adminLikeMenus.map((m) => m.id) });
  const disabled = await createStaff(t, admin, { username: 'm_disabled', menuIds: [partialMenu!.id] });
  const stale = await createStaff(t, admin, { username: 'm_stale', menuIds: [partialMenu!.id] });
  const leaver = await createStaff(t, admin, { username: 'm_leaver', menuIds: [partialMenu!.id] });

  const noPermToken = (await login(t, noPerm.username, noPerm.password)).token as string;
  const partialPair = await login(t, partial.username, partial.password);
  const partialToken = partialPair.token as string;
  const adminLikeToken = (await login(t, adminLike.username, adminLike.password)).token as string;
  const superToken = (await login(t, 'admin', '123456')).token as string;
  expect(await permmenuPerms(t, partialToken)).toEqual([...partialPerms].sort());
  expect(await permmenuPerms(t, adminLikeToken)).toEqual([...adminLikePerms].sort());
  expect(await permmenuPerms(t, noPermToken)).toEqual([]);

  const disabledToken = (await login(t, disabled.username, disabled.password)).token as string;
  const off = await t.call('POST', '/admin/base/sys/user/update', {
    token: admin,
    body: { id: disabled.userId, status: 0 },
  });
  expect(off.status, off.raw).toBe(200);
  expect((await t.rows('base_sys_user')).find((r) => Number(r.id) === disabled.userId)?.status).toBe(0);

  const staleToken = (await login(t, stale.username, stale.password)).token as string;
  const changed = await t.call('POST', '/admin/base/sys/user/update', {
    token: admin,
    body: { id: stale.userId, password: 'Another-pass-2' },
  });
  expect(changed.status, changed.raw).toBe(200);
  expect(Number((await t.rows('base_sys_user')).find((r) => Number(r.id) === stale.userId)?.passwordV)).toBe(2);

  const leaverToken = (await login(t, leaver.username, leaver.password)).token as string;
  const out = await t.call('POST', '/admin/base/comm/logout', { token: leaverToken });
  expect(out.status, out.raw).toBe(200);
  const sessions = (await t.rows('base_sys_session')).filter((s) =>
    [disabled.userId, leaver.userId].includes(Number(s.userId)),
  );
  expect(sessions.length).toBe(2);
  expect(sessions.every((s) => Number(s.revoked) === 1)).toBe(true);

  const sessionless = forgeToken(t, partialToken, {
    claims: { userId: nobody.userId, username: nobody.username, roleIds: [], passwordVersion: 1, sid: randomUUID() },
  });
  const callers: Caller[] = [
    invalid('anonymous'),
    invalid('forged signature', forgeToken(t, partialToken, { secret: 'f'.repeat(64) })),
    invalid('"Bearer " prefix', `Bearer ${partialToken}`),
    invalid('expired', forgeToken(t, partialToken, { signedAgoSeconds: 7200, ttl: 60 })),
    {
      name: 'refresh token as access',
      authorization: partialPair.refreshToken as string,
      readOnly: true,
      expect: () => 401,
    },
    invalid('disabled user', disabledToken),
    invalid('stale password version', staleToken),
    invalid('after logout', leaverToken),
    invalid('no-role user, signed without session', sessionless),
    member('no-permission user', noPermToken, new Set(), true),
    member('partial role', partialToken, partialPerms),
    member('admin-like role', adminLikeToken, adminLikePerms),
    member('super admin', superToken, 'all'),
  ];
  return { callers, partialPerms, adminLikePerms };
}
