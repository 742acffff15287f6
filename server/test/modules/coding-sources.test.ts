import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { CSV, expectLive, FORM, SAMPLE, startCoding, TYPEORM } from './coding-fixtures.js';

describe.each(DIALECTS)('AI-code: applying a schema proposal live (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await startCoding(dialect));
  });
  afterAll(() => t.close());

  it('drafts from a sample JSON record, previews, applies, and the entity is live for its creator', async () => {
    const draft = await t.call('POST', '/admin/base/coding/draft', {
      token: admin,
      body: { from: 'json', sample: SAMPLE, module: 'shop', name: 'supplier', title: '供应商' },
    });
    expect(draft.status, draft.raw).toBe(200);
    const proposal = (draft.body.data as { proposal: { fields: Row[] } }).proposal;
    expect(proposal.fields.map((f) => [f.name, f.type])).toEqual([
      ['name', 'string'],
      ['phone', 'string'],
      ['status', 'integer'],
      ['categoryId', 'integer'],
      ['logo', 'image'],
      ['credit', 'money'],
    ]);
    expect((draft.body.data as { preview: { columns: Row[] } }).preview.columns.map((c) => c.propertyName)).toContain(
      'credit',
    );
    // The reviewer binds status to a dictionary and categoryId to product categories, then applies.
    proposal.fields[2].dict = 'enableStatus';
    proposal.fields[3].ref = { entity: 'product/category', label: 'name' };
    const applied = await t.call('POST', '/admin/base/coding/createCode', {
      token: admin,
      body: { proposal: { ...proposal, module: 'shop', name: 'supplier', title: '供应商' } },
    });
    expect(applied.status, applied.raw).toBe(200);
    expect(applied.body.data).toEqual({ applied: ['shop/supplier'], skipped: [] });
    await expectLive(t, admin, 'shop/supplier', {
      name: 'Oak & Co',
      phone: '1',
      status: 1,
      categoryId: 1,
      logo: '/a.png',
      credit: 500,
    });
    const stored = await t.rows('base_sys_entity_def');
    expect(stored.map((r) => r.prefix)).toEqual(['shop/supplier']);
  });

  it('applies from a CSV header with rows and from the field form', async () => {
    const csv = await t.call('POST', '/admin/base/coding/createCode', {
      token: admin,
      body: { from: 'csv', csv: CSV, module: 'shop', name: 'furniture' },
    });
    expect(csv.status, csv.raw).toBe(200);
    await expectLive(t, admin, 'shop/furniture', { name: 'Desk', colour: 'red', stock: 1 });
    const form = await t.call('POST', '/admin/base/coding/createCode', {
      token: admin,
      body: { from: 'form', fields: FORM, module: 'blog', name: 'post', menu: { parent: 'sys', icon: 'icon-doc' } },
    });
    expect(form.status, form.raw).toBe(200);
    await expectLive(t, admin, 'blog/post', { title: 'Hello', visits: 3 });
  });

  it('parses a TypeORM entity as text and creates it through base/sys/menu/create', async () => {
    const parsed = await t.call('POST', '/admin/base/sys/menu/parse', {
      token: admin,
      body: { entity: TYPEORM, module: 'shop' },
    });
    expect(parsed.status, parsed.raw).toBe(200);
    const reply = parsed.body.data as Row & { columns: Row[] };
    expect([reply.className, reply.tableName, reply.fileName, reply.path]).toEqual([
      'ShopWarehouseEntity',
      'shop_warehouse',
      'warehouse',
      '/admin/shop/warehouse',
    ]);
    expect(reply.columns.map((c) => [c.propertyName, c.type, c.length, c.nullable])).toEqual([
      ['name', 'string', '50', false],
      ['status', 'tinyint', '', false],
      ['capacity', 'decimal', '', true],
      ['remark', 'text', '', true],
    ]);
    const created = await t.call('POST', '/admin/base/sys/menu/create', {
      token: admin,
      body: { entity: TYPEORM, module: 'shop', fileName: 'warehouse' },
    });
    expect(created.status, created.raw).toBe(200);
    await expectLive(t, admin, 'shop/warehouse', { name: 'North', capacity: 12.5 });
    // The entity's default and unique index came along: a new row without a status gets 1, a name is taken once.
    const rows = (await t.call('POST', '/admin/shop/warehouse/page', { token: admin, body: {} })).body.data as {
      list: Row[];
    };
    expect(rows.list.map((r) => [r.name, r.status])).toEqual([['North', 1]]);
    const twin = await t.call('POST', '/admin/shop/warehouse/add', { token: admin, body: { name: 'North' } });
    expect([twin.status, twin.body.errorCode]).toEqual([409, 'UNIQUE_TAKEN']);
  });

  it('createCode takes schema files (path checked against x-prefix); other files are skipped, never written', async () => {
    const schema = {
      type: 'object',
      'x-module': 'shop',
      'x-prefix': 'shop/shelf',
      'x-table': 'shop_shelf',
      'x-class': 'ShopShelfEntity',
      'x-title': { 'zh-cn': '货架', 'zh-tw': '貨架', en: 'Shelves' },
      'x-menu': { router: '/shop/shelf', viewPath: 'modules/shop/views/shelf.vue' },
      properties: {
        code: { type: 'string', maxLength: 20, 'x-label': { 'zh-cn': '编号', 'zh-tw': '編號', en: 'Code' } },
      },
    };
    const wrong = await t.call('POST', '/admin/base/coding/createCode', {
      token: admin,
      body: { codes: [{ path: 'schemas/shop/rack.json', content: JSON.stringify(schema) }] },
    });
    expect([wrong.status, (wrong.body.details as Row[])[0].path]).toEqual([400, 'codes.0.path']);
    const ok = await t.call('POST', '/admin/base/coding/createCode', {
      token: admin,
      body: [
        { path: 'schemas/shop/shelf.json', content: JSON.stringify(schema) },
        { path: 'src/modules/shop/controller/admin/shelf.ts', content: 'export class X {}' },
      ],
    });
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.data).toEqual({ applied: ['shop/shelf'], skipped: ['src/modules/shop/controller/admin/shelf.ts'] });
    await expectLive(t, admin, 'shop/shelf', { code: 'A1' });
  });

  it('a restart keeps every applied entity with its rows, routes and menus', async () => {
    const menusBefore = (await t.rows('base_sys_menu')).length;
    t = await t.restart();
    admin = await t.login();
    for (const prefix of ['shop/supplier', 'shop/furniture', 'blog/post', 'shop/warehouse', 'shop/shelf']) {
      const page = await t.call('POST', `/admin/${prefix}/page`, { token: admin, body: {} });
      expect([prefix, page.status, (page.body.data as { list: Row[] }).list.length]).toEqual([prefix, 200, 1]);
    }
    expect((await t.rows('base_sys_menu')).length).toBe(menusBefore);
    // Evolving a stored entity: a new field is added to its table; the old row stays.
    const evolve = await t.call('POST', '/admin/base/coding/createCode', {
      token: admin,
      body: {
        from: 'form',
        module: 'blog',
        name: 'post',
        evolve: true,
        fields: [...FORM, { name: 'author', type: 'string', length: 40 }],
      },
    });
    expect(evolve.status, evolve.raw).toBe(200);
    const rows = await t.rows('blog_post');
    expect(rows.map((r) => [r.title, r.author])).toEqual([['Hello', null]]);
  });
});
