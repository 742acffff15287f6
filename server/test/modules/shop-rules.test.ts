import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { createStaff, menuRows } from '../support/create-staff.js';
import { dbFingerprint } from '../support/db-fingerprint.js';

/** Bundles hold only sellable products on shelf; orders are priced by the server; other entities' actions get buttons. */
describe.each(DIALECTS)('shop rules (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let seq = 0;
  const post = (url: string, body: unknown, tk = token) => t.call('POST', `/admin/${url}`, { token: tk, body });
  const idOf = (r: { body: Row }) => Number((r.body.data as Row).id);
  const product = async (o: { status: number; passed: boolean }): Promise<number> => {
    const r = await post('product/info/add', {
      name: `规则样品 ${++seq}`,
      price: 5000,
      categoryId: 1,
      status: o.status,
    });
    expect(r.status, r.raw).toBe(200);
    const id = idOf(r);
    if (o.passed) {
      const ticket = idOf(await post('audit/good/create', { goodId: id }));
      expect((await post('audit/good/decide', { id: ticket, status: 1 })).status).toBe(200);
    }
    return id;
  };

  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

  it('an on-shelf bundle takes only products on shelf that passed review', async () => {
    const sellable = await product({ status: 1, passed: true });
    const offShelf = await product({ status: 0, passed: true });
    const unreviewed = await product({ status: 1, passed: false });
    const before = await dbFingerprint(t);
    for (const bad of [offShelf, unreviewed]) {
      const r = await post('order/recommend/add', { title: '组合', status: 1, goodIds: [sellable, bad] });
      expect(r.status, r.raw).toBe(400);
      expect((r.body.details as Row[])[0].path).toBe('goodIds');
      expect(String(r.body.message)).toContain(`规则样品 ${bad === offShelf ? seq - 1 : seq}`);
    }
    expect(await dbFingerprint(t)).toEqual(before);
    const on = await post('order/recommend/add', { title: '在售组合', status: 1, goodIds: [sellable] });
    expect(on.status, on.raw).toBe(200);
    expect((await post('order/recommend/update', { id: idOf(on), goodIds: [sellable, offShelf] })).status).toBe(400);
    // Off shelf anything goes; putting it on shelf is then refused on status.
    const off = await post('order/recommend/add', { title: '筹备组合', status: 0, goodIds: [unreviewed] });
    expect(off.status, off.raw).toBe(200);
    const up = await post('order/recommend/update', { id: idOf(off), status: 1 });
    expect([up.status, (up.body.details as Row[])[0].path]).toEqual([400, 'status']);
    const stored = (await t.rows('order_recommend')).find((r) => Number(r.id) === idOf(off))!;
    expect(Number(stored.status)).toBe(0);
    // changeInfo for several products answers every bundle holding any of them.
    const refreshed = await post('order/recommend/changeInfo', { goodIds: [sellable, unreviewed] });
    expect(refreshed.body.data).toEqual({ ids: [idOf(on), idOf(off)].sort((a, b) => a - b) });
  });

  it('order amounts are computed by the server from the lines, whatever the body says', async () => {
    // Member 1 is gold (discount 0.9 in the seed's levels): quote and add agree, and ignore amounts sent.
    const items = [
      { goodId: 7, quantity: 2 },
      { goodId: 3, quantity: 1, specs: { 直径: '800mm' } },
    ];
    for (const bad of [{}, { userId: 'x', items }, { userId: 1, items: [] }, { userId: 1, items: [{ goodId: 7 }] }])
      expect((await post('order/order/quote', bad)).status, JSON.stringify(bad)).toBe(400);
    const quote = await post('order/order/quote', { userId: 1, items });
    expect(quote.status, quote.raw).toBe(200);
    const q = quote.body.data as { amount: number; payAmount: number; discount: number; items: Row[] };
    expect(q.amount).toBe(q.items.reduce((s, l) => s + Number(l.price) * Number(l.quantity), 0));
    expect(q.payAmount).toBe(Math.round(q.amount * q.discount));
    expect(q.discount).toBeLessThan(1);
    const add = await post('order/order/add', { userId: 1, addressId: 1, items, amount: 1, payAmount: 1 });
    expect(add.status, add.raw).toBe(200);
    const stored = (await t.rows('order_info')).find((r) => Number(r.id) === idOf(add))!;
    expect([Number(stored.amount), Number(stored.payAmount)]).toEqual([q.amount, q.payAmount]);
    // The number is made by the server; recipient and address copied from the member's address.
    expect(String(stored.orderNo)).toMatch(/^JY\d{16}$/);
    expect([stored.username, stored.address]).toEqual([
      '林木木 13800138001',
      '广东省 深圳市 南山区 科技园南路18号海岸城公寓3栋1205',
    ]);
  });

  it("an order's address must be its member's", async () => {
    const before = await dbFingerprint(t);
    const r = await post('order/order/add', { userId: 1, addressId: 4, items: [{ goodId: 7, quantity: 1 }] });
    expect([r.status, (r.body.details as Row[])[0].path], r.raw).toEqual([400, 'addressId']);
    expect(String(r.body.message)).toBe('addressId: 地址 4 不是该会员（1）的地址');
    expect(await dbFingerprint(t)).toEqual(before);
    const order = idOf(await post('order/order/add', { userId: 2, addressId: 2, items: [{ goodId: 7, quantity: 1 }] }));
    expect((await post('order/order/update', { id: order, addressId: 1 })).status).toBe(400);
    expect((await post('order/order/update', { id: order, addressId: 3 })).status).toBe(200);
  });

  it("a screen shows another entity's action as buttons only to callers who may call it", async () => {
    const buttonsOf = async (tk: string, prefix: string) => {
      const eps = (await t.call('GET', '/admin/base/open/eps', { token: tk })).body.data as Record<string, Row[]>;
      const entry = Object.values(eps)
        .flat()
        .find((e) => e.prefix === `/admin/${prefix}`);
      return ((entry?.joinery as Row | undefined)?.actions ?? []) as Row[];
    };
    const submit = (await buttonsOf(token, 'product/info')).find((b) => b.key === 'submitAudit');
    expect(submit).toMatchObject({
      action: 'create',
      entity: 'audit/good',
      idsAs: 'goodIds',
      when: { auditStatus: [0, 3] },
    });
    // Not routed under the product: only audit/good/create answers.
    expect((await post('product/info/create', { goodIds: [1] })).status).toBe(404);
    const menus = await menuRows(t, token);
    const productOnly = menus.filter((m) => (m.perms ?? '').startsWith('product:info:')).map((m) => m.id);
    const staff = await createStaff(t, token, { username: `sr_${dialect.slice(0, 2)}`, menuIds: productOnly });
    const clerk = await t.login(staff.username, staff.password);
    const keys = (await buttonsOf(clerk, 'product/info')).map((b) => b.key);
    expect(keys).not.toContain('submitAudit');
    expect(keys).not.toContain('refreshBundles');
  });
});
