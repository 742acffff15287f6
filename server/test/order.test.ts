import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { DIALECTS, startApp, type TestApp } from './harness.js';
import type { Row } from '../core/db/row.js';
import { createStaff, menuRows } from './create-staff.js';
import { dbFingerprint } from './db-fingerprint.js';

type Action = 'determined' | 'complete' | 'cancel';
/** The legal graph of SPEC §4 as the tests know it, independent of the module's own table. */
const LEGAL: Record<Action, Record<number, number>> = {
  determined: { 0: 1 },
  complete: { 1: 2 },
  cancel: { 0: 3, 1: 3 },
};

describe.each(DIALECTS)('order workflow (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let seq = 0;
  const post = (url: string, body: unknown, tk = token) => t.call('POST', `/admin/${url}`, { token: tk, body });
  const order = async (id: number) => (await t.rows('order_info')).find((r) => Number(r.id) === id)!;
  const history = async (id: number) => (await t.rows('order_status_history')).filter((r) => Number(r.orderId) === id);
  /** A fresh order of member 1 (gold, 0.95) with two lines: a SKU of product 1 and two of product 3's 800mm SKU. */
  const newOrder = async (extra: Row = {}): Promise<number> => {
    const r = await post('order/order/add', {
      orderNo: `T-${dialect}-${++seq}`,
      userId: 1,
      addressId: 1,
      items: [
        { goodId: 1, quantity: 1, specs: { 尺寸: '1800×900mm', 漆面: '木蜡油' } },
        { goodId: 3, quantity: 2, specs: { 直径: '800mm' } },
      ],
      ...extra,
    });
    expect(r.status, r.raw).toBe(200);
    return Number((r.body.data as Row).id);
  };

  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

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

  it('lets exactly one of two concurrent transitions win', async () => {
    const id = await newOrder();
    for (const [action, to] of [
      ['determined', 1],
      ['cancel', 3],
    ] as const) {
      const replies = await Promise.all([
        post(`order/order/${action}`, { id }),
        post(`order/order/${action}`, { id }),
        post(`order/order/${action}`, { id }),
      ]);
      expect(replies.map((r) => r.status).sort(), action).toEqual([200, 409, 409]);
      expect(Number((await order(id)).status)).toBe(to);
    }
    const h = await history(id);
    expect(h.map((r) => [Number(r.fromStatus), Number(r.toStatus)])).toEqual([
      [0, 1],
      [1, 3],
    ]);
  });

  it('concurrent batches naming the same orders in opposite order do not deadlock: one wins whole', async () => {
    const a = await newOrder();
    const b = await newOrder();
    const replies = await Promise.all([
      post('order/order/determined', { ids: [a, b] }),
      post('order/order/determined', { ids: [b, a] }),
    ]);
    expect(replies.map((r) => r.status).sort(), replies.map((r) => r.raw).join(' ')).toEqual([200, 409]);
    expect([(await history(a)).length, (await history(b)).length]).toEqual([1, 1]);
  });

  it('generic update cannot move the status or the times, and the amounts are fixed after confirmation', async () => {
    const id = await newOrder();
    const r = await post('order/order/update', {
      id,
      status: 2,
      pendingTime: '2020-01-01 00:00:00',
      trackingNumber: 'SF1',
    });
    expect(r.status, r.raw).toBe(200);
    const stored = await order(id);
    expect([Number(stored.status), stored.pendingTime, stored.trackingNumber]).toEqual([0, null, 'SF1']);
    const wrongSum = await post('order/order/update', { id, amount: 1 });
    expect([wrongSum.status, String(wrongSum.body.message).startsWith('amount:')]).toEqual([409, true]);
    expect((await post('order/order/update', { id, payAmount: 2000000 })).status).toBe(200);
    await post('order/order/determined', { id });
    const late = await post('order/order/update', { id, payAmount: 1 });
    expect(late.status, late.raw).toBe(409);
    expect(Number((await order(id)).payAmount)).toBe(2000000);
    expect((await post('order/order/update', { id, trackingNumber: 'SF2' })).status).toBe(200);
  });

  it('detail shows member, address, lines with amounts, and the history with operator names', async () => {
    const id = await newOrder();
    await post('order/order/determined', { id });
    const r = await t.call('GET', '/admin/order/order/detail', { token, query: { id: String(id) } });
    expect(r.status, r.raw).toBe(200);
    const d = r.body.data as Row;
    expect(d).toMatchObject({ id, status: 1, amount: 2354000, nickName: '林木木', userId: 1 });
    expect(d.member).toMatchObject({ id: 1, nickName: '林木木', levelType: 2 });
    expect(d.addressInfo).toMatchObject({ id: 1, contact: '林木木', city: '深圳市' });
    expect((d.items as Row[]).map((i) => [i.goodId, i.price, i.quantity, i.amount])).toEqual([
      [1, 1358000, 1, 1358000],
      [3, 498000, 2, 996000],
    ]);
    expect(d.itemsAmount).toBe(2354000);
    expect(d.history).toEqual([
      expect.objectContaining({
        action: 'determined',
        fromStatus: 0,
        toStatus: 1,
        operatorId: 1,
        operatorName: '超级管理员',
      }),
    ]);
    // A seeded order without lines shows an empty list.
    const seeded = await t.call('GET', '/admin/order/order/detail', { token, query: { id: '1' } });
    expect(seeded.body.data).toMatchObject({ id: 1, items: [], history: [] });
  });

  it('refuses a transition to a role without its permission (403), allows the ones it holds', async () => {
    const menus = await menuRows(t, admin());
    const orderButtons = menus.filter(
      (m) => (m.perms ?? '').startsWith('order:order:') && !(m.perms ?? '').includes('order:order:complete'),
    );
    expect(orderButtons.some((m) => m.perms === 'order:order:determined')).toBe(true);
    const staff = await createStaff(t, token, {
      username: `ck_${dialect.slice(0, 2)}`,
      menuIds: orderButtons.map((m) => m.id),
    });
    const clerk = await t.login(staff.username, staff.password);
    const id = await newOrder();
    expect((await post('order/order/determined', { id }, clerk)).status).toBe(200);
    const refused = await post('order/order/complete', { id }, clerk);
    expect(refused.status).toBe(403);
    expect(Number((await order(id)).status)).toBe(1);
    const h = await history(id);
    expect(h.map((r) => Number(r.operatorId))).toEqual([staff.userId]);
  });

  it('property: any sequence of actions keeps the status on the legal graph; history grows by each success', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Action>('determined', 'complete', 'cancel'), { maxLength: 6 }),
        async (actions) => {
          const id = await newOrder();
          let status = 0;
          let successes = 0;
          for (const action of actions) {
            const r = await post(`order/order/${action}`, { id });
            const next = LEGAL[action][status];
            if (next === undefined) {
              expect(r.status, r.raw).toBe(409);
            } else {
              expect(r.status, r.raw).toBe(200);
              status = next;
              successes++;
            }
            expect(Number((await order(id)).status)).toBe(status);
          }
          const h = await history(id);
          expect(h.length).toBe(successes);
          // Each history row is an edge of the graph, and they chain from 0 to the current status.
          let at = 0;
          for (const row of h) {
            expect(LEGAL[row.action as Action][Number(row.fromStatus)]).toBe(Number(row.toStatus));
            expect(Number(row.fromStatus)).toBe(at);
            at = Number(row.toStatus);
          }
          expect(at).toBe(status);
        },
      ),
      { numRuns: 15 },
    );
  });

  const admin = () => token;
});
