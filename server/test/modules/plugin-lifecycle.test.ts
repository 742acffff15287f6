import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondProcess, waitFor } from '../support/task-helpers.js';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { createStaff } from '../support/create-staff.js';
import { shelfPackage, zip } from '../support/plugin-zip.js';
import type { Row } from '../../core/db/row.js';
import { install, permmenu, pluginRows } from './plugin-install.js';

describe.each(DIALECTS)('plugins (%s)', (dialect) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  }, 60_000);
  afterAll(async () => t?.close());

  const pluginId = async (keyName: string) => Number((await pluginRows(t)).find((r) => r.keyName === keyName)?.id);
  const served = async (prefix: string) => (await t.call('POST', `/admin/${prefix}/page`, { token, body: {} })).status;

  it('a package adds an entity with its menu page, a dictionary and a task handler, live at once', async () => {
    const r = await install(t, token, zip(shelfPackage()));
    expect(r.status, r.raw).toBe(200);
    expect(r.body).toMatchObject({ code: 1000 });
    expect(r.body.data ?? null).toBeNull();
    const [row] = (await pluginRows(t)).filter((p) => p.keyName === 'shelf');
    expect(row).toMatchObject({ name: 'Shelf shelf', version: '1.0.0', status: 1, author: 'Joinery tests' });
    expect(String(row.logo)).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(String(row.readme)).toContain('Adds shelves.');

    const added = await t.call('POST', '/admin/shelf/item/add', { token, body: { title: 'Walnut shelf', colour: 1 } });
    expect(added.status, added.raw).toBe(200);
    const page = await t.call('POST', '/admin/shelf/item/page', { token, body: { keyWord: 'walnut' } });
    expect((page.body.data as { list: Row[] }).list.map((x) => x.title)).toEqual(['Walnut shelf']);
    const eps = (await t.call('GET', '/admin/base/open/eps', { token })).body.data as Record<
      string,
      { prefix: string }[]
    >;
    expect(eps.shelf?.map((e) => e.prefix)).toEqual(['/admin/shelf/item']);
    const menu = await permmenu(t, token);
    expect(menu.menus.some((m) => m.router === '/shelf/item')).toBe(true);
    expect(menu.perms).toContain('shelf:item:add');

    const dict = await t.call('POST', '/admin/dict/info/data', { token, body: { types: ['shelfColour'] } });
    expect((dict.body.data as Record<string, Row[]>).shelfColour.map((i) => i.name)).toEqual(['胡桃', '橡木']);

    // The package's task handler runs through a task like any other.
    const task = await t.call('POST', '/admin/task/info/add', {
      token,
      body: {
        name: 'purge shelves',
        service: 'shelf.purgeOld',
        data: '{"keepDays": 1}',
        taskType: 1,
        every: 60_000,
        status: 0,
      },
    });
    expect(task.status, task.raw).toBe(200);
    const once = await t.call('POST', '/admin/task/info/once', { token, body: { id: (task.body.data as Row).id } });
    expect(once.status, once.raw).toBe(200);
    expect(once.body.data).toMatchObject({ status: 1 });
    expect(JSON.parse(String((once.body.data as Row).detail))).toMatchObject({ deleted: 0 });

    // page rows leave out the package content; info carries it.
    const list = (await t.call('POST', '/admin/plugin/info/page', { token, body: {} })).body.data as { list: Row[] };
    const listed = list.list.find((p) => p.keyName === 'shelf')!;
    expect(listed.content).toBeUndefined();
    expect(listed.live).toBe(true);
    const info = (await t.call('GET', '/admin/plugin/info/info', { token, query: { id: String(listed.id) } })).body
      .data as Row;
    expect(info.content).toMatchObject({ type: 'joinery' });
  });

  it('installing it again asks first (type 1); forced, the new version evolves the table and keeps the rows', async () => {
    const again = await install(t, token, zip(shelfPackage({ version: '1.1.0', extraField: true })));
    expect(again.status, again.raw).toBe(200);
    expect(again.body.data).toEqual({ type: 1, message: '插件已存在，继续安装将覆盖' });
    expect((await pluginRows(t)).find((p) => p.keyName === 'shelf')?.version).toBe('1.0.0');
    const forced = await install(t, token, zip(shelfPackage({ version: '1.1.0', extraField: true })), true);
    expect(forced.status, forced.raw).toBe(200);
    expect((await pluginRows(t)).find((p) => p.keyName === 'shelf')?.version).toBe('1.1.0');
    const page = await t.call('POST', '/admin/shelf/item/page', { token, body: {} });
    expect((page.body.data as { list: Row[] }).list.map((x) => [x.title, x.depth])).toEqual([['Walnut shelf', null]]);
    const edited = await t.call('POST', '/admin/shelf/item/add', { token, body: { title: 'Deep', depth: 40 } });
    expect(edited.status, edited.raw).toBe(200);
  });

  it('disabled, its routes answer 404 and its menu is gone; enabled again, its rows are back', async () => {
    const id = await pluginId('shelf');
    const off = await t.call('POST', '/admin/plugin/info/update', { token, body: { id, status: 0 } });
    expect(off.status, off.raw).toBe(200);
    expect(await served('shelf/item')).toBe(404);
    expect((await permmenu(t, token)).menus.some((m) => m.router === '/shelf/item')).toBe(false);
    const eps = (await t.call('GET', '/admin/base/open/eps', { token })).body.data as Record<string, unknown>;
    expect(eps.shelf).toBeUndefined();
    // Its handler is off the allowlist: a task naming it cannot run.
    const task = (await t.rows('task_info')).find((r) => r.service === 'shelf.purgeOld')!;
    const once = await t.call('POST', '/admin/task/info/once', { token, body: { id: task.id } });
    expect(JSON.stringify(once.body)).toMatch(/shelf\.purgeOld/);

    const on = await t.call('POST', '/admin/plugin/info/update', { token, body: { id, status: 1 } });
    expect(on.status, on.raw).toBe(200);
    expect(await served('shelf/item')).toBe(200);
    const page = await t.call('POST', '/admin/shelf/item/page', { token, body: {} });
    expect((page.body.data as { list: Row[] }).list.map((x) => x.title).sort()).toEqual(['Deep', 'Walnut shelf']);
    expect((await permmenu(t, token)).menus.some((m) => m.router === '/shelf/item')).toBe(true);
  });

  it('its configuration is checked against the config schema, naming the field', async () => {
    const id = await pluginId('shelf');
    const bad = await t.call('POST', '/admin/plugin/info/update', { token, body: { id, config: { depth: 5 } } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/config\.depth/);
    const good = await t.call('POST', '/admin/plugin/info/update', {
      token,
      body: { id, config: { depth: 60, label: 'A' } },
    });
    expect(good.status, good.raw).toBe(200);
    const info = (await t.call('GET', '/admin/plugin/info/info', { token, query: { id: String(id) } })).body
      .data as Row;
    expect(info.config).toEqual({ depth: 60, label: 'A' });
  });

  it('it comes back after a restart', async () => {
    t = await t.restart();
    token = await t.login();
    expect(await served('shelf/item')).toBe(200);
    const once = await t.call('POST', '/admin/task/info/once', {
      token,
      body: { id: (await t.rows('task_info')).find((r) => r.service === 'shelf.purgeOld')!.id },
    });
    expect(once.body.data).toMatchObject({ status: 1 });
  });

  it('a second plugin of the same hook asks first (type 2); forced, the first is disabled', async () => {
    const first = await install(t, token, zip(shelfPackage({ keyName: 'racka', hook: 'storage' })));
    expect(first.status, first.raw).toBe(200);
    const second = await install(t, token, zip(shelfPackage({ keyName: 'rackb', hook: 'storage' })));
    expect((second.body.data as Row).type).toBe(2);
    expect((await pluginRows(t)).some((p) => p.keyName === 'rackb')).toBe(false);
    const forced = await install(t, token, zip(shelfPackage({ keyName: 'rackb', hook: 'storage' })), true);
    expect(forced.status, forced.raw).toBe(200);
    const rows = await pluginRows(t);
    expect(
      rows.filter((p) => p.keyName === 'racka' || p.keyName === 'rackb').map((p) => [p.keyName, Number(p.status)]),
    ).toEqual([
      ['racka', 0],
      ['rackb', 1],
    ]);
    expect(await served('racka/item')).toBe(404);
    expect(await served('rackb/item')).toBe(200);
  });

  it('uninstalled, its routes go and its tables stay unless asked; asked, the rows go to the recycle bin', async () => {
    const tables = async () => (await t.app.joinery.database.db.introspection.getTables()).map((x) => x.name);
    const del = await t.call('POST', '/admin/plugin/info/delete', { token, body: { ids: [await pluginId('shelf')] } });
    expect(del.status, del.raw).toBe(200);
    expect(await served('shelf/item')).toBe(404);
    expect(await tables()).toContain('shelf_item');
    expect((await t.rows('shelf_item')).length).toBe(2);
    // Installed again: the rows are there.
    expect((await install(t, token, zip(shelfPackage({ extraField: true })))).status).toBe(200);
    expect(
      (
        (await t.call('POST', '/admin/shelf/item/page', { token, body: {} })).body.data as {
          total?: number;
          pagination?: { total: number };
        }
      ).pagination?.total,
    ).toBe(2);

    const drop = await t.call('POST', '/admin/plugin/info/delete', {
      token,
      body: { ids: [await pluginId('shelf')], dropTables: true },
    });
    expect(drop.status, drop.raw).toBe(200);
    expect(await tables()).not.toContain('shelf_item');
    const bin = (await t.rows('recycle_data')).filter((r) => r.entityPrefix === 'shelf/item');
    expect(bin.length).toBe(1);
  });

  it('only a super admin installs, enables or uninstalls; without a token it is 401', async () => {
    const menus = (await t.rows('base_sys_menu'))
      .filter((m) => String(m.perms ?? '').includes('plugin:info'))
      .map((m) => Number(m.id));
    const staff = await createStaff(t, token, {
      username: `plug${dialect.slice(0, 2)}`,
      password: 'Plug-pass-1',
      menuIds: menus,
    });
    const staffToken = await t.login(staff.username, staff.password);
    const before = await pluginRows(t);
    expect((await install(t, staffToken, zip(shelfPackage({ keyName: 'sneaky' })))).status).toBe(403);
    expect((await install(t, undefined, zip(shelfPackage({ keyName: 'sneaky' })))).status).toBe(401);
    const id = await pluginId('rackb');
    expect(
      (await t.call('POST', '/admin/plugin/info/update', { token: staffToken, body: { id, status: 0 } })).status,
    ).toBe(403);
    expect((await t.call('POST', '/admin/plugin/info/delete', { token: staffToken, body: { ids: [id] } })).status).toBe(
      403,
    );
    expect(await pluginRows(t)).toEqual(before);
    expect(await served('rackb/item')).toBe(200);
  });
});

