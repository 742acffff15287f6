import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { dbFingerprint } from '../support/db-fingerprint.js';
import { type Action, LEGAL, orderSuite } from './order-suite.js';

describe.each(DIALECTS)('order workflow (%s)', (dialect) => {
  const { started, post, order, history, newOrder } = orderSuite(dialect);
  let t: TestApp;
  let token: string;
  let seq = 0;
  beforeAll(() => {
    ({ t, token } = started());
  });

  it('adds an order with lines: amount is the sum of the lines, payAmount the member level price, lines stored with snapshots', async () => {
    const id = await newOrder();
    const stored = await order(id);
    // 1358000 + 2 × 498000; member 1 is a gold member (level 2, 0.95).
    expect(Number(stored.amount)).toBe(2354000);
    expect(Number(stored.payAmount)).toBe(2236300);
    expect(Number(stored.status)).toBe(0);
    expect(stored.remark).toMatch(/8%税点/);
    const lines = (await t.rows('order_item')).filter((r) => Number(r.orderId) === id);
    expect(lines.map((l) => [Number(l.goodId), Number(l.price), Number(l.quantity), l.goodName])).toEqual([
      [1, 1358000, 1, '北美黑胡桃木实木餐桌'],
      [3, 498000, 2, '潘多拉大理石圆形茶几'],
    ]);
    expect(JSON.parse(String(lines[0].specs))).toEqual({ 尺寸: '1800×900mm', 漆面: '木蜡油' });
    expect(await history(id)).toEqual([]);
  });

  it('refuses bad lines by field and stores nothing', async () => {
    const before = await dbFingerprint(t);
    const cases: [unknown, string][] = [
      [[], 'items'],
      ['x', 'items'],
      [[{ goodId: 99999, quantity: 1 }], 'items.0.goodId'],
      [[{ goodId: 1, quantity: 0, specs: { 尺寸: '1800×900mm', 漆面: '木蜡油' } }], 'items.0.quantity'],
      [[{ goodId: 1, quantity: 1.5 }], 'items.0.quantity'],
      [[{ goodId: 1, quantity: 1, specs: { 尺寸: '2m' } }], 'items.0.specs'],
      [
        [
          { goodId: 3, quantity: 1, specs: { 直径: '800mm' } },
          { goodId: 1, quantity: 1 },
        ],
        'items.1.specs',
      ],
      [[{ goodId: 7, quantity: 1, specs: { a: 'b' } }], 'items.0.specs'],
      [
        [
          { goodId: 1, quantity: 9999, specs: { 尺寸: '1800×900mm', 漆面: '木蜡油' } },
          { goodId: 2, quantity: 9999, specs: { 座位: '四人位', 皮色: '象牙白' } },
        ],
        'items',
      ],
    ];
    for (const [items, field] of cases) {
      const r = await post('order/order/add', { orderNo: `BAD-${++seq}`, userId: 1, items });
      expect([r.status, String(r.body.message).startsWith(`${field}:`)], `${JSON.stringify(items)} ${r.raw}`).toEqual([
        400,
        true,
      ]);
    }
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('walks 0 → 1 → 2, stamping pendingTime and completedTime and recording who did it', async () => {
    const id = await newOrder();
    const salesBefore = (await t.rows('product_info')).map((p) => Number(p.sales));
    const d = await post('order/order/determined', { id, remark: '客户已付定金' });
    expect(d.status, d.raw).toBe(200);
    expect(d.body.data).toMatchObject({ id, status: 1 });
    let stored = await order(id);
    expect(Number(stored.status)).toBe(1);
    expect(stored.pendingTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(stored.completedTime).toBeNull();
    const c = await post('order/order/complete', { id });
    expect(c.status, c.raw).toBe(200);
    stored = await order(id);
    expect(Number(stored.status)).toBe(2);
    expect(stored.completedTime).toMatch(/^\d{4}-/);
    const h = await history(id);
    expect(h.map((r) => [r.action, Number(r.fromStatus), Number(r.toStatus), Number(r.operatorId), r.remark])).toEqual([
      ['determined', 0, 1, 1, '客户已付定金'],
      ['complete', 1, 2, 1, null],
    ]);
    // Each transition moved the order's revision and is in its field history (issue 31), so an edit based on the
    // revision before merges with it field by field.
    const fields = (await t.rows('base_sys_history'))
      .filter((r) => r.entityPrefix === 'order/order' && Number(r.recordId) === id && r.action === 'update')
      .map((r) => [Number(r.version), Object.keys(JSON.parse(String(r.changes))).sort()]);
    expect(fields).toEqual([
      [2, ['pendingTime', 'status']],
      [3, ['completedTime', 'status']],
    ]);
    expect(Number(stored.revision)).toBe(3);
    // Completing counts the lines towards the products' sales.
    const salesAfter = (await t.rows('product_info')).map((p) => Number(p.sales));
    expect(salesAfter[0] - salesBefore[0]).toBe(1);
    expect(salesAfter[2] - salesBefore[2]).toBe(2);
  });

  it('cancels from 0 and from 1; cancelled and completed orders stay put', async () => {
    const a = await newOrder();
    expect((await post('order/order/cancel', { id: a })).status).toBe(200);
    expect(Number((await order(a)).status)).toBe(3);
    const b = await newOrder();
    expect((await post('order/order/determined', { id: b })).status).toBe(200);
    expect((await post('order/order/cancel', { id: b, remark: '客户取消' })).status).toBe(200);
    expect(Number((await order(b)).status)).toBe(3);
    expect((await history(b)).map((r) => [Number(r.fromStatus), Number(r.toStatus)])).toEqual([
      [0, 1],
      [1, 3],
    ]);
  });

  it('answers every illegal transition with 409 naming the current state, and changes nothing', async () => {
    const states: Record<number, number> = {};
    for (const s of [0, 1, 2, 3]) {
      const id = await newOrder();
      if (s === 1 || s === 2) await post('order/order/determined', { id });
      if (s === 2) await post('order/order/complete', { id });
      if (s === 3) await post('order/order/cancel', { id });
      expect(Number((await order(id)).status)).toBe(s);
      states[s] = id;
    }
    const names: Record<number, string> = { 0: '待确认', 1: '待完成', 2: '已完成', 3: '已取消' };
    let checked = 0;
    for (const action of ['determined', 'complete', 'cancel'] as Action[]) {
      for (const s of [0, 1, 2, 3]) {
        if (LEGAL[action][s] !== undefined) continue;
        const before = await dbFingerprint(t);
        const r = await post(`order/order/${action}`, { id: states[s] });
        expect(r.status, `${action} from ${s}: ${r.raw}`).toBe(409);
        expect(r.body.message).toContain(`${names[s]}`);
        expect(r.body.message).toContain(`status ${s}`);
        expect(await dbFingerprint(t)).toEqual(before);
        checked++;
      }
    }
    expect(checked).toBe(8);
  });

  it('refuses a missing or malformed id (400) and an unknown order (404)', async () => {
    for (const body of [{}, { id: 'x' }, { id: 0 }, { ids: [] }, { id: 1, remark: 5 }]) {
      expect((await post('order/order/determined', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await post('order/order/determined', { id: 999999 })).status).toBe(404);
    expect((await t.call('GET', '/admin/order/order/detail', { token })).status).toBe(400);
    expect((await t.call('GET', '/admin/order/order/detail', { token, query: { id: '999999' } })).status).toBe(404);
  });

  it('applies {ids} all or nothing', async () => {
    const a = await newOrder();
    const b = await newOrder();
    const done = await newOrder();
    await post('order/order/cancel', { id: done });
    const before = await dbFingerprint(t);
    const r = await post('order/order/determined', { ids: [a, b, done] });
    expect(r.status, r.raw).toBe(409);
    expect(await dbFingerprint(t)).toEqual(before);
    const ok = await post('order/order/determined', { ids: [a, b] });
    expect(ok.status, ok.raw).toBe(200);
    expect((ok.body.data as Row[]).map((x) => x.status)).toEqual([1, 1]);
    expect([Number((await order(a)).status), Number((await order(b)).status)]).toEqual([1, 1]);
  });

  it('a failure in the middle of a transition leaves the order as it was', async () => {
    const id = await newOrder();
    const before = await order(id);
    // The history table goes missing: the status update has run when the history insert fails.
    const db = t.app.joinery.database.db;
    await sql`alter table order_status_history rename to order_status_history_away`.execute(db);
    try {
      const r = await post('order/order/determined', { id });
      expect(r.status).toBe(500);
    } finally {
      await sql`alter table order_status_history_away rename to order_status_history`.execute(db);
    }
    expect(await order(id)).toEqual(before);
    expect(await history(id)).toEqual([]);
    expect((await post('order/order/determined', { id })).status).toBe(200);
  });
});
