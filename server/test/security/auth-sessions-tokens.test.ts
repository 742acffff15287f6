import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../support/harness.js';
import { createStaff } from '../support/create-staff.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { type Pair, REFRESH, sessionsSuite } from './sessions-suite.js';

describe.each(DIALECTS)('sessions: refresh, revocation, password storage (%s)', (dialect) => {
  const { started, attempt, login, userRow, personStatus } = sessionsSuite(dialect);
  let t: TestApp;
  let admin: string;
  beforeAll(() => {
    ({ t, admin } = started());
  });

  it('login refuses a wrong password, a disabled user (its own message, only with the right password) and a user without roles', async () => {
    const wrong = await attempt('admin', 'nope');
    expect([wrong.status, wrong.body.code, wrong.body.message]).toEqual([400, 1001, '账户或密码不正确~']);
    const unknown = await attempt('no-such-user', 'nope');
    expect([unknown.status, unknown.body.message]).toEqual([400, '账户或密码不正确~']);
    const off = await createStaff(t, admin, { username: 's_off', menuIds: [] });
    await untyped(t.app.joinery.database.db)
      .updateTable('base_sys_user')
      .set({ status: 0 })
      .where('id', '=', off.userId)
      .execute();
    const disabled = await attempt(off.username, off.password);
    expect([disabled.status, disabled.body.message]).toEqual([400, '该账户已被禁用，请联系管理员~']);
    // Without the password a disabled account looks like any wrong login: nothing tells that it exists.
    const guessed = await attempt(off.username, 'wrong-password');
    expect([guessed.status, guessed.body.message]).toEqual([400, '账户或密码不正确~']);
    const roleless = await createStaff(t, admin, { username: 's_roleless', menuIds: null });
    const none = await attempt(roleless.username, roleless.password);
    expect([none.status, none.body.message]).toEqual([400, '该用户未设置任何角色，无法登录~']);
    const sessions = (await t.rows('base_sys_session')).filter((s) =>
      [off.userId, roleless.userId].includes(Number(s.userId)),
    );
    expect(sessions).toEqual([]);
  });

  it('refresh (GET query and POST body) rotates the pair; reusing a spent refresh token revokes the whole chain', async () => {
    const first = await login('admin', '123456');
    const viaGet = await t.call('GET', REFRESH, { query: { refreshToken: first.refreshToken } });
    expect(viaGet.status, viaGet.raw).toBe(200);
    const second = viaGet.body.data as Pair & { expire: number; refreshExpire: number };
    expect([second.expire, second.refreshExpire]).toEqual([7200, 1296000]);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(await personStatus(second.token)).toBe(200);
    const viaPost = await t.call('POST', REFRESH, { body: { refreshToken: second.refreshToken } });
    expect(viaPost.status, viaPost.raw).toBe(200);
    const third = viaPost.body.data as Pair;
    expect(await personStatus(third.token)).toBe(200);

    const reused = await t.call('GET', REFRESH, { query: { refreshToken: first.refreshToken } });
    expect([reused.status, reused.body.message]).toEqual([401, '登录失效~']);
    expect((await t.call('POST', REFRESH, { body: { refreshToken: third.refreshToken } })).status).toBe(401);
    expect(await personStatus(third.token)).toBe(401);
    expect(await personStatus(first.token)).toBe(401);
    const sid = JSON.parse(Buffer.from(first.token.split('.')[1], 'base64url').toString()).sid as string;
    expect(Number((await t.rows('base_sys_session')).find((s) => s.sid === sid)?.revoked)).toBe(1);
    expect(await personStatus(admin)).toBe(200); // other sessions of the same user live on
    const garbage = await t.call('GET', REFRESH, { query: { refreshToken: 'not-a-token' } });
    expect([garbage.status, garbage.body.message]).toEqual([401, '登录失效~']);
  });

  it('two tabs refreshing one session at once both go on; the previous refresh token is honoured only just after its rotation', async () => {
    const sidOf = (pair: Pair) =>
      JSON.parse(Buffer.from(pair.token.split('.')[1], 'base64url').toString()).sid as string;
    const first = await login('admin', '123456');
    // Both tabs send the same refresh token at the same moment.
    const [a, b] = await Promise.all(
      [1, 2].map(() => t.call('POST', REFRESH, { body: { refreshToken: first.refreshToken } })),
    );
    expect([a.status, b.status], `${a.raw} ${b.raw}`).toEqual([200, 200]);
    const tabA = a.body.data as Pair;
    const tabB = b.body.data as Pair;
    expect(await personStatus(tabA.token)).toBe(200);
    expect(await personStatus(tabB.token)).toBe(200);
    // One rotation happened: both tabs now hold the chain's current refresh token, and it goes on working.
    expect(tabA.refreshToken).toBe(tabB.refreshToken);
    const next = await t.call('POST', REFRESH, { body: { refreshToken: tabB.refreshToken } });
    expect(next.status, next.raw).toBe(200);
    const later = next.body.data as Pair;
    expect(await personStatus(later.token)).toBe(200);

    // Once the grace has passed, the previous token is a reuse like any other: the whole chain ends.
    await untyped(t.app.joinery.database.db)
      .updateTable('base_sys_session')
      .set({ prevRefreshUntil: '2000-01-01 00:00:00' })
      .where('sid', '=', sidOf(first))
      .execute();
    const stale = await t.call('POST', REFRESH, { body: { refreshToken: tabA.refreshToken } });
    expect([stale.status, stale.body.message]).toEqual([401, '登录失效~']);
    expect(await personStatus(later.token)).toBe(401);
    expect(Number((await t.rows('base_sys_session')).find((s) => s.sid === sidOf(first))?.revoked)).toBe(1);
  });

  it('a password change through personUpdate needs the old password and ends every earlier token on the next request', async () => {
    const staff = await createStaff(t, admin, { username: 's_pw', password: 'Old-pass-1', menuIds: [] });
    const a = await login(staff.username, 'Old-pass-1');
    const b = await login(staff.username, 'Old-pass-1');
    const missing = await t.call('POST', '/admin/base/comm/personUpdate', {
      token: b.token,
      body: { password: 'New-pass-2' },
    });
    expect(missing.status).toBe(400);
    const wrongOld = await t.call('POST', '/admin/base/comm/personUpdate', {
      token: b.token,
      body: { password: 'New-pass-2', oldPassword: 'bad' },
    });
    expect([wrongOld.status, wrongOld.body.message]).toEqual([400, '原密码错误']);
    expect(Number((await userRow(staff.userId)).passwordV)).toBe(1);
    expect(await personStatus(a.token)).toBe(200);

    const changed = await t.call('POST', '/admin/base/comm/personUpdate', {
      token: b.token,
      body: { password: 'New-pass-2', oldPassword: 'Old-pass-1' },
    });
    expect(changed.status, changed.raw).toBe(200);
    expect(Number((await userRow(staff.userId)).passwordV)).toBe(2);
    for (const token of [a.token, b.token]) expect(await personStatus(token)).toBe(401);
    expect((await t.call('GET', REFRESH, { query: { refreshToken: a.refreshToken } })).status).toBe(401);
    expect((await attempt(staff.username, 'Old-pass-1')).status).toBe(400);
    expect(await personStatus((await login(staff.username, 'New-pass-2')).token)).toBe(200);
  });

  it('disabling a user through base/sys/user/update and logging out end their tokens on the next request', async () => {
    const staff = await createStaff(t, admin, { username: 's_dis', menuIds: [] });
    const pair = await login(staff.username, staff.password);
    expect(await personStatus(pair.token)).toBe(200);
    const off = await t.call('POST', '/admin/base/sys/user/update', {
      token: admin,
      body: { id: staff.userId, status: 0 },
    });
    expect(off.status, off.raw).toBe(200);
    expect(await personStatus(pair.token)).toBe(401);
    expect((await t.call('GET', REFRESH, { query: { refreshToken: pair.refreshToken } })).status).toBe(401);
    expect(
      (await t.rows('base_sys_session')).filter((s) => Number(s.userId) === staff.userId).map((s) => Number(s.revoked)),
    ).toEqual([1]);

    const leaver = await createStaff(t, admin, { username: 's_out', menuIds: [] });
    const session = await login(leaver.username, leaver.password);
    expect((await t.call('POST', '/admin/base/comm/logout', { token: session.token })).status).toBe(200);
    expect(await personStatus(session.token)).toBe(401);
    expect((await t.call('POST', REFRESH, { body: { refreshToken: session.refreshToken } })).status).toBe(401);

    // Deleting a user ends their sessions in the same transaction (on SQLite this once waited for itself forever).
    const gone = await createStaff(t, admin, { username: 's_gone', menuIds: [] });
    const last = await login(gone.username, gone.password);
    const deleted = await t.call('POST', '/admin/base/sys/user/delete', { token: admin, body: { ids: [gone.userId] } });
    expect(deleted.status, deleted.raw).toBe(200);
    expect(await personStatus(last.token)).toBe(401);
    expect((await t.rows('base_sys_user')).some((r) => Number(r.id) === gone.userId)).toBe(false);
    expect(
      (await t.rows('base_sys_session')).filter((s) => Number(s.userId) === gone.userId).map((s) => Number(s.revoked)),
    ).toEqual([1]);
  });
});
