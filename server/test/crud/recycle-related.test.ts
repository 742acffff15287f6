import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { createStaff, menuRows } from '../support/create-staff.js';
import type { Row } from '../../core/db/row.js';
import { dbFingerprint, withoutRevision } from '../support/db-fingerprint.js';
import { untyped } from '../../core/crud/dynamic-db.js';

const sorted = (ids: unknown[]) => ids.map(Number).sort((a, b) => a - b);

/** Issue 25 §4: what a delete removes with a record (link rows, child rows) comes back with it on restore. */
describe.each(DIALECTS)('restore brings back what delete removed (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  const post = (url: string, body: unknown, token = admin, language?: string) =>
    t.call('POST', `/admin/${url}`, { token, body, ...(language ? { headers: { language } } : {}) });
  const ok = async (url: string, body: unknown, token = admin) => {
    const r = await post(url, body, token);
    expect(r.status, `${url} ${r.raw}`).toBe(200);
    return r.body.data as Row & number;
  };
  const info = async (prefix: string, id: number) =>
    (await t.call('GET', `/admin/${prefix}/info`, { token: admin, query: { id: String(id) } })).body.data as Row;
  const login = (username: string, password: string) =>
    t.call('POST', '/admin/base/open/login', { body: { username, password } });
  /** The recycle record made by the last delete of a row of this table with this id. */
  const recordOf = async (prefix: string, id: number) => {
    const found = (await t.rows('recycle_data')).filter(
      (r) => r.entityPrefix === prefix && (JSON.parse(String(r.data)) as Row[]).some((d) => Number(d.id) === id),
    );
    expect(found.length, `${prefix} ${id} in the bin`).toBeGreaterThan(0);
    return Number(found[found.length - 1].id);
  };
  const role = async (name: string, menuIdList: number[], departmentIdList: number[] = []) =>
    Number(
      (await ok('base/sys/role/add', { name, label: `l_${name}`, relevance: false, menuIdList, departmentIdList })).id,
    );

  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('a deleted and restored user has its roles again and signs in with its password', async () => {
    const menus = (await menuRows(t, admin)).filter((m) => /^base:sys:user:/.test(m.perms ?? '')).map((m) => m.id);
    const staff = await createStaff(t, admin, { username: 'r_user', menuIds: menus });
    const second = await role('r_second', []);
    await ok('base/sys/user/update', { id: staff.userId, roleIdList: [staff.roleId, second] });
    expect((await login(staff.username, staff.password)).status).toBe(200);
    await ok('base/sys/user/delete', { ids: [staff.userId] });
    expect((await login(staff.username, staff.password)).status).not.toBe(200);
    await ok('recycle/data/restore', { ids: [await recordOf('base/sys/user', staff.userId)] });
    expect(sorted((await info('base/sys/user', staff.userId)).roleIdList as number[])).toEqual(
      sorted([staff.roleId, second]),
    );
    const r = await login(staff.username, staff.password);
    expect(r.status, r.raw).toBe(200);
    const token = (r.body.data as Row).token as string;
    expect((await post('base/sys/user/page', { page: 1, size: 5 }, token)).status).toBe(200);
  });

  it('a deleted and restored role has its menus, departments and users again', async () => {
    const menus = (await menuRows(t, admin)).slice(0, 3).map((m) => m.id);
    const dept = Number((await ok('base/sys/department/add', { name: 'r_dept', parentId: 1 })).id);
    const id = await role('r_role', menus, [1, dept]);
    const member = await createStaff(t, admin, { username: 'r_member', menuIds: null });
    await ok('base/sys/user/update', { id: member.userId, roleIdList: [id] });
    const before = await info('base/sys/role', id);
    await ok('base/sys/role/delete', { ids: [id] });
    expect((await info('base/sys/user', member.userId)).roleIdList).toEqual([]);
    const r = await post('recycle/data/restore', { ids: [await recordOf('base/sys/role', id)] });
    expect(r.body).toEqual({ code: 1000, message: 'success' });
    expect(withoutRevision(await info('base/sys/role', id))).toEqual(withoutRevision(before));
    expect((await info('base/sys/user', member.userId)).roleIdList).toEqual([id]);
  });

  it('a department deleted with its users comes back with its role links, and its users with their roles', async () => {
    const dept = Number((await ok('base/sys/department/add', { name: 'r_gone', parentId: 1 })).id);
    const scoped = await role('r_scoped', [], [dept]);
    const staff = await createStaff(t, admin, { username: 'r_staff', menuIds: [], departmentId: dept });
    const fingerprint = await dbFingerprint(t, { history: false });
    await ok('base/sys/department/delete', { ids: [dept], deleteUser: true });
    expect((await info('base/sys/role', scoped)).departmentIdList).toEqual([]);
    const records = [await recordOf('base/sys/department', dept), await recordOf('base/sys/user', staff.userId)];
    await ok('recycle/data/restore', { ids: records });
    expect((await info('base/sys/role', scoped)).departmentIdList).toEqual([dept]);
    expect((await info('base/sys/user', staff.userId)).roleIdList).toEqual([staff.roleId]);
    expect((await login(staff.username, staff.password)).status).toBe(200);
    // Everything is as it was, but the bin's own rows, the log of these calls and the history (and revisions) they made.
    const now = await dbFingerprint(t, { history: false });
    for (const table of Object.keys(fingerprint))
      if (!['recycle_data', 'base_sys_log', 'base_sys_session', 'base_sys_login_attempt'].includes(table))
        expect(now[table], table).toEqual(fingerprint[table]);
  });

  it("a link whose other end was deleted meanwhile is left out and named, in the caller's language; restored together both come back", async () => {
    const kept = await role('r_kept', []);
    const gone = await role('r_gone', []);
    const staff = await createStaff(t, admin, { username: 'r_linked', menuIds: null });
    await ok('base/sys/user/update', { id: staff.userId, roleIdList: [kept, gone] });
    await ok('base/sys/user/delete', { ids: [staff.userId] });
    await ok('base/sys/role/delete', { ids: [gone] });
    const userRecord = await recordOf('base/sys/user', staff.userId);
    const roleRecord = await recordOf('base/sys/role', gone);

    // Together: the user's link to the role comes back as well.
    await ok('recycle/data/restore', { ids: [userRecord, roleRecord] });
    expect(sorted((await info('base/sys/user', staff.userId)).roleIdList as number[])).toEqual(sorted([kept, gone]));

    // Apart: the role is gone when the user comes back.
    await ok('base/sys/user/delete', { ids: [staff.userId] });
    await ok('base/sys/role/delete', { ids: [gone] });
    const r = await post('recycle/data/restore', { ids: [await recordOf('base/sys/user', staff.userId)] }, admin, 'en');
    expect(r.status, r.raw).toBe(200);
    const data = r.body.data as { message: string; skipped: Row[] };
    expect(data.message).toMatch(/^Restored; 1 link.*no longer exist/);
    expect(data.skipped).toEqual([
      expect.objectContaining({
        entity: 'base/sys/userRole',
        field: 'roleId',
        missing: { entity: 'base/sys/role', id: gone },
      }),
    ]);
    expect((await info('base/sys/user', staff.userId)).roleIdList).toEqual([kept]);
  });

  it('the skipped-link note follows the language header', async () => {
    for (const [language, text] of [
      ['zh-cn', /^已恢复；1 条关联/],
      ['zh-tw', /^已恢復；1 條關聯/],
      ['en', /^Restored; 1 link/],
    ] as const) {
      const gone = await role(`r_lg_${language}`, []);
      const staff = await createStaff(t, admin, { username: `r_${language}`, menuIds: null });
      await ok('base/sys/user/update', { id: staff.userId, roleIdList: [gone] });
      await ok('base/sys/user/delete', { ids: [staff.userId] });
      await ok('base/sys/role/delete', { ids: [gone] });
      const r = await post(
        'recycle/data/restore',
        { ids: [await recordOf('base/sys/user', staff.userId)] },
        admin,
        language,
      );
      expect(r.status, r.raw).toBe(200);
      expect((r.body.data as { message: string }).message).toMatch(text);
    }
  });

  it('a kept link that exists again is not doubled, and one whose id was given to another row goes back with a new id', async () => {
    const id = await role('r_twice', []);
    const other = await role('r_other', []);
    const one = await createStaff(t, admin, { username: 'r_one', menuIds: null });
    const two = await createStaff(t, admin, { username: 'r_two', menuIds: null });
    for (const u of [one, two]) await ok('base/sys/user/update', { id: u.userId, roleIdList: [id] });
    const links = (await t.rows('base_sys_user_role')).filter((r) => Number(r.roleId) === id);
    await ok('base/sys/role/delete', { ids: [id] });
    // Meanwhile another process (an import, a script) wrote link rows of its own.
    const db = untyped(t.app.joinery.database.db);
    const now = '2024-01-01 00:00:00';
    await db
      .insertInto('base_sys_user_role')
      .values({ userId: one.userId, roleId: id, createTime: now, updateTime: now })
      .execute();
    const twoLink = links.find((l) => Number(l.userId) === two.userId)!;
    await db.deleteFrom('base_sys_user_role').where('userId', '=', two.userId).execute();
    await db
      .insertInto('base_sys_user_role')
      .values({ id: twoLink.id, userId: two.userId, roleId: other, createTime: now, updateTime: now })
      .execute();
    const r = await post('recycle/data/restore', { ids: [await recordOf('base/sys/role', id)] });
    expect(r.body).toEqual({ code: 1000, message: 'success' });
    const after = await t.rows('base_sys_user_role');
    expect(after.filter((l) => Number(l.userId) === one.userId).map((l) => Number(l.roleId))).toEqual([id]);
    expect(sorted(after.filter((l) => Number(l.userId) === two.userId).map((l) => l.roleId))).toEqual(
      sorted([id, other]),
    );
  });

  it('a record kept before links were kept (no related column value) still restores, as before', async () => {
    const staff = await createStaff(t, admin, { username: 'r_old', menuIds: [] });
    await ok('base/sys/user/delete', { ids: [staff.userId] });
    const record = await recordOf('base/sys/user', staff.userId);
    await untyped(t.app.joinery.database.db)
      .updateTable('recycle_data')
      .set({ related: null })
      .where('id', '=', record)
      .execute();
    const r = await post('recycle/data/restore', { ids: [record] });
    expect(r.body).toEqual({ code: 1000, message: 'success' });
    expect((await info('base/sys/user', staff.userId)).username).toBe('r_old');
    expect((await info('base/sys/user', staff.userId)).roleIdList).toEqual([]);
  });

  it('dictionary entries deleted with their type, and entries below a deleted entry, come back', async () => {
    const type = Number((await ok('dict/type/add', { name: 'r_type', key: 'r_type' })).id);
    const top = Number((await ok('dict/info/add', { typeId: type, name: 'top', value: 'a' })).id);
    const child = Number((await ok('dict/info/add', { typeId: type, name: 'child', value: 'b', parentId: top })).id);
    const grandchild = Number(
      (await ok('dict/info/add', { typeId: type, name: 'grandchild', value: 'c', parentId: child })).id,
    );
    const entries = async () =>
      (await t.rows('dict_info')).filter((r) => Number(r.typeId) === type).map(withoutRevision);
    const before = await entries();
    expect(before.map((r) => Number(r.id))).toEqual([top, child, grandchild]);

    await ok('dict/info/delete', { ids: [child] });
    expect((await entries()).map((r) => Number(r.id))).toEqual([top]);
    await ok('recycle/data/restore', { ids: [await recordOf('dict/info', child)] });
    expect(await entries()).toEqual(before);

    await ok('dict/type/delete', { ids: [type] });
    expect(await entries()).toEqual([]);
    await ok('recycle/data/restore', { ids: [await recordOf('dict/type', type)] });
    expect(await entries()).toEqual(before);
  });

  it('a delegated admin cannot regain through a restore a menu it no longer holds', async () => {
    const all = await menuRows(t, admin);
    const own = all.filter((m) => /^base:sys:role:|^recycle:data:/.test(m.perms ?? '')).map((m) => m.id);
    const extra = all.find((m) => /^product:info:page/.test(m.perms ?? ''))!.id;
    const staff = await createStaff(t, admin, { username: 'r_delegate', menuIds: [...own, extra] });
    const token = (await login(staff.username, staff.password)).body.data as Row;
    const made = Number(
      (
        await ok(
          'base/sys/role/add',
          { name: 'r_sub', label: 'r_sub', relevance: false, menuIdList: [extra], departmentIdList: [] },
          token.token as string,
        )
      ).id,
    );
    await ok('base/sys/role/delete', { ids: [made] }, token.token as string);
    // The super admin takes the menu away from the delegated admin's role.
    await ok('base/sys/role/update', { id: staff.roleId, menuIdList: own });
    const again = (await login(staff.username, staff.password)).body.data as Row;
    const record = await recordOf('base/sys/role', made);
    const before = await dbFingerprint(t);
    const r = await post('recycle/data/restore', { ids: [record] }, again.token as string);
    expect(r.status, r.raw).toBe(400);
    expect(r.body.message).toMatch(/^不允许：/);
    expect(await dbFingerprint(t)).toEqual(before);
    // The super admin may.
    await ok('recycle/data/restore', { ids: [record] });
    expect((await info('base/sys/role', made)).menuIdList).toEqual([extra]);
  });
});
