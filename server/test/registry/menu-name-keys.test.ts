import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';

type MenuRow = {
  id: number;
  parentId: number | null;
  name: string;
  type: number;
  router: string | null;
  perms: string | null;
  nameKey: string | null;
};

/**
 * The console translates seeded menu names by a key on the row (never by matching the Chinese text): every seeded
 * row carries one, a rename drops it, and a database seeded before keys existed gets them at the next start.
 */
describe.each(DIALECTS)('menu name keys (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  const menus = async () =>
    (await t.call('GET', '/admin/base/comm/permmenu', { token })).body.data as { menus: MenuRow[] };
  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

  it('every seeded row carries a key that says what it is', async () => {
    const { menus: rows } = await menus();
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((m) => !m.nameKey).map((m) => `${m.id} ${m.name}`)).toEqual([]);
    const keyOf = (pred: (m: MenuRow) => boolean) => rows.find(pred)?.nameKey;
    expect(keyOf((m) => m.type === 0 && m.name === '系统管理')).toBe('dir:sys');
    expect(keyOf((m) => m.type === 0 && m.name === '权限管理')).toBe('dir:sys/auth');
    expect(keyOf((m) => m.router === '/')).toBe('page:home');
    expect(keyOf((m) => m.router === '/helper/ai-code')).toBe('page:aiCode');
    expect(keyOf((m) => m.router === '/product/info')).toBe('entity:product/info');
    const productPage = rows.find((m) => m.router === '/product/info')!;
    const buttons = rows
      .filter((m) => m.parentId === productPage.id)
      .map((m) => m.nameKey)
      .sort();
    expect(buttons).toEqual(
      expect.arrayContaining([
        'button:product/info:add',
        'button:product/info:delete',
        'button:product/info:query',
        'button:product/info:update',
      ]),
    );
    // Keys follow the pattern the menu schema allows.
    for (const m of rows) expect(m.nameKey).toMatch(/^(dir|page|entity|button):[A-Za-z0-9_/:.-]+$/);
  });

  it('a rename drops the key (also when the client sends the old key back); other edits keep it', async () => {
    const { menus: rows } = await menus();
    const page = rows.find((m) => m.router === '/product/material')!;
    const info = async () =>
      (await t.call('GET', '/admin/base/sys/menu/info', { token, query: { id: String(page.id) } })).body
        .data as MenuRow;
    expect(
      (await t.call('POST', '/admin/base/sys/menu/update', { token, body: { id: page.id, orderNum: 7 } })).body.code,
    ).toBe(1000);
    expect((await info()).nameKey).toBe('entity:product/material');
    // As the original client does: the whole record back, with a new name.
    const whole = await info();
    const { createTime: _c, updateTime: _u, parentName: _p, ...fields } = whole as MenuRow & Record<string, unknown>;
    expect(
      (await t.call('POST', '/admin/base/sys/menu/update', { token, body: { ...fields, name: '木料与面料' } })).body
        .code,
    ).toBe(1000);
    expect(await info()).toMatchObject({ name: '木料与面料', nameKey: null });
    // A key that is not one of ours is refused, naming the field.
    const bad = await t.call('POST', '/admin/base/sys/menu/update', {
      token,
      body: { id: page.id, nameKey: 'evil key' },
    });
    expect(bad.body.code).toBe(1002);
    expect(JSON.stringify(bad.body)).toContain('nameKey');
  });

  it('a database seeded before keys existed gets them at the next start; rows renamed by an admin stay unkeyed', async () => {
    const db = t.app.joinery.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await db.updateTable('base_sys_menu').set({ nameKey: null }).execute();
    const before = await t.rows('base_sys_menu');
    const dir = before.find((m) => Number(m.type) === 0 && m.name === '商品管理')!;
    await db
      .updateTable('base_sys_menu')
      .set({ name: '我的商品' })
      .where('id', '=', dir.id as number)
      .execute();
    t = await t.restart();
    token = await t.login();
    const after = (await t.rows('base_sys_menu')) as unknown as MenuRow[];
    const byId = new Map(after.map((m) => [Number(m.id), m]));
    expect(byId.get(Number(dir.id))!.nameKey, 'renamed by an admin').toBeNull();
    // The material page was renamed through the API in the test above: it stays as typed.
    expect(after.find((m) => m.router === '/product/material')!.nameKey).toBeNull();
    const unkeyed = after.filter((m) => !m.nameKey).map((m) => m.name);
    // What stays unkeyed: the two renamed rows, and the pages under the renamed directory are still keyed.
    expect(unkeyed.sort()).toEqual(['木料与面料', '我的商品'].sort());
    expect(after.find((m) => m.router === '/product/info')!.nameKey).toBe('entity:product/info');
    expect(after.find((m) => m.name === '系统管理')!.nameKey).toBe('dir:sys');
  });
});

describe.each(DIALECTS)('menu rows by kind (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

  it('a page needs a route and a permission row a permission, the field named; nothing is written otherwise', async () => {
    const before = (await t.rows('base_sys_menu')).length;
    const add = (body: Record<string, unknown>) => t.call('POST', '/admin/base/sys/menu/add', { token, body });
    const noRoute = await add({ name: 'Page without route', type: 1 });
    expect(noRoute.status).toBe(400);
    expect(noRoute.body.details).toEqual([{ path: 'router', message: '页面需要路由（以“/”开头）' }]);
    const noPerms = await add({ name: 'Button without perms', type: 2, perms: ' , ' });
    expect(noPerms.status).toBe(400);
    expect(noPerms.body.details).toEqual([{ path: 'perms', message: '权限行至少需要一个权限' }]);
    const badRoute = await add({ name: 'Page', type: 1, router: 'no-slash' });
    expect(badRoute.status).toBe(400);
    expect(JSON.stringify(badRoute.body.details)).toContain('router');
    const imported = await t.call('POST', '/admin/base/sys/menu/import', {
      token,
      body: { menus: [{ name: 'Dir', type: 0, childMenus: [{ name: 'Btn', type: 2 }] }] },
    });
    expect(imported.status).toBe(400);
    expect(imported.body.details).toEqual([{ path: 'menus.0.childMenus.0.perms', message: '权限行至少需要一个权限' }]);
    expect((await t.rows('base_sys_menu')).length).toBe(before);
    // A directory needs neither; a right page and button go in.
    expect((await add({ name: 'Dir', type: 0 })).status).toBe(200);
    expect((await add({ name: 'Page', type: 1, router: '/my/page' })).status).toBe(200);
    const button = await add({ name: 'Btn', type: 2, perms: 'product:info:page' });
    expect(button.status).toBe(200);
    // Emptying the permissions of a permission row is refused too.
    const emptied = await t.call('POST', '/admin/base/sys/menu/update', {
      token,
      body: { id: (button.body.data as { id: number }).id, perms: '' },
    });
    expect(emptied.status).toBe(400);
    expect(emptied.body.details).toEqual([{ path: 'perms', message: '权限行至少需要一个权限' }]);
  });
});
