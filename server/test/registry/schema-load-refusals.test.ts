import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Row } from '../../core/db/row.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { label, lampSchema, schemasWith, TITLE, WATTS } from './lamp-schemas.js';

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
