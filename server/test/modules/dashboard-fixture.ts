import type { TestApp } from '../support/harness.js';
import { untyped } from '../../core/crud/dynamic-db.js';

/** What the dashboard tests (dashboard-*.test.ts) share: the routes, the test clock and the fixed shop data. */

export const CHART = '/admin/base/comm/chart';
export const VISIT = '/admin/base/open/visit';

export const pad = (n: number) => String(n).padStart(2, '0');
/** Local 'YYYY-MM-DD' of today + n days. */
export const day = (n: number) => {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + n);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** The dashboard's clock in these tests: today at noon (days as the server sees them; nothing runs near midnight). */
export const NOON = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12, 0, 0);
};

/** The fixed orders: [day offset, time, status, payAmount in cents]. Order 3 is confirmed through the API in the test (0 → 1). */
export const ORDERS: [number, string, number, number][] = [
  [0, '09:15:00', 2, 10000],
  [0, '09:40:00', 1, 25050],
  [0, '11:05:00', 0, 99900],
  [0, '11:30:00', 3, 50000],
  [-1, '10:00:00', 2, 45000],
  [-1, '15:00:00', 1, 20000],
  [-3, '08:00:00', 2, 30000],
  [-7, '10:00:00', 2, 5000],
  [-7, '18:00:00', 2, 7000],
  [-8, '12:00:00', 2, 70000],
  [-10, '12:00:00', 2, 10000],
  [-400, '12:00:00', 2, 500000],
];
/** Members by the day offset and time they joined. */
export const MEMBERS: [number, string][] = [
  [0, '10:00:00'],
  [0, '10:01:00'],
  [0, '10:02:00'],
  [-1, '10:00:00'],
  [-1, '13:00:00'],
  [-7, '09:00:00'],
  [-9, '10:00:00'],
  [-9, '10:05:00'],
  [-400, '10:00:00'],
];

export async function resetShopData(t: TestApp): Promise<void> {
  const db = untyped(t.app.joinery.database.db);
  for (const table of [
    'order_item',
    'order_status_history',
    'order_info',
    'user_info',
    'product_info',
    'product_category',
  ])
    await db.deleteFrom(table).execute();
}

export async function insertFixture(t: TestApp): Promise<number[]> {
  const db = untyped(t.app.joinery.database.db);
  const now = `${day(0)} 08:00:00`;
  await db
    .insertInto('product_category')
    .values([
      { id: 101, name: '桌', status: 1, order: 1, createTime: now, updateTime: now },
      { id: 102, name: '椅', status: 1, order: 2, createTime: now, updateTime: now },
    ])
    .execute();
  const product = (id: number, categoryId: number, sales: number) => ({
    id,
    name: `P${id}`,
    code: `C${id}`,
    price: 1000 * id,
    status: 1,
    recommend: 0,
    sales,
    order: id,
    categoryId,
    auditStatus: 0,
    createTime: now,
    updateTime: now,
  });
  await db
    .insertInto('product_info')
    .values([product(1, 101, 5), product(2, 101, 4), product(3, 102, 8), product(4, 102, 0)])
    .execute();
  for (const [i, [d, time]] of MEMBERS.entries()) {
    const at = `${day(d)} ${time}`;
    await db
      .insertInto('user_info')
      .values({
        id: 100 + i,
        nickName: `M${i}`,
        phone: `1390000000${i}`,
        status: 1,
        gender: 0,
        loginType: 0,
        balance: 0,
        createTime: at,
        updateTime: at,
      })
      .execute();
  }
  const ids: number[] = [];
  for (const [i, [d, time, status, pay]] of ORDERS.entries()) {
    const at = `${day(d)} ${time}`;
    ids.push(1000 + i);
    await db
      .insertInto('order_info')
      .values({
        id: 1000 + i,
        orderNo: `T${i}`,
        userId: 100,
        amount: pay,
        payAmount: pay,
        discountId: 1,
        status,
        auditStatus: 0,
        createTime: at,
        updateTime: at,
      })
      .execute();
  }
  return ids;
}
