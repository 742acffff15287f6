import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from './harness.js';
import { createStaff, menuRows } from './create-staff.js';
import { untyped } from '../core/crud/dynamic-db.js';
import { buildApp } from '../app.js';
import type { Row } from '../core/db/row.js';

const LOGIN = '/admin/base/open/login';
const REFRESH = '/admin/base/open/refreshToken';
const PERSON = '/admin/base/comm/person';

type Pair = { token: string; refreshToken: string };

describe.each(DIALECTS)('sessions: refresh, revocation, password storage (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let clients = 0;
  /** A login from its own client address, so that this file's deliberate failures never trip the per-IP throttle. */
  const attempt = async (username: string, password: string): Promise<{ status: number; body: Row; raw: string }> => {
    clients += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username, password },
      remoteAddress: `10.9.${clients >> 8}.${clients & 255}`,
    });
    return { status: res.statusCode, body: res.json() as Row, raw: res.body };
  };
  const login = async (username: string, password: string): Promise<Pair> => {
    const r = await attempt(username, password);
    expect(r.status, r.raw).toBe(200);
    return r.body.data as Pair;
  };
  const userRow = async (id: number) => (await t.rows('base_sys_user')).find((r) => Number(r.id) === id)!;
  const personStatus = async (token: string) => (await t.call('GET', PERSON, { token })).status;

  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
  });
  afterAll(() => t.close());

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

  it('an MD5 hash from an original database verifies once and is upgraded to scrypt on that login', async () => {
    const staff = await createStaff(t, admin, { username: 's_md5', menuIds: [] });
    const md5 = createHash('md5').update('Legacy-pass-1').digest('hex');
    await untyped(t.app.joinery.database.db)
      .updateTable('base_sys_user')
      .set({ password: md5 })
      .where('id', '=', staff.userId)
      .execute();
    expect((await attempt(staff.username, 'wrong')).status).toBe(400);
    expect((await userRow(staff.userId)).password).toBe(md5);
    await login(staff.username, 'Legacy-pass-1');
    const upgraded = String((await userRow(staff.userId)).password);
    expect(upgraded).toMatch(/^scrypt\$/);
    expect(upgraded).not.toContain(md5);
    await login(staff.username, 'Legacy-pass-1');
    expect((await userRow(staff.userId)).password).toBe(upgraded);
  });

  it('personUpdate changes profile fields only, never status, username or passwordV', async () => {
    const staff = await createStaff(t, admin, { username: 's_self', menuIds: [] });
    const { token } = await login(staff.username, staff.password);
    const before = await userRow(staff.userId);
    const r = await t.call('POST', '/admin/base/comm/personUpdate', {
      token,
      body: { nickName: 'Nick', status: 0, username: 'hijack', passwordV: 99, departmentId: 1 },
    });
    expect(r.status).toBeLessThan(500);
    const after = await userRow(staff.userId);
    expect([after.status, after.username, after.passwordV, after.departmentId]).toEqual([
      before.status,
      before.username,
      before.passwordV,
      before.departmentId,
    ]);
    if (r.status === 200) expect(after.nickName).toBe('Nick');
    expect(await personStatus(token)).toBe(200);
  });

  it('a non-super admin cannot change, move or delete the super admin, nor grant the super role', async () => {
    const menus = await menuRows(t, admin);
    const userMenus = menus.filter((m) => /base:sys:user:/.test(m.perms ?? '')).map((m) => m.id);
    const departments = (await t.rows('base_sys_department')).map((d) => Number(d.id));
    const manager = await createStaff(t, admin, {
      username: 's_mgr',
      menuIds: userMenus,
      departmentIds: departments,
      departmentId: departments[0],
    });
    expect(Number((await userRow(1)).departmentId), "the super admin sits in the manager's data scope").toBeOneOf(
      departments,
    );
    const { token } = await login(manager.username, manager.password);
    const before = await userRow(1);
    // A super admin is outside every delegated admin's reach: not found for update, left alone by delete, refused by move.
    const update = await t.call('POST', '/admin/base/sys/user/update', {
      token,
      body: { id: 1, name: 'taken over', password: 'Owned-1' },
    });
    expect(update.status).toBe(404);
    expect((await t.call('GET', '/admin/base/sys/user/info', { token, query: { id: '1' } })).body.data).toBeUndefined();
    await t.call('POST', '/admin/base/sys/user/delete', { token, body: { ids: [1] } });
    const move = await t.call('POST', '/admin/base/sys/user/move', {
      token,
      body: { departmentId: departments[departments.length - 1], userIds: [1] },
    });
    expect([move.status, move.body.message]).toEqual([400, '不允许：超级管理员只能由超级管理员修改']);
    expect(await userRow(1)).toEqual(before);
    const grantSelf = await t.call('POST', '/admin/base/sys/user/update', {
      token,
      body: { id: manager.userId, roleIdList: [1] },
    });
    expect([grantSelf.status, grantSelf.body.message]).toEqual([400, '不允许：只有超级管理员可以授予超级管理员角色']);
    const grantNew = await t.call('POST', '/admin/base/sys/user/add', {
      token,
      body: { username: 's_evil', name: 'Evil', password: 'Evil-pass-1', roleIdList: [1] },
    });
    expect(grantNew.status).toBe(400);
    expect(
      (await t.rows('base_sys_user_role')).filter((r) => Number(r.roleId) === 1).map((r) => Number(r.userId)),
    ).toEqual([1]);
    expect((await t.rows('base_sys_user')).some((r) => r.username === 's_evil')).toBe(false);
  });

  it('a non-super admin who may edit menus cannot write a permission they lack into their own menu', async () => {
    const menus = await menuRows(t, admin);
    const productQuery = menus.find((m) => m.perms === 'product:info:page,product:info:list,product:info:info')!;
    const menuAdmin = menus.filter((m) => /base:sys:menu:/.test(m.perms ?? '')).map((m) => m.id);
    const editor = await createStaff(t, admin, { username: 's_menus', menuIds: [...menuAdmin, productQuery.id] });
    const { token } = await login(editor.username, editor.password);
    const grab = await t.call('POST', '/admin/base/sys/menu/update', {
      token,
      body: { id: productQuery.id, perms: 'product:info:page,base:sys:user:delete' },
    });
    expect(grab.status, grab.raw).toBe(400);
    expect((await t.rows('base_sys_menu')).find((m) => Number(m.id) === productQuery.id)?.perms).toBe(
      productQuery.perms,
    );
    const perms = (await t.call('GET', '/admin/base/comm/permmenu', { token })).body.data as { perms: string[] };
    expect(perms.perms).not.toContain('base:sys:user:delete');
    expect(
      (await t.call('POST', '/admin/base/sys/user/delete', { token, body: { ids: [editor.userId] } })).status,
    ).toBe(403);
    const rename = await t.call('POST', '/admin/base/sys/menu/update', {
      token,
      body: { id: productQuery.id, name: '查看', perms: 'product:info:page,product:info:info' },
    });
    expect(rename.status, rename.raw).toBe(200);
    expect((await t.rows('base_sys_menu')).find((m) => Number(m.id) === productQuery.id)?.name).toBe('查看');
  });

  it('keeps a random JWT secret of at least 32 characters in the data dir', () => {
    const file = path.join(t.dataDir, 'jwt-secret');
    const secret = fs.readFileSync(file, 'utf8').trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
  });
});

