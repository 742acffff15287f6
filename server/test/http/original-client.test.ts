import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { createStaff, menuRows } from '../support/create-staff.js';
import type { Row } from '../../core/db/row.js';

/* What the original client sees of users, roles and messages, as the original server shows them (issue 9). */
describe.each(DIALECTS)('as the original answers its client (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  const post = (url: string, body: unknown, token = admin, headers?: Record<string, string>) =>
    t.call('POST', url, { token, body, headers });
  const list = async (url: string, body: Row = {}, token = admin): Promise<Row[]> => {
    const r = await post(url, body, token);
    expect(r.status, r.raw).toBe(200);
    return url.endsWith('/page') ? (r.body.data as { list: Row[] }).list : (r.body.data as Row[]);
  };

  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('the user page never shows a super admin, to anyone; list shows them to a super admin only, as the original', async () => {
    // A second super admin (holds the super role) and an ordinary user.
    const second = await post('/admin/base/sys/user/add', {
      username: 'root2',
      name: 'Second super',
      password: 'Root2-pass-1',
      roleIdList: [1],
      departmentId: 1,
    });
    expect(second.status, second.raw).toBe(200);
    const plain = await createStaff(t, admin, { username: 'plain_user', menuIds: [], departmentId: 1 });
    const userMenus = (await menuRows(t, admin)).filter((m) => (m.perms ?? '').includes('base:sys:user:page'));
    const manager = await createStaff(t, admin, {
      username: 'umgr',
      menuIds: userMenus.map((m) => m.id),
      departmentIds: [1],
      departmentId: 1,
      relevance: true,
    });
    const managerToken = await t.login(manager.username, manager.password);
    for (const token of [admin, managerToken]) {
      for (const url of ['/admin/base/sys/user/page', '/admin/base/sys/user/list']) {
        // The original's list is its generic one: every user (PROTOCOL §7.3 hides admin from page only). A delegated
        // admin's department scope never reaches a super admin (PROTOCOL §0).
        const shown = url.endsWith('/list') && token === admin;
        for (const body of [{}, { keyWord: 'admin' }, { keyWord: 'root2' }, { departmentIds: [1] }]) {
          const names = (await list(url, { size: 100, ...body }, token)).map((u) => u.username);
          const supers = names.filter((n) => n === 'admin' || n === 'root2');
          const expected = !shown ? [] : ['admin', 'root2'].filter((n) => !body.keyWord || n === body.keyWord);
          expect(supers.sort(), `${url} ${JSON.stringify(body)}`).toEqual(expected);
        }
        expect((await list(url, { size: 100 }, token)).map((u) => u.username)).toContain(plain.username);
      }
    }
    // The super admin itself: its profile, and its own info, are still there.
    const me = await t.call('GET', '/admin/base/comm/person', { token: admin });
    expect([me.status, (me.body.data as Row).username]).toEqual([200, 'admin']);
    const update = await post('/admin/base/comm/personUpdate', { nickName: 'Boss' });
    expect(update.status, update.raw).toBe(200);
    expect((await t.rows('base_sys_user')).find((u) => u.username === 'admin')?.nickName).toBe('Boss');
    const info = await t.call('GET', '/admin/base/sys/user/info', { token: admin, query: { id: '1' } });
    expect((info.body.data as Row).username).toBe('admin');
  });

  it('the role page and list never show the super-admin role, to anyone', async () => {
    const other = await post('/admin/base/sys/role/add', {
      name: 'Visible',
      label: 'visible',
      relevance: false,
      menuIdList: [],
      departmentIdList: [],
    });
    expect(other.status, other.raw).toBe(200);
    for (const url of ['/admin/base/sys/role/page', '/admin/base/sys/role/list']) {
      for (const body of [{}, { keyWord: 'admin' }, { keyWord: '超' }]) {
        const roles = await list(url, { size: 100, ...body });
        expect(
          roles.filter((r) => Number(r.id) === 1 || r.label === 'admin'),
          `${url} ${JSON.stringify(body)}`,
        ).toEqual([]);
      }
      expect((await list(url, { size: 100 })).map((r) => r.label)).toContain('visible');
    }
    // Still readable and assignable by id, as the original: the user form offers it by list, and info answers it.
    expect(
      ((await t.call('GET', '/admin/base/sys/role/info', { token: admin, query: { id: '1' } })).body.data as Row).label,
    ).toBe('admin');
  });

  it('role replies carry userId as text (eps says string), relevance as 0/1 in page and list and true/false in info; the original client may send relevance 1/0', async () => {
    const added = await post('/admin/base/sys/role/add', {
      name: 'Linked',
      label: 'linked',
      relevance: 1,
      menuIdList: [],
      departmentIdList: [1],
    });
    expect(added.status, added.raw).toBe(200);
    const id = (added.body.data as { id: number }).id;
    expect(Number((await t.rows('base_sys_role')).find((r) => Number(r.id) === id)?.relevance)).toBe(1);
    const info = (await t.call('GET', '/admin/base/sys/role/info', { token: admin, query: { id: String(id) } })).body
      .data as Row;
    const paged = (await list('/admin/base/sys/role/page', { size: 100 })).find((r) => r.id === id)!;
    const listed = (await list('/admin/base/sys/role/list')).find((r) => r.id === id)!;
    for (const row of [paged, listed]) expect([row.userId, row.relevance]).toEqual(['1', 1]);
    expect([info.userId, info.relevance]).toEqual(['1', true]);
    // eps says what replies send.
    const eps = (await t.call('GET', '/admin/base/open/eps', { token: admin })).body.data as Record<string, Row[]>;
    const role = Object.values(eps)
      .flat()
      .find((e) => e.prefix === '/admin/base/sys/role') as { columns: Row[] };
    expect(role.columns.find((c) => c.propertyName === 'userId')?.type).toBe('string');
    expect(role.columns.find((c) => c.propertyName === 'relevance')?.type).toBe('boolean');
    expect((await post('/admin/base/sys/role/update', { id, relevance: 0 })).status).toBe(200);
    expect(
      ((await t.call('GET', '/admin/base/sys/role/info', { token: admin, query: { id: String(id) } })).body.data as Row)
        .relevance,
    ).toBe(false);
    expect((await post('/admin/base/sys/role/update', { id, relevance: false })).status).toBe(200);
    expect((await post('/admin/base/sys/role/update', { id, relevance: 2 })).status).toBe(400);
  });

  it("messages follow the language header: the original's Chinese by default, English and Traditional on request", async () => {
    const login = (body: Row, language?: string) =>
      t.call('POST', '/admin/base/open/login', { body, headers: language ? { language } : undefined });
    const cases: [Row, Record<string, string>][] = [
      [{ password: 'x' }, { 'zh-cn': '用户名不能为空', en: 'Username cannot be empty', 'zh-tw': '用戶名不能為空' }],
      [{ username: 'admin' }, { 'zh-cn': '密码不能为空', en: 'Password cannot be empty', 'zh-tw': '密碼不能為空' }],
      [
        { username: 'admin', password: 'wrong-password' },
        { 'zh-cn': '账户或密码不正确~', en: 'Incorrect username or password', 'zh-tw': '帳戶或密碼不正確' },
      ],
    ];
    for (const [body, texts] of cases) {
      expect((await login(body)).body.message).toBe(texts['zh-cn']);
      for (const [language, text] of Object.entries(texts)) {
        const r = await login(body, language);
        expect([r.status, r.body.message], `${language} ${JSON.stringify(body)}`).toEqual([400, text]);
      }
    }
    expect((await login({ password: 'x' }, 'en-US')).body.message).toBe('Username cannot be empty');
    expect((await login({ password: 'x' }, 'fr')).body.message).toBe('用户名不能为空');

    const taken = { username: 'plain_user', name: 'Again', password: 'Again-pass-1' };
    const zh = await post('/admin/base/sys/user/add', taken);
    expect([zh.status, zh.body.message, zh.body.details]).toEqual([
      409,
      '用户名已经存在~',
      [{ path: 'username', message: '该值已被其他记录使用' }],
    ]);
    expect((await post('/admin/base/sys/user/add', taken, admin, { language: 'en' })).body.message).toBe(
      'The username already exists',
    );
    expect((await post('/admin/base/sys/user/add', taken, admin, { language: 'zh-tw' })).body.message).toBe(
      '用戶名已經存在~',
    );
    const root2 = (await t.rows('base_sys_user')).find((u) => u.username === 'root2')!;
    const rename = await post('/admin/base/sys/user/update', { id: Number(root2.id), username: 'plain_user' });
    expect([rename.status, rename.body.message]).toEqual([409, '用户名已经存在~']);
    expect((await t.rows('base_sys_user')).filter((u) => u.username === 'plain_user')).toHaveLength(1);
    // Our own refusals follow the header too.
    expect((await post('/admin/base/sys/user/delete', { ids: [1] }, admin, { language: 'en' })).body.message).toBe(
      'You cannot delete yourself',
    );
    expect((await post('/admin/base/sys/user/delete', { ids: [1] })).body.message).toBe('不能删除自己');
    expect((await post('/admin/base/sys/role/delete', { ids: [1] }, admin, { language: 'zh-tw' })).body.message).toBe(
      '超級管理員角色不能刪除',
    );
  });
});
