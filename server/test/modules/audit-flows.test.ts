import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { createStaff, menuRows } from '../support/create-staff.js';
import { dbFingerprint } from '../support/db-fingerprint.js';

/** Audit flows route tickets: only a flow's reviewers (and super admins) decide, and a reviewer's queue lists theirs. */
describe.each(DIALECTS)('audit flows route tickets (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let reviewer: { id: number; token: string };
  let other: { id: number; token: string };
  let seq = 0;
  const post = (url: string, body: unknown, tk = admin) => t.call('POST', `/admin/${url}`, { token: tk, body });
  const idOf = (r: { body: Row }) => Number((r.body.data as Row).id);
  const newProduct = async (): Promise<number> => {
    const r = await post('product/info/add', { name: `流程样品 ${++seq}`, price: 1000 + seq, categoryId: 1 });
    expect(r.status, r.raw).toBe(200);
    return idOf(r);
  };
  const queue = async (kind: string, tk: string): Promise<Row[]> => {
    const r = await post(`audit/${kind}/page`, { page: 1, size: 1000, queue: 'mine' }, tk);
    expect(r.status, r.raw).toBe(200);
    return (r.body.data as { list: Row[] }).list;
  };

  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
    // Two staff with the same rights on every audit screen: only the flows tell them apart.
    const menus = await menuRows(t, admin);
    const auditMenus = menus.filter((m) => (m.perms ?? '').startsWith('audit:')).map((m) => m.id);
    const make = async (name: string) => {
      const s = await createStaff(t, admin, { username: `${name}_${dialect.slice(0, 2)}`, menuIds: auditMenus });
      return { id: s.userId, token: await t.login(s.username, s.password) };
    };
    reviewer = await make('flow_rev');
    other = await make('flow_oth');
    // Products by the admin (applicant 1) go to the seeded flow's reviewer (the admin) and to `reviewer`.
    const flow = await post('audit/flow/add', {
      title: '新品审核（二审）',
      applicantId: 1,
      reviewerId: reviewer.id,
      modelType: 2,
    });
    expect(flow.status, flow.raw).toBe(200);
  });
  afterAll(() => t.close());

  it("a reviewer the flow does not name is refused in the caller's language and nothing changes", async () => {
    const goodId = await newProduct();
    const id = idOf(await post('audit/good/create', { goodId }));
    const before = await dbFingerprint(t);
    const refused = await post('audit/good/decide', { id, status: 1 }, other.token);
    expect([refused.status, refused.body.code]).toEqual([400, 1001]);
    expect(String(refused.body.message)).toBe(`不允许：audit/good 的审核单 ${id} 按审核流程由其他审核人处理`);
    const en = await t.call('POST', '/admin/audit/good/decide', {
      token: other.token,
      body: { ids: [id], status: 2, remark: 'no' },
      headers: { language: 'en' },
    });
    expect(String(en.body.message)).toMatch(/^Not allowed: ticket \d+ of audit\/good is routed by its audit flow/);
    expect(en.body.errorCode).toBe('AUDIT_NOT_YOUR_TICKET');
    const tw = await t.call('POST', '/admin/audit/good/decide', {
      token: other.token,
      body: { id, status: 1 },
      headers: { language: 'zh-tw' },
    });
    expect(String(tw.body.message)).toBe(`不允許：audit/good 的審核單 ${id} 依審核流程由其他審核人處理`);
    expect(await dbFingerprint(t)).toEqual(before);

    const ok = await post('audit/good/decide', { id, status: 1 }, reviewer.token);
    expect(ok.status, ok.raw).toBe(200);
    const ticket = (await t.rows('audit_good')).find((r) => Number(r.id) === id)!;
    expect([Number(ticket.status), Number(ticket.reviewerId)]).toEqual([1, reviewer.id]);
  });

  it("the queue lists a reviewer's tickets, and every row says whether the caller may decide it", async () => {
    const goodId = await newProduct();
    const id = idOf(await post('audit/good/create', { goodId }));
    expect((await queue('good', reviewer.token)).map((r) => Number(r.id))).toContain(id);
    expect((await queue('good', other.token)).map((r) => Number(r.id))).not.toContain(id);
    // Without `queue` both see every ticket; canDecide says whose it is (buttons show by it).
    const all = async (tk: string) =>
      ((await post('audit/good/page', { page: 1, size: 1000 }, tk)).body.data as { list: Row[] }).list;
    expect((await all(other.token)).find((r) => Number(r.id) === id)?.canDecide).toBe(false);
    expect((await all(reviewer.token)).find((r) => Number(r.id) === id)?.canDecide).toBe(true);
    expect((await all(admin)).find((r) => Number(r.id) === id)?.canDecide).toBe(true);
    const info = await t.call('GET', '/admin/audit/good/info', { token: reviewer.token, query: { id: String(id) } });
    expect((info.body.data as Row).canDecide).toBe(true);
  });

  it("a flow naming the applicant routes their tickets; a super admin may decide anyone's", async () => {
    // `other` applies; a flow sends other's products to `reviewer` alone.
    const flow = await post('audit/flow/add', {
      title: '店员提交的新品',
      applicantId: other.id,
      reviewerId: reviewer.id,
      modelType: 2,
    });
    expect(flow.status, flow.raw).toBe(200);
    const a = idOf(await post('audit/good/create', { goodId: await newProduct() }, other.token));
    const b = idOf(await post('audit/good/create', { goodId: await newProduct() }, other.token));
    expect((await post('audit/good/decide', { id: a, status: 1 }, other.token)).status).toBe(400);
    expect((await queue('good', reviewer.token)).map((r) => Number(r.id))).toEqual(expect.arrayContaining([a, b]));
    expect((await post('audit/good/decide', { id: a, status: 1 }, reviewer.token)).status).toBe(200);
    // The admin is no reviewer of that flow, but a super admin decides anything.
    expect((await post('audit/good/decide', { id: b, status: 2, remark: '图片不清晰' })).status).toBe(200);
    expect((await post(`audit/flow/delete`, { ids: [idOf(flow)] })).status).toBe(200);
  });

  it('a model type without flows is decided by anyone holding the decide permission', async () => {
    // Member tickets (modelType 0): take the seeded flow away, then `other` may decide.
    const flows = (await t.rows('audit_flow')).filter((f) => Number(f.modelType) === 0).map((f) => Number(f.id));
    const routed = idOf(await post('audit/user/add', { userId: 3, levelId: 2, remark: '申请升级' }));
    expect((await post('audit/user/decide', { id: routed, status: 1 }, other.token)).status).toBe(400);
    expect((await post('audit/flow/delete', { ids: flows })).status).toBe(200);
    expect((await queue('user', other.token)).map((r) => Number(r.id))).toContain(routed);
    expect((await post('audit/user/decide', { id: routed, status: 1 }, other.token)).status).toBe(200);
  });

  it('orders are submitted for review by create, rejected with a reason, and sent again', async () => {
    const order = await post('order/order/add', { userId: 3, items: [{ goodId: 7, quantity: 1 }] });
    expect(order.status, order.raw).toBe(200);
    const orderId = idOf(order);
    const ticket = await post('audit/order/create', { orderIds: [orderId] });
    expect(ticket.status, ticket.raw).toBe(200);
    const [id] = (ticket.body.data as { id: number[] }).id;
    const stored = (await t.rows('audit_order')).find((r) => Number(r.id) === id)!;
    expect([Number(stored.orderId), Number(stored.userId), Number(stored.status)]).toEqual([orderId, 3, 0]);
    expect((await post('audit/order/create', { orderId })).status).toBe(409);
    expect((await post('audit/order/decide', { id, status: 2, remark: '地址待确认' })).status).toBe(200);
    const rejected = (await t.rows('order_info')).find((r) => Number(r.id) === orderId)!;
    expect([Number(rejected.auditStatus), rejected.auditRemark]).toEqual([3, '地址待确认']);
    expect((await post('audit/order/create', { orderId })).status).toBe(200);
    expect(Number((await t.rows('order_info')).find((r) => Number(r.id) === orderId)!.auditStatus)).toBe(1);
  });
});
