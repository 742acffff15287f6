import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DIALECTS, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { createStaff, menuRows } from '../support/create-staff.js';
import { type Action, LEGAL, orderSuite } from './order-suite.js';

describe.each(DIALECTS)('order workflow (%s)', (dialect) => {
  const { started, post, order, history, newOrder } = orderSuite(dialect);
  let t: TestApp;
  let token: string;
  beforeAll(() => {
    ({ t, token } = started());
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