describe.each(DIALECTS.filter((d) => d !== 'sqlite'))(
  'plugins across two processes on one database (%s)',
  (dialect) => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await startApp(dialect, { scheduler: false });
      token = await t.login();
    }, 60_000);
    afterAll(async () => t?.close());

    it('installed, disabled and enabled through one process, the other follows within seconds', async () => {
      const other = await secondProcess(t, { scheduler: false });
      try {
        const page = async () =>
          (
            await other.inject({
              method: 'POST',
              url: '/admin/duo/item/page',
              headers: { authorization: token },
              payload: {},
            })
          ).statusCode;
        expect(await page()).toBe(404);
        expect((await install(t, token, zip(shelfPackage({ keyName: 'duo' })))).status).toBe(200);
        await waitFor('the other process serves the new entity', async () => (await page()) === 200, 6000, 100);
        const id = Number((await pluginRows(t)).find((p) => p.keyName === 'duo')?.id);
        expect((await t.call('POST', '/admin/plugin/info/update', { token, body: { id, status: 0 } })).status).toBe(
          200,
        );
        await waitFor('the other process stops serving it', async () => (await page()) === 404, 6000, 100);
        expect((await t.call('POST', '/admin/plugin/info/update', { token, body: { id, status: 1 } })).status).toBe(
          200,
        );
        await waitFor('and serves it again', async () => (await page()) === 200, 6000, 100);
      } finally {
        await other.close();
      }
    }, 30_000);
  },
);
