import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from './harness.js';
import { dbFingerprint } from './db-fingerprint.js';
import { createStaff, menuRows } from './create-staff.js';
import type { Row } from '../core/db/row.js';
import type { Eps } from '../modules/base/open/eps-types.js';

const SAMPLE = JSON.stringify({
  name: 'Acme Timber',
  phone: '13800000000',
  status: 1,
  categoryId: 1,
  logo: 'https://example.com/acme.png',
  credit: 120000,
});
const CSV = 'name,colour,stock,price\nOak chair,brown,12,199.5\n"Pine, table",natural,3,\n';
const FORM = [
  {
    name: 'title',
    label: { 'zh-cn': '标题', 'zh-tw': '標題', en: 'Title' },
    type: 'string',
    required: true,
    length: 80,
    search: 'keyword',
  },
  { name: 'visits', type: 'integer', search: 'range', sortable: true },
  { name: 'note', type: 'text' },
];
const TYPEORM = `
import { BaseEntity } from '../../base/entity/base';
import { Column, Entity, Index } from 'typeorm';

/** 仓库 */
@Entity('shop_warehouse')
export class ShopWarehouseEntity extends BaseEntity {
  @Index({ unique: true })
  @Column({ comment: '名称', length: 50 })
  name: string;

  @Column({ comment: '状态 0-禁用 1-启用', default: 1, type: 'tinyint' })
  status: number;

  @Column({ comment: '容量', type: 'decimal', precision: 10, scale: 2, nullable: true })
  capacity: number;

  @Column({ comment: '备注', nullable: true, type: 'text' })
  remark: string;
}`;

