import { describe, expect, it } from 'vitest';
import { DIALECTS, startApp } from '../support/harness.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import type { Row } from '../../core/db/row.js';
import { sql } from 'kysely';
import { generateShopHistory, HISTORY_DAYS } from '../../seed/shop-history/shop-history.js';
import { CHART } from './dashboard-fixture.js';

describe.each(DIALECTS)('first-start shop history (%s)', (dialect) => {
  it('seeds eighteen months the dashboard can show, consistent with the orders, quickly', async () => {
    const started = Date.now();
    const t = await startApp(dialect, { seedHistory: true });
    const startMs = Date.now() - started;
    try {
      const db = untyped(t.app.joinery.database.db);
      const orders = await t.rows('order_info');
      const paid = orders.filter((o) => [1, 2].includes(Number(o.status)));
      const first = orders
        .map((o) => String(o.createTime))
        .filter((c) => c >= '2025')
        .sort()[0];
      console.log(
        `[seed ${dialect}] start with history ${startMs} ms: ${orders.length} orders, ${(await t.rows('order_item')).length} lines, ${(await t.rows('user_info')).length} members, first generated order ${first}`,
      );
      expect(orders.length).toBeGreaterThan(2000);
      expect(new Set(orders.map((o) => o.orderNo)).size).toBe(orders.length);
      const admin = await t.login();
      const d = (await t.call('GET', CHART, { token: admin, query: { period: 'fullYear' } })).body.data as Row;
      expect((d.sales as Row).total).toBe(paid.reduce((s, o) => s + Number(o.payAmount), 0));
      expect((d.payments as Row).total).toBe(paid.length);
      const points = (d.series as Row).points as { amount: number }[];
      expect(points.filter((p) => p.amount > 0)).toHaveLength(12);
      expect((d.views as Row).total).toBeGreaterThan(100_000);
      expect((d.hotProducts as Row[]).length).toBeGreaterThan(3);
      expect((d.categoryShare as Row[]).length).toBeGreaterThan(3);
      // Every line belongs to an order and its amount is the order's amount.
      const lines = await db
        .selectFrom('order_item')
        .select(['orderId', sql<number>`sum(price * quantity)`.as('total')])
        .groupBy('orderId')
        .execute();
      const amountOf = new Map(orders.map((o) => [Number(o.id), Number(o.amount)]));
      expect(lines.filter((l) => amountOf.get(Number(l.orderId)) !== Number(l.total))).toEqual([]);
      // Lines of products with SKUs are one of their SKUs, as the order module takes them.
      const products = (await t.call('POST', '/admin/product/info/list', { token: admin, body: {} })).body
        .data as Row[];
      const skus = new Map(
        products.map((p) => [Number(p.id), (p.skuInfo as { specs: Row; price: number }[] | null) ?? []]),
      );
      const items = await t.rows('order_item');
      const offSku = items.filter((i) => {
        const list = skus.get(Number(i.goodId)) ?? [];
        return (
          list.length > 0 &&
          !list.some((k) => k.price === Number(i.price) && JSON.stringify(k.specs) === String(i.specs))
        );
      });
      expect(offSku).toEqual([]);
      const last = orders[orders.length - 1];
      const detail = await t.call('GET', '/admin/order/order/detail', { token: admin, query: { id: String(last.id) } });
      expect(detail.status, detail.raw).toBe(200);
      expect(((detail.body.data as Row).items as Row[]).length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});

describe('generated shop history', () => {
  it('is the same for the same day, and orders follow their age', () => {
    const base = {
      products: [
        {
          id: 1,
          name: 'A',
          code: 'A1',
          price: 100000,
          status: 1,
          sales: 10,
          categoryId: 1,
          pic: null,
          skuInfo: [
            { specs: { size: 'S' }, price: 90000, code: 'A1-S' },
            { specs: { size: 'L' }, price: 120000 },
          ],
        },
        { id: 2, name: 'B', code: 'B1', price: 250000, status: 1, sales: 0, categoryId: 2, pic: null, skuInfo: [] },
      ],
      levels: [
        { id: 1, level: 0, discount: 1 },
        { id: 2, level: 1, discount: 0.95 },
      ],
      categories: [
        { id: 1, name: 'x' },
        { id: 2, name: 'y' },
      ],
      members: [{ id: 1, nickName: 'm', status: 1, levelType: 0, phone: '1' }],
      orderRemark: 'r',
    };
    const now = new Date(2026, 5, 18, 15, 30, 0);
    const a = generateShopHistory(base, now);
    expect(generateShopHistory(base, now)).toEqual(a);
    // A product with SKUs is sold as one of them (price and specs of the SKU); one without at its own price.
    const linesOfA = a.items.filter((i) => i.goodId === 1);
    expect(
      linesOfA.every((i) => (i.price === 90000 && i.code === 'A1-S') || (i.price === 120000 && i.code === 'A1')),
    ).toBe(true);
    expect(a.items.filter((i) => i.goodId === 2).every((i) => i.price === 250000 && i.specs === null)).toBe(true);
    expect(a.orders.every((o) => String(o.createTime) <= '2026-06-18 15:30:00')).toBe(true);
    const old = a.orders.filter((o) => String(o.createTime) < '2026-04-01');
    expect(old.every((o) => [2, 3].includes(Number(o.status)))).toBe(true);
    expect(new Set(a.visits.map((v) => v.day)).size).toBe(HISTORY_DAYS + 1);
    expect(a.visits.filter((v) => v.day === '2026-06-18').every((v) => v.hour <= 15)).toBe(true);
  });
});
