import { afterAll, beforeAll, expect } from 'vitest';
import { type DialectUnderTest, startApp, type TestApp } from '../support/harness.js';
import { createStaff, menuRows } from '../support/create-staff.js';
import type { Row } from '../../core/db/row.js';

/**
 * The world the delegation tests (delegation-*.test.ts) start from, for the suite it is called in: a wider tree than
 * the seed (two branches with sub-departments, staff in each, a deleted user in the bin), and the calls they use.
 */
export function delegationWorld(dialect: DialectUnderTest) {
  let t: TestApp;
  let admin: string;

  const post = (url: string, body: unknown, token = admin) => t.call('POST', url, { token, body });
  const ok = async (url: string, body: unknown, token = admin) => {
    const r = await post(url, body, token);
    expect(r.status, `${url} ${r.raw}`).toBe(200);
    return r.body.data as Row & number;
  };
  const login = async (username: string, password: string) => {
    const r = await post('/admin/base/open/login', { username, password }, '');
    expect(r.status, r.raw).toBe(200);
    return (r.body.data as Row).token as string;
  };
  const perms = async (token: string) =>
    ((await t.call('GET', '/admin/base/comm/permmenu', { token })).body.data as { perms: string[] }).perms;
  const menuByPerm = async (pattern: RegExp) =>
    (await menuRows(t, admin)).filter((m) => pattern.test(m.perms ?? '')).map((m) => m.id);

  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
    // A wider tree than the seed: two branches with sub-departments, staff in each, and bin records of both.
    const a = await ok('/admin/base/sys/department/add', { name: 'Branch A', parentId: 1 });
    const a1 = await ok('/admin/base/sys/department/add', { name: 'Branch A1', parentId: (a as Row).id });
    const b = await ok('/admin/base/sys/department/add', { name: 'Branch B', parentId: 1 });
    await ok('/admin/base/sys/department/add', { name: 'Branch B1', parentId: (b as Row).id });
    const strong = await createStaff(t, admin, {
      username: 'd_strong',
      menuIds: (await menuRows(t, admin)).map((m) => m.id),
      departmentIds: [1],
      departmentId: Number((a1 as Row).id),
    });
    await createStaff(t, admin, {
      username: 'd_weak',
      menuIds: await menuByPerm(/^product:info:page/),
      departmentId: Number((a as Row).id),
    });
    const leaver = await createStaff(t, admin, {
      username: 'd_leaver',
      menuIds: [],
      departmentId: Number((b as Row).id),
    });
    await ok('/admin/base/sys/user/delete', { ids: [leaver.userId] });
    void strong;
  });
  afterAll(() => t.close());

  return { started: () => ({ t, admin }), post, ok, login, perms, menuByPerm };
}