async function expectLive(t: TestApp, token: string, prefix: string, record: Row) {
  const eps = (await t.call('GET', '/admin/base/open/eps', { token })).body.data as Eps;
  const entry = eps[prefix.split('/')[0]]?.find((e) => e.prefix === `/admin/${prefix}`);
  expect(entry?.api.map((a) => a.path).sort()).toEqual([
    '/add',
    '/delete',
    '/export',
    '/history',
    '/historyExport',
    '/import',
    '/info',
    '/list',
    '/page',
    '/revert',
    '/update',
  ]);
  const added = await t.call('POST', `/admin/${prefix}/add`, { token, body: record });
  expect(added.status, added.raw).toBe(200);
  const page = await t.call('POST', `/admin/${prefix}/page`, { token, body: {} });
  expect(page.status, page.raw).toBe(200);
  expect((page.body.data as { list: Row[] }).list.length).toBeGreaterThan(0);
  const permmenu = (await t.call('GET', '/admin/base/comm/permmenu', { token })).body.data as {
    menus: { router: string | null }[];
    perms: string[];
  };
  expect(permmenu.menus.some((m) => m.router === `/${prefix}`)).toBe(true);
  const perm = prefix.replace(/\//g, ':');
  for (const a of ['page', 'list', 'info', 'add', 'update', 'delete']) expect(permmenu.perms).toContain(`${perm}:${a}`);
}

describe.each(DIALECTS)('AI-code: applying a schema proposal live (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let drafter: string;
  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
    const aiPage = (await menuRows(t, admin)).find((m) => (m.perms ?? '').includes('base:coding:createCode'))!;
    const staff = await createStaff(t, admin, {
      username: 'coder',
      menuIds: [aiPage.id, aiPage.parentId!].filter(Boolean) as number[],
    });
    drafter = await t.login(staff.username, staff.password);
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

  it('tells the page its options, drafts with the sample as preview rows, and gives a stored entity back as its proposal', async () => {
    const options = (await t.call('GET', '/admin/base/coding/options', { token: drafter })).body.data as {
      llm: boolean;
      canApply: boolean;
      parents: Row[];
      modules: string[];
      stored: Row[];
    };
    expect([options.llm, options.canApply]).toEqual([false, false]);
    expect(((await t.call('GET', '/admin/base/coding/options', { token: admin })).body.data as Row).canApply).toBe(
      true,
    );
    expect(options.parents.map((p) => p.key)).toEqual(expect.arrayContaining(['sys', 'sys/auth']));
    expect(options.modules).toEqual(expect.arrayContaining(['base', 'product', 'shop']));
    expect(options.stored.map((e) => e.prefix)).toEqual(['shop/supplier']);
    const draft = await t.call('POST', '/admin/base/coding/draft', {
      token: drafter,
      body: { from: 'json', sample: `[${SAMPLE}, {"name": "Birch Ltd", "credit": 5}]`, module: 'shop', name: 'vendor' },
    });
    expect((draft.body.data as { rows: Row[] }).rows).toEqual([
      {
        id: 1,
        name: 'Acme Timber',
        phone: '13800000000',
        status: 1,
        categoryId: 1,
        logo: 'https://example.com/acme.png',
        credit: 12000000,
      },
      { id: 2, name: 'Birch Ltd', credit: 500 },
    ]);
    const back = await t.call('GET', '/admin/base/coding/proposal', {
      token: drafter,
      query: { prefix: 'shop/supplier' },
    });
    expect(back.status, back.raw).toBe(200);
    const proposal = (back.body.data as { proposal: { module: string; name: string; fields: Row[] } }).proposal;
    expect([proposal.module, proposal.name]).toEqual(['shop', 'supplier']);
    expect(proposal.fields.map((f) => [f.name, f.type, f.dict, (f.ref as Row | undefined)?.entity])).toEqual([
      ['name', 'string', undefined, undefined],
      ['phone', 'string', undefined, undefined],
      ['status', 'integer', 'enableStatus', undefined],
      ['categoryId', 'integer', undefined, 'product/category'],
      ['logo', 'image', undefined, undefined],
      ['credit', 'money', undefined, undefined],
    ]);
    // Built-in entities live in schema files: they are not evolved from here.
    const builtIn = await t.call('GET', '/admin/base/coding/proposal', {
      token: drafter,
      query: { prefix: 'product/info' },
    });
    expect([builtIn.status, (builtIn.body.details as Row[])[0].path]).toEqual([400, 'prefix']);
  });

  it('serves the OpenAPI document of what the caller may call, entities made here included', async () => {
    const doc = async (token?: string) =>
      JSON.parse((await t.call('GET', '/admin/base/open/openapi', { token })).raw) as {
        openapi: string;
        paths: Record<string, unknown>;
      };
    const [asAdmin, asDrafter, anonymous] = await Promise.all([doc(admin), doc(drafter), doc()]);
    expect(asAdmin.openapi).toBe('3.1.0');
    expect(Object.keys(asAdmin.paths)).toEqual(
      expect.arrayContaining(['/admin/shop/supplier/page', '/admin/product/info/page', '/admin/base/open/login']),
    );
    expect(Object.keys(asDrafter.paths)).toEqual(
      expect.arrayContaining(['/admin/base/coding/draft', '/admin/base/open/login']),
    );
    expect(Object.keys(asDrafter.paths)).not.toContain('/admin/product/info/page');
    // Anyone sees the public routes only (login, captcha, eps…).
    const anonymousOps = Object.values(anonymous.paths).flatMap((p) =>
      Object.values(p as Record<string, { 'x-permission': string }>),
    );
    expect(anonymousOps.length).toBeGreaterThan(3);
    expect(new Set(anonymousOps.map((o) => o['x-permission']))).toEqual(new Set(['public']));
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

  it('a proposal carrying a new dictionary creates it with the entity, named after the field, and its values are labelled', async () => {
    const fields = [
      { name: 'title', type: 'string', required: true },
      {
        name: 'grade',
        label: { 'zh-cn': '等级', 'zh-tw': '等級', en: 'Grade' },
        type: 'integer',
        dict: 'timberGrade',
        search: 'eq',
        dictEntries: [
          { value: 1, name: { 'zh-cn': '一级', 'zh-tw': '一級', en: 'First' }, color: 'success' },
          { value: 2, name: '二级' },
        ],
      },
    ];
    const r = await t.call('POST', '/admin/base/coding/createCode', {
      token: admin,
      body: {
        from: 'proposal',
        proposal: { module: 'shop', name: 'timber', fields, menu: { parent: 'sys', icon: 'icon-goods' } },
      },
    });
    expect(r.status, r.raw).toBe(200);
    const type = (await t.rows('dict_type')).find((d) => d.key === 'timberGrade')!;
    expect(type.name).toBe('等级');
    const entries = (await t.rows('dict_info'))
      .filter((d) => Number(d.typeId) === Number(type.id))
      .map((d) => [d.value, d.name, d.color]);
    expect(entries).toEqual([
      ['1', '一级', 'success'],
      ['2', '二级', null],
    ]);
    const dicts = (await t.call('POST', '/admin/dict/info/data', { token: admin, body: { types: ['timberGrade'] } }))
      .body.data as Record<string, Row[]>;
    expect(dicts.timberGrade.map((d) => [d.value, d.name])).toEqual([
      [1, '一级'],
      [2, '二级'],
    ]);
    await expectLive(t, admin, 'shop/timber', { title: 'Oak', grade: 2 });
    // The stored entity gives the entries back as its proposal, so evolving it keeps them.
    const back = await t.call('GET', '/admin/base/coding/proposal?prefix=shop/timber', { token: admin });
    expect(back.status, back.raw).toBe(200);
    const grade = (back.body.data as { proposal: { fields: Row[] } }).proposal.fields.find((f) => f.name === 'grade')!;
    expect([grade.dict, (grade.dictEntries as Row[]).map((e) => e.value)]).toEqual(['timberGrade', [1, 2]]);
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

  it('refuses broken proposals with a 400 naming the field, and changes nothing', async () => {
    const before = await dbFingerprint(t);
    const tree = (await t.call('GET', '/admin/base/coding/getModuleTree', { token: admin })).body.data as string[];
    const many = Array.from({ length: 10_000 }, (_, i) => ({ name: `f${i}`, type: 'string' }));
    const cases: [string, Row, string][] = [
      ['bad type', { fields: [{ name: 'title', type: 'varchar(10)' }] }, 'fields.0.type'],
      [
        'reserved name',
        {
          fields: [
            { name: 'title', type: 'string' },
            { name: 'createTime', type: 'string' },
          ],
        },
        'fields.1.name',
      ],
      ['SQL keyword name', { fields: [{ name: 'select', type: 'string' }] }, 'fields.0.name'],
      ['duplicate prefix', { module: 'product', name: 'info', fields: [{ name: 'title', type: 'string' }] }, 'name'],
      ['10,000 fields', { fields: many }, 'fields'],
      ['__proto__', { fields: [{ name: '__proto__', type: 'string' }] }, 'fields.0.name'],
      ['unknown dictionary', { fields: [{ name: 'state', type: 'integer', dict: 'noSuchDict' }] }, 'fields.state.dict'],
      [
        'dictionary entries of the wrong kind',
        {
          fields: [
            {
              name: 'state',
              type: 'integer',
              dict: 'crateState',
              dictEntries: [
                { value: 1, name: 'Open' },
                { value: 'shut', name: 'Shut' },
              ],
            },
          ],
        },
        'fields.0.dictEntries.1.value',
      ],
      [
        'dictionary entries without a key',
        { fields: [{ name: 'state', type: 'integer', dictEntries: [{ value: 1, name: 'Open' }] }] },
        'fields.0.dictEntries',
      ],
      [
        'relation to nothing',
        { fields: [{ name: 'ownerId', type: 'integer', ref: { entity: 'shop/nothing', label: 'name' } }] },
        'fields.ownerId',
      ],
      [
        'missing parent menu',
        { menu: { parent: 'nowhere' }, fields: [{ name: 'title', type: 'string' }] },
        'menu.parent',
      ],
    ];
    for (const [what, proposal, path] of cases) {
      const r = await t.call('POST', '/admin/base/coding/createCode', {
        token: admin,
        body: { from: 'proposal', proposal: { module: 'shop', name: 'broken', ...proposal } },
      });
      expect([what, r.status, (r.body.details as Row[] | undefined)?.[0]?.path], r.raw.slice(0, 300)).toEqual([
        what,
        400,
        path,
      ]);
    }
    // A raw body whose proposal carries __proto__ as a key, as a hostile client would send it.
    const raw = await t.app.inject({
      method: 'POST',
      url: '/admin/base/coding/createCode',
      headers: { authorization: admin, 'content-type': 'application/json' },
      payload:
        '{"proposal":{"module":"shop","name":"broken","__proto__":{"fields":[]},"fields":[{"name":"title","type":"string","__proto__":{"required":true}}]}}',
    });
    expect(raw.statusCode, raw.body).toBe(400);
    expect(await dbFingerprint(t)).toEqual(before);
    expect((await t.call('GET', '/admin/base/coding/getModuleTree', { token: admin })).body.data).toEqual(tree);
    expect(tree).toContain('schemas/shop/supplier.json');
  });

  it('holders of base:coding:* may draft and preview, but only a super admin may apply', async () => {
    const before = await dbFingerprint(t);
    const draft = await t.call('POST', '/admin/base/coding/draft', {
      token: drafter,
      body: { from: 'csv', csv: CSV, module: 'shop', name: 'stock' },
    });
    expect(draft.status, draft.raw).toBe(200);
    for (const [url, body] of [
      ['/admin/base/coding/createCode', { from: 'csv', csv: CSV, module: 'shop', name: 'stock' }],
      ['/admin/base/sys/menu/create', { entity: TYPEORM, module: 'shop', fileName: 'depot' }],
    ] as const) {
      const r = await t.call('POST', url, { token: drafter, body });
      expect([url, r.status, r.body.message]).toEqual([
        url,
        403,
        url.includes('menu') ? '登录失效或无权限访问~' : expect.stringMatching(/超级管理员/),
      ]);
    }
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('removes an entity made here: records only after a confirm, records and schema to the recycle bin, menu and routes gone; re-applied and restored it comes back', async () => {
    const proposal = {
      module: 'shop',
      name: 'crate',
      title: '箱子',
      fields: [{ name: 'label', type: 'string', required: true, search: 'keyword' }],
      menu: { parent: 'product', icon: 'icon-box', orderNum: 3 },
    };
    expect((await t.call('POST', '/admin/base/coding/createCode', { token: admin, body: { proposal } })).status).toBe(
      200,
    );
    for (const label of ['A', 'B'])
      expect((await t.call('POST', '/admin/shop/crate/add', { token: admin, body: { label } })).status).toBe(200);
    const menusBefore = (await t.rows('base_sys_menu')).length;

    const before = await dbFingerprint(t);
    const unconfirmed = await t.call('POST', '/admin/base/coding/remove', {
      token: admin,
      body: { prefix: 'shop/crate' },
    });
    expect([unconfirmed.status, (unconfirmed.body.details as Row[])[0].path]).toEqual([400, 'confirm']);
    const byDrafter = await t.call('POST', '/admin/base/coding/remove', {
      token: drafter,
      body: { prefix: 'shop/crate', confirm: 'shop/crate' },
    });
    expect(byDrafter.status).toBe(403);
    const builtIn = await t.call('POST', '/admin/base/coding/remove', {
      token: admin,
      body: { prefix: 'product/info', confirm: 'product/info' },
    });
    expect([builtIn.status, (builtIn.body.details as Row[])[0].path]).toEqual([400, 'prefix']);
    expect(await dbFingerprint(t)).toEqual(before);
    // shop/supplier relates to product categories, not the other way: a related-to stored entity is refused.
    const related = await t.call('POST', '/admin/base/coding/createCode', {
      token: admin,
      body: {
        proposal: {
          module: 'shop',
          name: 'crateLabel',
          fields: [{ name: 'crateId', type: 'integer', ref: { entity: 'shop/crate', label: 'label' } }],
        },
      },
    });
    expect(related.status, related.raw).toBe(200);
    const refused = await t.call('POST', '/admin/base/coding/remove', {
      token: admin,
      body: { prefix: 'shop/crate', confirm: 'shop/crate' },
    });
    expect([refused.status, refused.body.message]).toEqual([409, expect.stringContaining('shop/crateLabel')]);
    expect(
      (await t.call('POST', '/admin/base/coding/remove', { token: admin, body: { prefix: 'shop/crateLabel' } })).status,
    ).toBe(200);

    const removed = await t.call('POST', '/admin/base/coding/remove', {
      token: admin,
      body: { prefix: 'shop/crate', confirm: 'shop/crate' },
    });
    expect([removed.status, removed.body.data], removed.raw).toEqual([200, { removed: 'shop/crate', recycled: 2 }]);
    expect((await t.call('POST', '/admin/shop/crate/page', { token: admin, body: {} })).status).toBe(404);
    const permmenu = (await t.call('GET', '/admin/base/comm/permmenu', { token: admin })).body.data as {
      menus: { router: string | null }[];
      perms: string[];
    };
    expect(permmenu.menus.some((m) => m.router === '/shop/crate')).toBe(false);
    expect(permmenu.perms.filter((p) => p.startsWith('shop:crate:'))).toEqual([]);
    expect((await t.rows('base_sys_menu')).length).toBeLessThan(menusBefore);
    const bin = (await t.rows('recycle_data')).filter(
      (r) =>
        r.entityPrefix === 'shop/crate' ||
        (r.entityPrefix === 'base/sys/entityDef' && String(r.data).includes('"prefix":"shop/crate"')),
    );
    expect(bin.map((r) => [r.entityPrefix, Number(r.count)]).sort()).toEqual([
      ['base/sys/entityDef', 1],
      ['shop/crate', 2],
    ]);
    expect((await t.rows('base_sys_entity_def')).map((r) => r.prefix)).not.toContain('shop/crate');
    // Nothing of its table is left: neither the table nor its keyword index.
    const tables = (await t.app.joinery.database.db.introspection.getTables()).map((x) => x.name);
    expect(tables.filter((name) => name.startsWith('shop_crate'))).toEqual([]);

    // Made again (an empty table), its records come back from the bin with their ids.
    expect((await t.call('POST', '/admin/base/coding/createCode', { token: admin, body: { proposal } })).status).toBe(
      200,
    );
    const record = bin.find((r) => r.entityPrefix === 'shop/crate')!;
    const restored = await t.call('POST', '/admin/recycle/data/restore', {
      token: admin,
      body: { ids: [Number(record.id)] },
    });
    expect(restored.status, restored.raw).toBe(200);
    const page = (await t.call('POST', '/admin/shop/crate/page', { token: admin, body: { order: 'id', sort: 'asc' } }))
      .body.data as { list: Row[] };
    expect(page.list.map((r) => r.label)).toEqual(['A', 'B']);
    // The restored rows are in the keyword index made again with the table.
    const found = (await t.call('POST', '/admin/shop/crate/page', { token: admin, body: { keyWord: 'b' } })).body
      .data as { list: Row[] };
    expect(found.list.map((r) => r.label)).toEqual(['B']);
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
