import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';

/** Entity tables module writes touch outside the crud layer, by history prefix. */
const TABLES: Record<string, string> = {
  'product/info': 'product_info',
  'order/order': 'order_info',
  'order/recommend': 'order_recommend',
  'user/info': 'user_info',
  'base/sys/user': 'base_sys_user',
  'base/sys/department': 'base_sys_department',
  'audit/good': 'audit_good',
  'audit/user': 'audit_user',
};

/**
 * Issue 31: every write that moves a record's revision leaves the history row that explains it — also the writes
 * modules make themselves (a product's sales when an order completes, a subject's audit status, a member's level, a
 * bundle's snapshot, user and department moves, the person centre). Without it an edit based on the revision before
 * such a write would be refused whole instead of merged.
 */
describe.each(DIALECTS)('module writes keep the field history (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  const post = (url: string, body: unknown) => t.call('POST', `/admin/${url}`, { token, body });
  const ok = async (url: string, body: unknown) => {
    const r = await post(url, body);
    expect(r.status, `${url}: ${r.raw}`).toBe(200);
    return r;
  };
  const stored = async (table: string, id: number) => (await t.rows(table)).find((r) => Number(r.id) === id)!;
  const historyOf = async (prefix: string, id: number) =>
    (await t.rows('base_sys_history'))
      .filter((h) => h.entityPrefix === prefix && Number(h.recordId) === id)
      .map((h) => ({ version: Number(h.version), action: h.action, changes: JSON.parse(String(h.changes)) as Row }));
  /** The newest recorded [old, new] of a field of a record. */
  const lastChange = async (prefix: string, id: number, field: string) =>
    (await historyOf(prefix, id)).reverse().find((h) => h.changes[field] !== undefined)?.changes[field];

  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

  it('records product sales, audit states, a member level, a bundle snapshot, user and department moves, the person centre', async () => {
    const salesBefore = Number((await stored('product_info', 3)).sales);
    // An order completed: its products' sales move, each in the product's history.
    const order = await ok('order/order/add', {
      orderNo: `MW-${dialect}`,
      userId: 1,
      addressId: 1,
      items: [{ goodId: 3, quantity: 2, specs: { 直径: '800mm' } }],
    });
    const orderId = Number((order.body.data as Row).id);
    await ok('order/order/determined', { id: orderId });
    await ok('order/order/complete', { id: orderId });
    expect(await lastChange('product/info', 3, 'sales')).toEqual([salesBefore, salesBefore + 2]);

    // A product submitted for review and passed: its auditStatus 0 → 1 → 2 in its history, the remark with it.
    const added = await ok('product/info/add', {
      name: '历史样品',
      code: `MW-${dialect}`,
      price: 123400,
      categoryId: 1,
      pic: '/public/seed/oak-bed.svg',
    });
    const goodId = Number((added.body.data as Row).id);
    const ticket = Number(((await ok('audit/good/create', { goodId })).body.data as Row).id);
    expect(await lastChange('product/info', goodId, 'auditStatus')).toEqual([0, 1]);
    await ok('audit/good/decide', { id: ticket, status: 1, remark: '资料齐全' });
    const productHistory = await historyOf('product/info', goodId);
    expect(productHistory.at(-1)?.changes).toMatchObject({ auditStatus: [1, 2], auditRemark: [null, '资料齐全'] });

    // A member's level raised by a passed ticket.
    const levelBefore = Number((await stored('user_info', 3)).levelType);
    const memberTicket = Number(((await ok('audit/user/add', { userId: 3, levelId: 5 })).body.data as Row).id);
    await ok('audit/user/decide', { id: memberTicket, status: 1 });
    expect(await lastChange('user/info', 3, 'levelType')).toEqual([levelBefore, 4]);

    // Product 1's price changed: the bundle holding it (1) has its snapshot brought up to date, recorded.
    const bundleRevision = Number((await stored('order_recommend', 1)).revision);
    await ok('product/info/update', { id: 1, price: 511100 });
    expect(Number((await stored('order_recommend', 1)).revision)).toBe(bundleRevision + 1);
    const snapshot = (await lastChange('order/recommend', 1, 'goodsInfo')) as [Row[], Row[]];
    expect(snapshot[1].find((g) => Number(g.id) === 1)?.price).toBe(511100);

    // A staff member moved to another department, and that department moved in the tree.
    const staff = await ok('base/sys/user/add', {
      username: 'mover',
      name: 'Mover',
      password: 'Mover-pass-1',
      roleIdList: [1],
    });
    const staffId = Number(typeof staff.body.data === 'object' ? (staff.body.data as Row).id : staff.body.data);
    const was = (await stored('base_sys_user', staffId)).departmentId;
    const fromDept = was === null ? null : Number(was);
    const dept = await ok('base/sys/department/add', { name: '历史部', parentId: null });
    const deptId = Number(typeof dept.body.data === 'object' ? (dept.body.data as Row).id : dept.body.data);
    await ok('base/sys/user/move', { departmentId: deptId, userIds: [staffId] });
    expect(await lastChange('base/sys/user', staffId, 'departmentId')).toEqual([fromDept, deptId]);
    await ok('base/sys/department/order', [{ id: deptId, parentId: 1, orderNum: 7 }]);
    expect((await historyOf('base/sys/department', deptId)).at(-1)?.changes).toEqual({
      parentId: [null, 1],
      orderNum: [0, 7],
    });
    // The department deleted: its staff move to its parent, recorded.
    await ok('base/sys/department/delete', { ids: [deptId] });
    expect(await lastChange('base/sys/user', staffId, 'departmentId')).toEqual([deptId, 1]);

    // The person centre: a new name and password — the password as a marker only.
    const me = await t.login('mover', 'Mover-pass-1');
    const person = await t.call('POST', '/admin/base/comm/personUpdate', {
      token: me,
      body: { name: 'Mover Two', password: 'Mover-pass-2', oldPassword: 'Mover-pass-1' },
    });
    expect(person.status, person.raw).toBe(200);
    expect((await historyOf('base/sys/user', staffId)).at(-1)?.changes).toMatchObject({
      name: ['Mover', 'Mover Two'],
      password: ['***', '***'],
    });
  });

  it('every revision a record is at is explained by its history: versions run without a gap up to it', async () => {
    const history = await t.rows('base_sys_history');
    for (const [prefix, table] of Object.entries(TABLES)) {
      for (const row of await t.rows(table)) {
        const versions = history
          .filter((h) => h.entityPrefix === prefix && Number(h.recordId) === Number(row.id))
          .map((h) => Number(h.version))
          .sort((a, b) => a - b);
        const revision = Number(row.revision);
        const where = `${prefix} #${row.id} at revision ${revision}: versions ${versions.join(',')}`;
        // A seeded row starts at revision 1 without a history row; an added one has its add as version 1.
        if (versions.length === 0) expect(revision, where).toBe(1);
        else {
          expect(versions.at(-1), where).toBe(revision);
          expect(versions[0] === 1 || versions[0] === 2, where).toBe(true);
          expect(versions, where).toEqual(versions.map((_, i) => versions[0] + i));
        }
      }
    }
  });
});
