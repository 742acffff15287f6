import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../support/harness.js';
import { dbFingerprint } from '../support/db-fingerprint.js';
import type { Row } from '../../core/db/row.js';
import { expectLive, startCoding } from './coding-fixtures.js';

describe.each(DIALECTS)('AI-code: applying a schema proposal live (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let drafter: string;
  beforeAll(async () => {
    ({ t, admin, drafter } = await startCoding(dialect));
  });
  afterAll(() => t.close());

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
});
