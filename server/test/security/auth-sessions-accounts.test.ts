import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../support/harness.js';
import { createStaff, menuRows } from '../support/create-staff.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { buildApp } from '../../app.js';
import type { Row } from '../../core/db/row.js';
import { LOGIN, PERSON, sessionsSuite } from './sessions-suite.js';

describe.each(DIALECTS)('sessions: refresh, revocation, password storage (%s)', (dialect) => {
  const { started, attempt, login, userRow, personStatus } = sessionsSuite(dialect);
  let t: TestApp;
  let admin: string;
  beforeAll(() => {
    ({ t, admin } = started());
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
