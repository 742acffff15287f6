import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { createStaff, menuRows } from '../support/create-staff.js';
import { dbFingerprint } from '../support/db-fingerprint.js';

describe.each(DIALECTS)('audits (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let seq = 0;
  const post = (url: string, body: unknown, tk = token) => t.call('POST', `/admin/${url}`, { token: tk, body });
  const row = async (table: string, id: number) => (await t.rows(table)).find((r) => Number(r.id) === id);
  const idOf = (r: { body: Row }) => Number((r.body.data as Row).id);
  /** A new product: auditStatus 0 (to submit). */
  const newProduct = async (): Promise<number> => {
    const r = await post('product/info/add', {
      name: `审核样品 ${++seq}`,
      code: `AU-${seq}`,
      price: 100000 + seq,
      categoryId: 1,
      pic: '/public/seed/oak-bed.svg',
    });
    expect(r.status, r.raw).toBe(200);
    return idOf(r);
  };
  const newOrder = async (): Promise<number> => {
    const r = await post('order/order/add', {
      orderNo: `AU-${dialect}-${++seq}`,
      userId: 3,
      amount: 880000,
      payAmount: 860000,
    });
    expect(r.status, r.raw).toBe(200);
    return idOf(r);
  };

  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

  it('create makes a pending ticket and moves the product 0 → 1; a second create is a 409', async () => {
    const goodId = await newProduct();
    expect(Number((await row('product_info', goodId))!.auditStatus)).toBe(0);
    const r = await post('audit/good/create', { goodId, remark: '新品上架' });
    expect(r.status, r.raw).toBe(200);
    const ticket = (await row('audit_good', idOf(r)))!;
    expect([
      Number(ticket.goodId),
      Number(ticket.status),
      Number(ticket.applicantId),
      ticket.reviewerId,
      ticket.remark,
    ]).toEqual([goodId, 0, 1, null, '新品上架']);
    expect(Number((await row('product_info', goodId))!.auditStatus)).toBe(1);
    const before = await dbFingerprint(t);
    const again = await post('audit/good/create', { goodId });
    expect(again.status, again.raw).toBe(409);
    expect(String(again.body.message)).toMatch(/goodId: 商品 \d+ 当前为「待审核」/);
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('refuses create for unknown or malformed products', async () => {
    expect((await post('audit/good/create', {})).status).toBe(400);
    expect((await post('audit/good/create', { goodId: 'x' })).status).toBe(400);
    expect((await post('audit/good/create', { goodId: 999999 })).status).toBe(404);
    expect((await post('audit/good/create', { goodId: await newProduct(), remark: 7 })).status).toBe(400);
  });

  it('passing a product ticket reviews the product (→ 2) with reviewer and time; deciding twice is a 409', async () => {
    const goodId = await newProduct();
    const id = idOf(await post('audit/good/create', { goodId }));
    const r = await post('audit/good/decide', { id, status: 1, remark: '资料齐全' });
    expect(r.status, r.raw).toBe(200);
    const ticket = (await row('audit_good', id))!;
    expect([Number(ticket.status), Number(ticket.reviewerId), ticket.remark]).toEqual([1, 1, '资料齐全']);
    expect(ticket.reviewTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Number((await row('product_info', goodId))!.auditStatus)).toBe(2);
    const before = await dbFingerprint(t);
    for (const status of [1, 2]) {
      const twice = await post('audit/good/decide', { id, status, remark: 'again' });
      expect(twice.status, twice.raw).toBe(409);
      expect(String(twice.body.message)).toContain('status 1');
    }
    // A passed product is not submitted again.
    expect((await post('audit/good/create', { goodId })).status).toBe(409);
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('a rejection needs a reason; the rejected product reads rejected (3) with the reason, and may be submitted again', async () => {
    const goodId = await newProduct();
    const id = idOf(await post('audit/good/create', { goodId }));
    const before = await dbFingerprint(t);
    for (const body of [{ id, status: 2 }, { id, status: 3, remark: 'x' }, { id, status: 0 }, { id }, { status: 1 }]) {
      expect((await post('audit/good/decide', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await dbFingerprint(t)).toEqual(before);
    expect((await post('audit/good/decide', { id, status: 2, remark: '缺少材质说明' })).status).toBe(200);
    const rejected = (await row('product_info', goodId))!;
    expect([Number(rejected.auditStatus), rejected.auditRemark]).toEqual([3, '缺少材质说明']);
    expect(Number((await row('audit_good', id))!.status)).toBe(2);
    const again = await post('audit/good/create', { goodId });
    expect(again.status, again.raw).toBe(200);
    expect(Number((await row('product_info', goodId))!.auditStatus)).toBe(1);
  });

  it('remove withdraws a pending ticket (product back to 0); a decided one is a 409', async () => {
    const goodId = await newProduct();
    const id = idOf(await post('audit/good/create', { goodId }));
    expect((await post('audit/good/remove', { id })).status).toBe(200);
    expect(await row('audit_good', id)).toBeUndefined();
    expect(Number((await row('product_info', goodId))!.auditStatus)).toBe(0);
    const id2 = idOf(await post('audit/good/create', { goodId }));
    await post('audit/good/decide', { id: id2, status: 1 });
    const before = await dbFingerprint(t);
    expect((await post('audit/good/remove', { id: id2 })).status).toBe(409);
    expect((await post('audit/good/remove', { id: 999999 })).status).toBe(404);
    expect((await post('audit/good/remove', {})).status).toBe(400);
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('generic delete of a pending product ticket also puts the product back to 0', async () => {
    const goodId = await newProduct();
    const id = idOf(await post('audit/good/create', { goodId }));
    expect((await post('audit/good/delete', { ids: [id] })).status).toBe(200);
    expect(Number((await row('product_info', goodId))!.auditStatus)).toBe(0);
  });

  it('there is no generic add/update of product tickets, and auditStatus is not writable through products or orders', async () => {
    expect((await post('audit/good/add', { goodId: 1, status: 1 })).status).toBe(404);
    expect((await post('audit/good/update', { id: 1, status: 0 })).status).toBe(404);
    const goodId = await newProduct();
    expect((await post('product/info/update', { id: goodId, auditStatus: 2 })).status).toBe(200);
    expect(Number((await row('product_info', goodId))!.auditStatus)).toBe(0);
    const orderId = await newOrder();
    expect((await post('order/order/update', { id: orderId, auditStatus: 2 })).status).toBe(200);
    expect(Number((await row('order_info', orderId))!.auditStatus)).toBe(0);
  });

  it('an order ticket puts the order under review; passing marks it passed (2), rejecting rejected (3)', async () => {
    for (const [status, remark] of [
      [1, '定金到账'],
      [2, '信息不全'],
    ] as const) {
      const orderId = await newOrder();
      const add = await post('audit/order/add', { orderId, userId: 3, status: 1 });
      expect(add.status, add.raw).toBe(200);
      const id = idOf(add);
      // status is the decision's: the generic add keeps it pending.
      expect(Number((await row('audit_order', id))!.status)).toBe(0);
      expect(Number((await row('order_info', orderId))!.auditStatus)).toBe(1);
      expect((await post('audit/order/decide', { id, status, remark })).status).toBe(200);
      const decided = (await row('order_info', orderId))!;
      expect([Number(decided.auditStatus), decided.auditRemark]).toEqual([status === 1 ? 2 : 3, remark]);
      expect(Number((await row('audit_order', id))!.status)).toBe(status);
      // A decided ticket is history: changing it is refused, saving its form unchanged is fine, status is not writable.
      const edit = await post('audit/order/update', { id, remark: 'changed' });
      expect([edit.status, String(edit.body.message).startsWith('remark:')], edit.raw).toEqual([409, true]);
      const same = (await t.call('GET', '/admin/audit/order/info', { token, query: { id: String(id) } })).body
        .data as Row;
      expect(
        (await post('audit/order/update', { id, orderId: same.orderId, userId: same.userId, remark: same.remark }))
          .status,
      ).toBe(200);
      expect((await post('audit/order/update', { id, status: 0 })).status).toBe(200);
      expect(await row('audit_order', id)).toMatchObject({ status, remark });
    }
  });

  it('a deleted pending order ticket puts the order back to 0 when it was its last', async () => {
    const orderId = await newOrder();
    const a = idOf(await post('audit/order/add', { orderId, userId: 3 }));
    const b = idOf(await post('audit/order/add', { orderId, userId: 3 }));
    await post('audit/order/delete', { ids: [a] });
    expect(Number((await row('order_info', orderId))!.auditStatus)).toBe(1);
    await post('audit/order/delete', { ids: [b] });
    expect(Number((await row('order_info', orderId))!.auditStatus)).toBe(0);
  });

  it('a passed member ticket moves the member to the requested level; a rejected one does not', async () => {
    const member = (await row('user_info', 3))!;
    expect(Number(member.levelType)).not.toBe(4);
    const rejected = idOf(await post('audit/user/add', { userId: 3, levelId: 5 }));
    expect((await post('audit/user/decide', { id: rejected, status: 2, remark: '未达门槛' })).status).toBe(200);
    expect(Number((await row('user_info', 3))!.levelType)).toBe(Number(member.levelType));
    const passed = idOf(await post('audit/user/add', { userId: 3, levelId: 5, remark: '申请钻石' }));
    const r = await post('audit/user/decide', { id: passed, status: 1 });
    expect(r.status, r.raw).toBe(200);
    expect(Number((await row('user_info', 3))!.levelType)).toBe(4);
    expect((await row('audit_user', passed))!.remark).toBe('申请钻石');
  });

  it('a decision whose effect cannot apply changes nothing (atomic)', async () => {
    // The ticket names a level that is deleted before the decision (a ticket naming none is refused when added).
    const level = idOf(await post('user/level/add', { title: 'Short-lived level', level: 4 }));
    const id = idOf(await post('audit/user/add', { userId: 2, levelId: level }));
    expect((await post('user/level/delete', { ids: [level] })).status).toBe(200);
    const before = await dbFingerprint(t);
    const r = await post('audit/user/decide', { id, status: 1 });
    expect(r.status, r.raw).toBe(409);
    expect(String(r.body.message)).toMatch(/^levelId:/);
    expect(await dbFingerprint(t)).toEqual(before);
    expect(Number((await row('audit_user', id))!.status)).toBe(0);
    // In a batch, one ticket that cannot be decided stops all of them.
    const ok = idOf(await post('audit/user/add', { userId: 2, levelId: 2 }));
    const batch = await post('audit/user/decide', { ids: [ok, id], status: 1 });
    expect(batch.status, batch.raw).toBe(409);
    expect(await row('audit_user', ok)).toMatchObject({ status: 0, reviewerId: null });
    const fine = await post('audit/user/decide', { ids: [ok], status: 1 });
    expect(fine.status, fine.raw).toBe(200);
    expect(fine.body.data).toEqual([expect.objectContaining({ id: ok, status: 1 })]);
  });

  it('of concurrent decisions on one ticket exactly one wins', async () => {
    const goodId = await newProduct();
    const id = idOf(await post('audit/good/create', { goodId }));
    const replies = await Promise.all([
      post('audit/good/decide', { id, status: 1 }),
      post('audit/good/decide', { id, status: 2, remark: 'no' }),
      post('audit/good/decide', { id, status: 1 }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = replies.find((r) => r.status === 200)!;
    expect(Number((await row('audit_good', id))!.status)).toBe((winner.body.data as Row).status);
  });

  it('pages carry the names SPEC asks for, plus applicant and reviewer', async () => {
    const goodId = await newProduct();
    const id = idOf(await post('audit/good/create', { goodId }));
    await post('audit/good/decide', { id, status: 1 });
    const goods = (await post('audit/good/page', { size: 100 })).body.data as { list: Row[] };
    expect(goods.list.find((r) => r.id === id)).toMatchObject({
      goodId,
      name: `审核样品 ${seq}`,
      code: `AU-${seq}`,
      price: 100000 + seq,
      pic: '/public/seed/oak-bed.svg',
      applicantName: '超级管理员',
      reviewerName: '超级管理员',
      status: 1,
    });
    const orders = (await post('audit/order/page', { size: 100 })).body.data as { list: Row[] };
    expect(orders.list.find((r) => r.id === 1)).toMatchObject({
      orderId: 1,
      nickName: '林木木',
      orderNo: 'JY202405120001',
      amount: 1288000,
      payAmount: 1223600,
    });
    const users = (await post('audit/user/page', { size: 100 })).body.data as { list: Row[] };
    expect(users.list.find((r) => r.id === 1)).toMatchObject({
      userId: 1,
      username: '林木木',
      levelTitle: '黄金会员',
      levelType: 2,
    });
    const info = await t.call('GET', '/admin/audit/good/info', { token, query: { id: String(id) } });
    expect(info.body.data).toMatchObject({ reviewerName: '超级管理员', applicantName: '超级管理员' });
  });

  it('a role without the decide permission gets 403 and changes nothing', async () => {
    const menus = await menuRows(t, token);
    const goodButtons = menus.filter(
      (m) => (m.perms ?? '').startsWith('audit:good:') && !(m.perms ?? '').includes('decide'),
    );
    expect(menus.some((m) => m.perms === 'audit:good:decide')).toBe(true);
    const staff = await createStaff(t, token, {
      username: `au_${dialect.slice(0, 2)}`,
      menuIds: goodButtons.map((m) => m.id),
    });
    const clerk = await t.login(staff.username, staff.password);
    const goodId = await newProduct();
    const created = await post('audit/good/create', { goodId }, clerk);
    expect(created.status, created.raw).toBe(200);
    expect(Number((await row('audit_good', idOf(created)))!.applicantId)).toBe(staff.userId);
    const before = await dbFingerprint(t);
    expect((await post('audit/good/decide', { id: idOf(created), status: 1 }, clerk)).status).toBe(403);
    expect(await dbFingerprint(t)).toEqual(before);
  });
});
