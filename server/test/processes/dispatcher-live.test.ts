import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { normalizeEntity } from '../../core/registry/normalize-entity.js';
import { checkEntitySchema } from '../../core/registry/load-schemas.js';
import { syncSchema } from '../../core/db/schema-sync.js';

describe.each(DIALECTS)('an entity registered while the server runs (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

  it('is served at once, with no restart, and shows up in eps', async () => {
    const before = await t.call('POST', '/admin/shop/lamp/page', { token, body: {} });
    expect(before.status).toBe(404);
    // Without a token an unknown path is refused like a real one, so it does not reveal which entities exist.
    expect((await t.call('POST', '/admin/shop/lamp/page', { body: {} })).status).toBe(401);

    const schema = checkEntitySchema(
      {
        type: 'object',
        'x-module': 'shop',
        'x-prefix': 'shop/lamp',
        'x-table': 'shop_lamp',
        'x-class': 'ShopLampEntity',
        'x-title': { 'zh-cn': '灯具', 'zh-tw': '燈具', en: 'Lamps' },
        required: ['title'],
        properties: {
          title: {
            type: 'string',
            maxLength: 40,
            'x-label': { 'zh-cn': '名称', 'zh-tw': '名稱', en: 'Title' },
            'x-search': 'keyword',
          },
        },
      },
      'runtime test',
    );
    const entity = normalizeEntity(schema, 'runtime test');
    await syncSchema(t.app.joinery.database, [entity]);
    t.app.joinery.registry.register(entity);

    const added = await t.call('POST', '/admin/shop/lamp/add', { token, body: { title: 'Brass floor lamp' } });
    expect(added.status).toBe(200);
    const page = await t.call('POST', '/admin/shop/lamp/page', { token, body: { keyWord: 'brass' } });
    expect(page.status).toBe(200);
    expect((page.body.data as { list: { title: string }[] }).list.map((r) => r.title)).toEqual(['Brass floor lamp']);
    expect((await t.rows('shop_lamp')).map((r) => r.title)).toEqual(['Brass floor lamp']);
    const eps = await t.call('GET', '/admin/base/open/eps', { token });
    const shop = (eps.body.data as Record<string, { prefix: string }[]>).shop;
    expect(shop.map((e) => e.prefix)).toEqual(['/admin/shop/lamp']);
  });
});
