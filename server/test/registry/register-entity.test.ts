import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { dbFingerprint } from '../support/db-fingerprint.js';
import { registerEntity } from '../../core/registry/register-entity.js';
import { deleteEntityMenus } from '../../core/registry/remove-entity.js';
import { SCHEMAS_DIR } from '../../paths.js';
import type { Row } from '../../core/db/row.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { FULL_ENTITY_ROUTES } from '../support/entity-routes.js';

const label = (en: string) => ({ 'zh-cn': `${en}中`, 'zh-tw': `${en}繁`, en });

function lamp(prefix = 'shop/lamp', extra: Record<string, unknown> = {}) {
  const name = prefix.split('/')[1];
  return {
    type: 'object',
    'x-module': 'shop',
    'x-prefix': prefix,
    'x-table': `shop_${name}`,
    'x-class': `Shop${name[0].toUpperCase()}${name.slice(1)}Entity`,
    'x-title': label(name),
    required: ['title'],
    // An action no module handles: it must get no route and no permission button.
    'x-actions': [{ name: 'polish', method: 'post', summary: '抛光' }],
    'x-menu': { router: `/shop/${name}`, viewPath: 'generic', parent: 'sys', orderNum: 9 },
    properties: { title: { type: 'string', maxLength: 40, 'x-label': label('Title'), 'x-search': 'keyword' } },
    ...extra,
  };
}

function schemasWith(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-schemas-'));
  fs.cpSync(SCHEMAS_DIR, dir, { recursive: true });
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), JSON.stringify(content, null, 2));
  }
  return dir;
}

type Menu = {
  id: number;
  parentId: number | null;
  name: string;
  type: number;
  router: string | null;
  perms: string | null;
};
const menus = async (t: TestApp) =>
  (await t.rows('base_sys_menu')).map(
    (r: Row) =>
      ({
        ...r,
        id: Number(r.id),
        parentId: r.parentId === null ? null : Number(r.parentId),
        type: Number(r.type),
      }) as Menu,
  );

async function expectServed(t: TestApp, token: string, prefix: string, router: string) {
  const added = await t.call('POST', `/admin/${prefix}/add`, { token, body: { title: 'Brass lamp' } });
  expect(added.status, added.raw).toBe(200);
  const page = await t.call('POST', `/admin/${prefix}/page`, { token, body: { keyWord: 'brass' } });
  expect((page.body.data as { list: Row[] }).list.map((r) => r.title)).toEqual(['Brass lamp']);
  expect((await t.call('POST', `/admin/${prefix}/polish`, { token, body: {} })).status).toBe(404);
  const eps = (await t.call('GET', '/admin/base/open/eps', { token })).body.data as Record<
    string,
    { prefix: string; api: { path: string }[] }[]
  >;
  const entry = eps.shop.find((e) => e.prefix === `/admin/${prefix}`);
  expect(entry?.api.map((a) => a.path).sort()).toEqual(FULL_ENTITY_ROUTES);
  const all = await menus(t);
  const pageRow = all.filter((m) => m.type === 1 && m.router === router);
  expect(pageRow).toHaveLength(1);
  const perm = prefix.replace('/', ':');
  expect(all.filter((m) => m.parentId === pageRow[0].id && m.type === 2).map((m) => m.perms)).toEqual([
    `${perm}:page,${perm}:list,${perm}:info`,
    `${perm}:add`,
    `${perm}:update`,
    `${perm}:delete`,
  ]);
  const parent = all.find((m) => m.id === pageRow[0].parentId);
  expect(parent?.name).toBe('系统管理');
  const permmenu = (await t.call('GET', '/admin/base/comm/permmenu', { token })).body.data as {
    menus: Menu[];
    perms: string[];
  };
  expect(permmenu.menus.some((m) => m.router === router)).toBe(true);
  expect(permmenu.perms).toContain(`${perm}:add`);
}