describe('the JWT secret across starts', () => {
  it('is kept on restart (tokens stay valid) and a short or publicly known secret refuses to start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-secret-'));
    try {
      const options = {
        databaseUrl: `sqlite:${path.join(dir, 'a.db')}`,
        dataDir: dir,
        captcha: false,
        uiDir: path.join(dir, 'no-ui'),
      };
      const first = await buildApp(options);
      const res = await first.inject({
        method: 'POST',
        url: LOGIN,
        payload: { username: 'admin', password: '123456' },
      });
      const token = String((res.json() as { data: Row }).data.token);
      await first.close();
      const secret = fs.readFileSync(path.join(dir, 'jwt-secret'), 'utf8');
      const second = await buildApp(options);
      expect((await second.inject({ method: 'GET', url: PERSON, headers: { authorization: token } })).statusCode).toBe(
        200,
      );
      await second.close();
      expect(fs.readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(secret);

      for (const [bad, message] of [
        ['cool-admin-xxxxxx', /shorter than 32|publicly known/],
        ['x'.repeat(20), /shorter than 32/],
        ['your-secret', /shorter than 32|publicly known/],
        ['ab'.repeat(32), /too simple/],
      ] as const) {
        const badDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-badsecret-'));
        fs.writeFileSync(path.join(badDir, 'jwt-secret'), bad);
        await expect(
          buildApp({ ...options, databaseUrl: `sqlite:${path.join(badDir, 'b.db')}`, dataDir: badDir }),
        ).rejects.toThrow(message);
        fs.rmSync(badDir, { recursive: true, force: true });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
