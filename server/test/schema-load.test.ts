import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from './harness.js';
import { buildApp, type BuildOptions } from '../app.js';
import { SCHEMAS_DIR } from '../paths.js';
import type { Row } from '../core/db/row.js';
import { untyped } from '../core/crud/dynamic-db.js';

const label = (en: string) => ({ 'zh-cn': en, 'zh-tw': en, en });

/** A small entity of our own, so the tests can grow and shrink it without touching the real ones. */
function lampSchema(properties: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    type: 'object',
    'x-module': 'shop',
    'x-prefix': 'shop/lamp',
    'x-table': 'shop_lamp',
    'x-class': 'ShopLampEntity',
    'x-title': label('Lamps'),
    'x-api': ['add', 'delete', 'update', 'info', 'list', 'page'],
    required: ['title'],
    properties,
    ...extra,
  };
}
const TITLE = { type: 'string', maxLength: 60, 'x-label': label('Title'), 'x-search': 'keyword' };
const NOTE = { type: ['string', 'null'], maxLength: 200, 'x-label': label('Note') };
const WATTS = { type: 'integer', minimum: 0, default: 40, 'x-label': label('Watts') };

/** A copy of the real schemas folder plus extra files (relative path → JSON or raw text). */
function schemasWith(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-schemas-'));
  fs.cpSync(SCHEMAS_DIR, dir, { recursive: true });
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

describe('a broken schema stops start-up with a message naming the file and the field', () => {
  const dirs: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-badschema-'));
  afterAll(() => {
    for (const d of [...dirs, dataDir]) fs.rmSync(d, { recursive: true, force: true });
  });
  const start = (files: Record<string, unknown>) => {
    const schemasDir = schemasWith(files);
    dirs.push(schemasDir);
    return buildApp({ schemasDir, databaseUrl: `sqlite:${path.join(dataDir, 'x.db')}`, dataDir, captcha: false });
  };

  it.each([
    [
      'a field type outside the meta-schema',
      { title: { ...TITLE, type: 'strng' } },
      {},
      /shop[/\\]lamp\.json.*field "title"/,
    ],
    [
      'an unknown x-search mode',
      { title: { ...TITLE, 'x-search': 'fuzzy' } },
      {},
      /shop[/\\]lamp\.json.*field "title"/,
    ],
    [
      'a field without its label',
      { title: { type: 'string', maxLength: 10 } },
      {},
      /shop[/\\]lamp\.json.*field "title".*x-label/,
    ],
    [
      'required naming a missing field',
      { title: TITLE },
      { required: ['title', 'colour'] },
      /shop[/\\]lamp\.json.*required names "colour"/,
    ],
    [
      'an x-ref to a missing entity',
      {
        title: TITLE,
        makerId: { type: 'integer', 'x-label': label('Maker'), 'x-ref': { entity: 'shop/maker', label: 'name' } },
      },
      {},
      /shop[/\\]lamp\.json.*field "makerId".*entity "shop\/maker"/,
    ],
    [
      'an x-menu.parent naming no directory (a typo), with the known ones',
      { title: TITLE },
      { 'x-menu': { parent: 'prodcut' } },
      /shop[/\\]lamp\.json: x-menu\.parent "prodcut" names no menu directory; the known ones are sys, sys\/auth, .*product.* \(server\/seed\/menu-dirs\.json\), or "shop", this module's own/,
    ],
    [
      'an x-ref to a missing column',
      {
        title: TITLE,
        productId: {
          type: 'integer',
          'x-label': label('Product'),
          'x-ref': { entity: 'product/info', label: 'colour' },
        },
      },
      {},
      /shop[/\\]lamp\.json.*field "productId".*column "colour"/,
    ],
    [
      'a default its own rules refuse',
      { title: TITLE, watts: { ...WATTS, default: -1 } },
      {},
      /shop[/\\]lamp\.json.*field "watts".*default/,
    ],
    ['a prefix outside its module', { title: TITLE }, { 'x-prefix': 'other/lamp' }, /shop[/\\]lamp\.json.*x-prefix/],
    [
      "a prefix that is not the file's place",
      { title: TITLE },
      { 'x-prefix': 'shop/lantern' },
      /shop[/\\]lamp\.json: x-prefix "shop\/lantern" does not match the file's place/,
    ],
    [
      "a module that is not the prefix's first segment",
      { title: TITLE },
      { 'x-module': 'other' },
      /shop[/\\]lamp\.json.*must start with the module "other\/"/,
    ],
  ])('%s', async (_name, properties, extra, message) => {
    await expect(start({ 'shop/lamp.json': lampSchema(properties, extra) })).rejects.toThrow(message);
  });

  it('a schema states only what its prefix does not say: module, table, class, route and view path are derived', async () => {
    const app = await start({
      'shop/deskLamp.json': {
        type: 'object',
        'x-prefix': 'shop/deskLamp',
        'x-title': label('Desk lamps'),
        'x-menu': { parent: 'sys' },
        properties: { title: TITLE },
      },
      'shop/shade.json': {
        type: 'object',
        'x-prefix': 'shop/shade',
        'x-table': 'shop_lamp_shade',
        'x-title': label('Shades'),
        'x-menu': { router: '/shop/shades' },
        properties: { title: TITLE },
      },
      'shop/bulb.json': {
        type: 'object',
        'x-prefix': 'shop/bulb',
        'x-title': label('Bulbs'),
        'x-menu': { parent: 'shop' },
        properties: { title: TITLE },
      },
    });
    try {
      const lamp = app.joinery.registry.get('shop/deskLamp')!;
      expect([lamp.module, lamp.table, lamp.className, lamp.menu]).toEqual([
        'shop',
        'shop_desk_lamp',
        'ShopDeskLampEntity',
        { parent: 'sys', router: '/shop/deskLamp', viewPath: 'modules/shop/views/deskLamp.vue' },
      ]);
      const shade = app.joinery.registry.get('shop/shade')!;
      expect([shade.table, shade.className, shade.menu?.router, shade.menu?.viewPath]).toEqual([
        'shop_lamp_shade',
        'ShopShadeEntity',
        '/shop/shades',
        'modules/shop/views/shade.vue',
      ]);
      const login = await app.inject({
        method: 'POST',
        url: '/admin/base/open/login',
        payload: { username: 'admin', password: '123456' },
      });
      const token = String((login.json() as { data: Row }).data.token);
      const added = await app.inject({
        method: 'POST',
        url: '/admin/shop/deskLamp/add',
        headers: { authorization: token },
        payload: { title: 'Banker lamp' },
      });
      expect(added.statusCode, added.body).toBe(200);
      const menus = (
        await app.inject({ method: 'GET', url: '/admin/base/comm/permmenu', headers: { authorization: token } })
      ).json() as { data: { menus: Row[] } };
      expect(
        menus.data.menus
          .filter((m) => m.router === '/shop/deskLamp' || m.router === '/shop/shades')
          .map((m) => m.viewPath)
          .sort(),
      ).toEqual(['modules/shop/views/deskLamp.vue', 'modules/shop/views/shade.vue']);
      // A module with no directory in menu-dirs.json gets one of its own, named after it: the page of a schema that
      // names no parent goes there, and so does one that names its module.
      expect(shade.menu?.parent).toBe('shop');
      const rows = (await untyped(app.joinery.database.db).selectFrom('base_sys_menu').selectAll().execute()) as Row[];
      const dirs = rows.filter((m) => Number(m.type) === 0 && m.nameKey === 'dir:shop');
      expect(dirs.map((d) => [d.name, d.parentId])).toEqual([['shop', null]]);
      const parentOf = (router: string) => rows.find((m) => m.router === router)?.parentId;
      expect([parentOf('/shop/shades'), parentOf('/shop/bulb')]).toEqual([dirs[0].id, dirs[0].id]);
      const sys = rows.find((m) => m.nameKey === 'dir:sys')!;
      expect(parentOf('/shop/deskLamp')).toBe(sys.id);
    } finally {
      await app.close();
    }
  });

  it('a file that is not JSON', async () => {
    await expect(start({ 'shop/lamp.json': '{ "type": "object", ' })).rejects.toThrow(
      /shop[/\\]lamp\.json: not valid JSON/,
    );
  });
});

/** Every row of every table and every column, to prove a start changed nothing. */
async function snapshot(t: TestApp): Promise<{ columns: string; rows: string }> {
  const tables = (await t.app.joinery.database.db.introspection.getTables())
    .map((tb) => `${tb.name}(${tb.columns.map((c) => `${c.name}:${c.dataType}:${c.isNullable}`).join(',')})`)
    .sort();
  const hash = createHash('sha1');
  for (const e of t.app.joinery.registry.all())
    if (e.table !== 'base_sys_log') hash.update(e.table).update(JSON.stringify(await t.rows(e.table)));
  return { columns: tables.join('\n'), rows: hash.digest('hex') };
}

describe.each(DIALECTS)('schema sync on an existing database (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  const schemaDirs: string[] = [];
  const on = (files: Record<string, unknown>): BuildOptions => {
    const schemasDir = schemasWith(files);
    schemaDirs.push(schemasDir);
    return { schemasDir, databaseUrl: t.url, dataDir: t.dataDir, captcha: false, uiDir: path.join(t.dataDir, 'no-ui') };
  };
  const lampRows = async () => (await t.rows('shop_lamp')).map((r) => ({ ...r })) as Row[];

  beforeAll(async () => {
    const dir = schemasWith({ 'shop/lamp.json': lampSchema({ title: TITLE, note: NOTE }) });
    schemaDirs.push(dir);
    t = await startApp(dialect, { schemasDir: dir });
    admin = await t.login();
    for (const title of ['Brass lamp', 'Paper lantern']) {
      const r = await t.call('POST', '/admin/shop/lamp/add', { token: admin, body: { title, note: `${title} note` } });
      expect(r.status, r.raw).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
    for (const d of schemaDirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('adding a field adds the column and keeps the rows', async () => {
    const before = await lampRows();
    const app = await buildApp(on({ 'shop/lamp.json': lampSchema({ title: TITLE, note: NOTE, watts: WATTS }) }));
    try {
      const after = await lampRows();
      expect(after.map(({ watts: _w, ...rest }) => rest)).toEqual(before);
      expect(after.map((r) => (r.watts === null ? null : Number(r.watts)))).toEqual([40, 40]);
      const login = await app.inject({
        method: 'POST',
        url: '/admin/base/open/login',
        payload: { username: 'admin', password: '123456' },
      });
      const token = String((login.json() as { data: Row }).data.token);
      const added = await app.inject({
        method: 'POST',
        url: '/admin/shop/lamp/add',
        headers: { authorization: token },
        payload: { title: 'Desk lamp', watts: 60 },
      });
      expect(added.statusCode, added.body).toBe(200);
      expect((await lampRows()).map((r) => [r.title, Number(r.watts)])).toEqual([
        ['Brass lamp', 40],
        ['Paper lantern', 40],
        ['Desk lamp', 60],
      ]);
    } finally {
      await app.close();
    }
  });

  it('removing a field is refused with a clear message and a migration proposal, and nothing is dropped', async () => {
    const before = await lampRows();
    await expect(buildApp(on({ 'shop/lamp.json': lampSchema({ title: TITLE, watts: WATTS }) }))).rejects.toThrow(
      /refused a destructive change to table "shop_lamp".*column "note" exists in the database but not in the schema.*proposal written to/,
    );
    const proposals = fs.readdirSync(path.join(t.dataDir, 'migrations')).filter((f) => f.endsWith('-shop_lamp.sql'));
    expect(proposals.length).toBeGreaterThan(0);
    const text = proposals.map((f) => fs.readFileSync(path.join(t.dataDir, 'migrations', f), 'utf8')).join('\n');
    expect(text).toMatch(/ALTER TABLE (["`])shop_lamp\1 DROP COLUMN (["`])note\2;/);
    expect(await lampRows()).toEqual(before);
  });

  it("changing a field's type is refused with a message naming the column", async () => {
    const before = await lampRows();
    fs.rmSync(path.join(t.dataDir, 'migrations'), { recursive: true, force: true });
    await expect(
      buildApp(
        on({
          'shop/lamp.json': lampSchema({
            title: TITLE,
            note: { ...NOTE, type: ['integer', 'null'], maxLength: undefined },
            watts: WATTS,
          }),
        }),
      ),
    ).rejects.toThrow(/table "shop_lamp".*column "note" is .* in the database but the schema makes it/);
    expect(fs.readdirSync(path.join(t.dataDir, 'migrations')).some((f) => f.endsWith('-shop_lamp.sql'))).toBe(true);
    expect(await lampRows()).toEqual(before);
  });

  // How fast a start is belongs to bench/startup.mjs, not here.
  it('a second start on an existing database changes nothing', async () => {
    const options = on({ 'shop/lamp.json': lampSchema({ title: TITLE, note: NOTE, watts: WATTS }) });
    const warm = await buildApp(options);
    await warm.close();
    const before = await snapshot(t);
    const app = await buildApp(options);
    await app.close();
    expect(await snapshot(t)).toEqual(before);
  });
});
