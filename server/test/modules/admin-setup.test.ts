import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { grantedMenus, permMatches, readSeedRoles } from '../../seed/seed-roles.js';
import type { Row } from '../../core/db/row.js';

describe('seed role patterns', () => {
  it('match part by part: *, one name, names joined by |', () => {
    expect(permMatches('order:*:*', 'order:order:cancel')).toBe(true);
    expect(permMatches('audit:good|order:decide', 'audit:order:decide')).toBe(true);
    expect(permMatches('audit:good|order:decide', 'audit:user:decide')).toBe(false);
    expect(permMatches('order:*', 'order:order:cancel')).toBe(false);
    expect(permMatches('base:sys:user:page', 'base:sys:user:add')).toBe(false);
  });
  it('grant a button when all its permissions match, with its page and the directories above', () => {
    const menus = [
      { id: 1, parentId: null, type: 0, perms: null },
      { id: 2, parentId: 1, type: 1, perms: null },
      { id: 3, parentId: 2, type: 2, perms: 'a:b:page,a:b:list' },
      { id: 4, parentId: 2, type: 2, perms: 'a:b:delete' },
      { id: 5, parentId: null, type: 1, perms: null },
    ];
    expect(grantedMenus(menus, ['a:b:page|list'])).toEqual([1, 2, 3]);
    expect(grantedMenus(menus, ['a:b:page'])).toEqual([]);
  });
});

describe.each(DIALECTS)('staff setup: seeded roles, contact formats, menu import parent (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(dialect, { seedHistory: false });
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('lists them in the role picker, each granting menus', async () => {
    const r = await t.call('POST', '/admin/base/sys/role/list', { token: admin, body: {} });
    expect(r.status, r.raw).toBe(200);
    const names = (r.body.data as Row[]).map((x) => x.name);
    for (const role of readSeedRoles()) expect(names).toContain(role.name);
    const links = await t.rows('base_sys_role_menu');
    for (const role of r.body.data as Row[]) expect(links.some((l) => Number(l.roleId) === Number(role.id))).toBe(true);
  });

  it('a user given 客服 may cancel orders but not add staff', async () => {
    const roles = (await t.call('POST', '/admin/base/sys/role/list', { token: admin, body: {} })).body.data as Row[];
    const service = roles.find((x) => x.label === 'service')!;
    const made = await t.call('POST', '/admin/base/sys/user/add', {
      token: admin,
      body: { username: 'kefu1', password: 'Kefu-pass-1', name: '客服一号', status: 1, roleIdList: [service.id] },
    });
    expect(made.status, made.raw).toBe(200);
    const token = await t.login('kefu1', 'Kefu-pass-1');
    expect((await t.call('POST', '/admin/order/order/page', { token, body: {} })).status).toBe(200);
    expect((await t.call('POST', '/admin/base/sys/user/add', { token, body: { username: 'x' } })).status).toBe(403);
    const perms = (await t.call('GET', '/admin/base/comm/permmenu', { token })).body.data as { perms: string[] };
    expect(perms.perms).toContain('order:order:cancel');
    expect(perms.perms).not.toContain('order:order:delete');
  });

  it("refuses a phone or e-mail outside its format, in the caller's language; empty is none", async () => {
    const add = (body: Row, language = 'zh-cn') =>
      t.call('POST', '/admin/base/sys/user/add', { token: admin, body, headers: { language } });
    const bad = await add({ username: 'fmt1', password: 'Fmt-pass-1', name: 'F', phone: '12ab', email: 'x@' });
    expect(bad.status, bad.raw).toBe(400);
    expect(bad.raw).toContain('不是有效的电话号码');
    expect(bad.raw).toContain('不是有效的邮箱地址');
    const en = await add({ username: 'fmt1', password: 'Fmt-pass-1', name: 'F', email: 'nobody' }, 'en');
    expect(en.raw).toContain('is not a valid e-mail address');
    const ok = await add({
      username: 'fmt2',
      password: 'Fmt-pass-1',
      name: 'F',
      phone: '+86 138-0000-0000',
      email: '',
    });
    expect(ok.status, ok.raw).toBe(200);
    const me = await t.call('POST', '/admin/base/comm/personUpdate', {
      token: admin,
      body: { nickName: '管理员', phone: '1', email: 'admin@joinery.local' },
    });
    expect(me.status, me.raw).toBe(400);
  });

  it('two members without a phone both save: "" is none, not a value the unique phone column holds twice', async () => {
    const ids: number[] = [];
    for (const nickName of ['无电话甲', '无电话乙']) {
      const r = await t.call('POST', '/admin/user/info/add', {
        token: admin,
        body: { nickName, phone: '', email: '' },
      });
      expect(r.status, r.raw).toBe(200);
      ids.push((r.body.data as { id: number }).id);
    }
    const info = await t.call('GET', `/admin/user/info/info?id=${ids[1]}`, { token: admin });
    expect((info.body.data as Row).phone).toBeNull();
    const cleared = await t.call('POST', '/admin/user/info/update', { token: admin, body: { id: ids[0], phone: '' } });
    expect(cleared.status, cleared.raw).toBe(200);
  });

  it('seeded dictionary types carry their names per language; an older database gets them at start, renamed ones kept', async () => {
    const types = async () =>
      (await t.call('POST', '/admin/dict/type/list', { token: admin, body: {} })).body.data as Row[];
    const gender = (await types()).find((x) => x.key === 'gender')!;
    expect(gender.i18n).toEqual({ 'zh-tw': '性別', en: 'Gender' });
    const level = (await types()).find((x) => x.key === 'memberLevel')!;
    // As a database made before types had translations, and a type an admin renamed.
    for (const body of [
      { id: gender.id, i18n: null },
      { id: level.id, name: '客户等级', i18n: null },
    ]) {
      const r = await t.call('POST', '/admin/dict/type/update', { token: admin, body });
      expect(r.status, r.raw).toBe(200);
    }
    t = await t.restart();
    admin = await t.login();
    const after = await types();
    expect(after.find((x) => x.key === 'gender')!.i18n).toEqual({ 'zh-tw': '性別', en: 'Gender' });
    expect(after.find((x) => x.key === 'memberLevel')).toMatchObject({ name: '客户等级', i18n: null });
  });

  it('a menu import lands under the chosen directory or page, never under a button', async () => {
    const menus = (await t.call('POST', '/admin/base/sys/menu/list', { token: admin, body: {} })).body.data as Row[];
    const dir = menus.find((m) => Number(m.type) === 0)!;
    const button = menus.find((m) => Number(m.type) === 2)!;
    const trees = [{ name: `导入目录 ${Date.now()}`, type: 0, childMenus: [] }];
    const bad = await t.call('POST', '/admin/base/sys/menu/import', {
      token: admin,
      body: { menus: trees, parentId: button.id },
    });
    expect(bad.status, bad.raw).toBe(400);
    expect(bad.raw).toContain('上级只能是目录或页面');
    const ok = await t.call('POST', '/admin/base/sys/menu/import', {
      token: admin,
      body: { menus: trees, parentId: dir.id },
    });
    expect(ok.status, ok.raw).toBe(200);
    const after = (await t.call('POST', '/admin/base/sys/menu/list', { token: admin, body: {} })).body.data as Row[];
    expect(after.filter((m) => m.name === trees[0].name).map((m) => m.parentId)).toEqual([dir.id]);
  });
});
