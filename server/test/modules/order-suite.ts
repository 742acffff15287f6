import { afterAll, beforeAll, expect } from 'vitest';
import { type DialectUnderTest, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';

/** What the order workflow tests (order-*.test.ts) share: the legal graph, the app and its order calls. */

export type Action = 'determined' | 'complete' | 'cancel';
/** The legal graph of SPEC §4 as the tests know it, independent of the module's own table. */
export const LEGAL: Record<Action, Record<number, number>> = {
  determined: { 0: 1 },
  complete: { 1: 2 },
  cancel: { 0: 3, 1: 3 },
};

/** Starts an app for the suite it is called in, and gives the calls the order tests make. */
export function orderSuite(dialect: DialectUnderTest) {
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

  return { started: () => ({ t, token }), post, order, history, newOrder };
}
