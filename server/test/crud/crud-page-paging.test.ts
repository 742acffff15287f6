import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { byIdDesc, crudPageSuite, ids } from './crud-page-suite.js';

describe.each(DIALECTS)('generic page and list (%s)', (dialect) => {
  const { started, post, page, rejected } = crudPageSuite(dialect);
  let t: TestApp;
  beforeAll(() => {
    ({ t } = started());
  });

  it('answers page 1 of 15 rows, newest id first, with the table total when nothing is asked', async () => {
    const stored = await t.rows('demo_tenant');
    expect(stored.length).toBeGreaterThan(30);
    const data = await page('demo/tenant');
    expect(data.pagination).toEqual({ page: 1, size: 15, total: stored.length });
    expect(ids(data.list)).toEqual(ids(byIdDesc(stored).slice(0, 15)));
  });

  it('a deep page (1,000 rows skipped or more, read through its ids) holds the rows a full list holds there', async () => {
    const db = untyped(t.app.joinery.database.db);
    const categories = await t.rows('product_category');
    const now = '2026-01-01 00:00:00';
    const rows = Array.from({ length: 1300 }, (_, i) => ({
      name: `Deep ${i % 17}`,
      code: `D${i}`,
      price: (i * 7919) % 500,
      status: i % 2,
      categoryId: Number(categories[i % categories.length].id),
      sales: 0,
      order: i % 3,
      recommend: 0,
      auditStatus: 0,
      createTime: now,
      updateTime: now,
    }));
    const before = Math.max(0, ...(await t.rows('product_info')).map((r) => Number(r.id)));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('product_info')
        .values(rows.slice(i, i + 500))
        .execute();
    try {
      for (const query of [
        {},
        { order: 'price', sort: 'asc' },
        { order: 'categoryName,price', sort: 'desc,asc' },
        { status: 1, order: 'price', sort: 'desc' },
        { keyWord: 'Deep 1' },
      ]) {
        const r = await post('product/info/list', query);
        expect(r.status, r.raw).toBe(200);
        const all = ids(r.body.data as Row[]);
        for (const [p, size] of [
          [21, 50],
          [26, 50],
          [11, 100],
          [1001, 1],
        ] as const) {
          const data = await page('product/info', { ...query, page: p, size });
          expect(ids(data.list), `${JSON.stringify(query)} page ${p} of ${size}`).toEqual(
            all.slice((p - 1) * size, p * size),
          );
          expect(
            data.list.every((row) => typeof row.categoryName === 'string'),
            'joined columns read',
          ).toBe(true);
          expect(data.pagination.total).toBe(all.length);
        }
      }
    } finally {
      // The other tests here count the seeded products.
      await db.deleteFrom('product_info').where('id', '>', before).execute();
    }
  });

  it("orders by the schema's x-order first, then newest id", async () => {
    const stored = await t.rows('base_sys_menu');
    const expected = [...stored].sort((a, b) => Number(a.orderNum) - Number(b.orderNum) || Number(b.id) - Number(a.id));
    expect(ids((await page('base/sys/menu', { size: 1000 })).list)).toEqual(ids(expected));
  });

  it('cuts pages by page and size (numeric text accepted) and keeps the total', async () => {
    const stored = byIdDesc(await t.rows('demo_tenant'));
    const third = await page('demo/tenant', { page: 3, size: 7 });
    expect(third.pagination).toEqual({ page: 3, size: 7, total: stored.length });
    expect(ids(third.list)).toEqual(ids(stored.slice(14, 21)));
    const asText = await page('demo/tenant', { page: '2', size: '10' });
    expect(asText.pagination).toEqual({ page: 2, size: 10, total: stored.length });
    expect(ids(asText.list)).toEqual(ids(stored.slice(10, 20)));
    const beyond = await page('demo/tenant', { page: 1000, size: 50 });
    expect(beyond).toEqual({ list: [], pagination: { page: 1000, size: 50, total: stored.length } });
  });

  it('caps the page size at 1000: 1000 is served, 1001 is refused naming size', async () => {
    const stored = await t.rows('base_sys_menu');
    const all = await page('base/sys/menu', { size: 1000 });
    expect(all.list).toHaveLength(stored.length);
    expect(await rejected('base/sys/menu', { size: 1001 })).toMatch(/^size/);
    for (const bad of [0, -1, 1.5, 'ten', [20], { n: 1 }])
      expect(await rejected('base/sys/menu', { size: bad })).toMatch(/^size/);
    for (const bad of [0, -3, 'one', true]) expect(await rejected('base/sys/menu', { page: bad })).toMatch(/^page/);
  });

  it('list answers a plain array with the same filters and no pagination', async () => {
    const stored = await t.rows('product_info');
    const r = await post('product/info/list', { status: 1 });
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body.data)).toBe(true);
    expect(ids(r.body.data as Row[]).sort()).toEqual(ids(stored.filter((p) => Number(p.status) === 1)).sort());
    const everything = await post('product/info/list', {});
    expect((everything.body.data as Row[]).length).toBe(stored.length);
  });
});