describe.each(DIALECTS)('registerEntity (%s)', (dialect) => {
  let t: TestApp;
  const dirs: string[] = [];
  beforeAll(async () => {
    t = await startApp(dialect);
  });
  afterAll(async () => {
    await t.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('every permission button of the seeded menu names a route the server answers', async () => {
    const routed = new Set(t.app.joinery.listRoutes().map((r) => r.access));
    const perms = (await menus(t)).flatMap((m) => (m.perms ?? '').split(',').filter(Boolean));
    expect(perms.length).toBeGreaterThan(100);
    expect(perms.filter((p) => !routed.has(p as never))).toEqual([]);
  });

  it('a schema file added to an existing database gets its table, routes, eps, menu page and buttons on the next start', async () => {
    const schemasDir = schemasWith({ 'shop/lamp.json': lamp() });
    dirs.push(schemasDir);
    // A database seeded before base/coding was routed: the AI-code page has no permission button.
    await untyped(t.app.joinery.database.db)
      .deleteFrom('base_sys_menu')
      .where('perms', 'like', '%base:coding:%')
      .execute();
    t = await t.restart({ schemasDir });
    const token = await t.login();
    await expectServed(t, token, 'shop/lamp', '/shop/lamp');
    const aiPage = (await menus(t)).find((m) => m.router === '/helper/ai-code')!;
    expect((await menus(t)).filter((m) => m.parentId === aiPage.id).map((m) => m.perms)).toEqual([
      'base:coding:getModuleTree,base:coding:draft,base:coding:createCode',
    ]);

    // An admin renames and moves the page and deletes a button; the next start keeps the edit and restores only the missing permission.
    const page = (await menus(t)).find((m) => m.router === '/shop/lamp')!;
    const deleteButton = (await menus(t)).find((m) => m.perms === 'shop:lamp:delete')!;
    expect(
      (
        await t.call('POST', '/admin/base/sys/menu/update', {
          token,
          body: { id: page.id, name: 'Lamps (ours)', parentId: null },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.call('POST', '/admin/base/sys/menu/delete', { token, body: { ids: [deleteButton.id] } })).status,
    ).toBe(200);
    t = await t.restart({ schemasDir });
    const after = await menus(t);
    expect(after.filter((m) => m.router === '/shop/lamp').map((m) => [m.name, m.parentId])).toEqual([
      ['Lamps (ours)', null],
    ]);
    expect(after.filter((m) => m.perms === 'shop:lamp:delete')).toHaveLength(1);
    const count = after.length;
    t = await t.restart({ schemasDir });
    expect((await menus(t)).length).toBe(count);
  });

  it('an entity registered on a running server is live at once, and a broken one changes nothing', async () => {
    const token = await t.login();
    const before = await dbFingerprint(t);
    const broken = lamp('shop/shade', {
      properties: { title: { type: 'string', 'x-label': label('Title'), 'x-ref': { entity: 'shop/nothing' } } },
    });
    await expect(registerEntity(t.app.joinery, { schema: broken, origin: 'test' })).rejects.toThrow(
      /field "title".*shop\/nothing/,
    );
    await expect(registerEntity(t.app.joinery, { schema: lamp('shop/lamp'), origin: 'test' })).rejects.toThrow(
      /x-prefix "shop\/lamp" is already used/,
    );
    expect(await dbFingerprint(t)).toEqual(before);
    expect(t.app.joinery.registry.get('shop/shade')).toBeUndefined();

    await registerEntity(t.app.joinery, { schema: lamp('shop/shade'), origin: 'test' });
    await expectServed(t, token, 'shop/shade', '/shop/shade');
  });

  it("a page naming no parent goes in its module's own directory, made with it and removed with its last page", async () => {
    const dirOf = async () => (await t.rows('base_sys_menu')).filter((m) => m.nameKey === 'dir:shop');
    expect(await dirOf()).toEqual([]);
    const bulb = lamp('shop/bulb', { 'x-menu': { router: '/shop/bulb', viewPath: 'generic' } });
    const entity = await registerEntity(t.app.joinery, { schema: bulb, origin: 'test' });
    const [dir] = await dirOf();
    expect([dir?.name, dir?.type, dir?.parentId]).toEqual(['shop', 0, null]);
    const page = (await menus(t)).find((m) => m.router === '/shop/bulb');
    expect(page?.parentId).toBe(Number(dir.id));
    await t.app.joinery.database.db.transaction().execute((trx) => deleteEntityMenus(trx, entity));
    expect(await dirOf()).toEqual([]);
    expect((await menus(t)).some((m) => m.router === '/shop/bulb')).toBe(false);
  });
});
