import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from './harness.js';
import { untyped } from '../core/crud/dynamic-db.js';
import type { Row } from '../core/db/row.js';
import { createStaff, menuRows } from './create-staff.js';
import { sql } from 'kysely';
import { generateShopHistory, HISTORY_DAYS } from '../seed/shop-history/shop-history.js';

const CHART = '/admin/base/comm/chart';
const VISIT = '/admin/base/open/visit';

const pad = (n: number) => String(n).padStart(2, '0');
/** Local 'YYYY-MM-DD' of today + n days. */
const day = (n: number) => {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + n);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** The dashboard's clock in these tests: today at noon (days as the server sees them; nothing runs near midnight). */
const NOON = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12, 0, 0);
};

/** The fixed orders: [day offset, time, status, payAmount in cents]. Order 3 is confirmed through the API in the test (0 → 1). */
const ORDERS: [number, string, number, number][] = [
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
const MEMBERS: [number, string][] = [
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

async function resetShopData(t: TestApp): Promise<void> {
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

async function insertFixture(t: TestApp): Promise<number[]> {
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

describe.each(DIALECTS)('dashboard (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(dialect, { limits: { visitPerIp: 8 }, clock: NOON });
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('computes every figure from a fixed data set, and the rollup follows inserts, updates and deletes', async () => {
    await resetShopData(t);
    expect(
      (await untyped(t.app.joinery.database.db).selectFrom('dashboard_order_day').selectAll().execute()).filter(
        (r) => Number(r.order_count) !== 0 || Number(r.paid_count) !== 0 || Number(r.paid_amount) !== 0,
      ),
      'deleting every order empties the rollup',
    ).toEqual([]);
    const [, , pendingId] = await insertFixture(t);
    const confirm = await t.call('POST', '/admin/order/order/determined', { token: admin, body: { id: pendingId } });
    expect(confirm.status, confirm.raw).toBe(200);
    // Visits: today 4 distinct visitors, 6 views (through the counter, at noon); other days written as stored hours.
    for (const v of ['visitor-A1', 'visitor-A1', 'visitor-A1', 'visitor-B2', 'visitor-C3', 'visitor-D4']) {
      const r = await t.call('POST', VISIT, { body: { visitorId: v } });
      expect(r.status, r.raw).toBe(200);
    }
    const db = untyped(t.app.joinery.database.db);
    expect(
      (await db.selectFrom('dashboard_visit_hour').selectAll().execute()).map((r) => [
        r.day,
        Number(r.hour),
        Number(r.views),
        Number(r.visitors),
      ]),
    ).toEqual([[day(0), 12, 6, 4]]);
    await db
      .insertInto('dashboard_visit_hour')
      .values([
        { day: day(-1), hour: 9, views: 6, visitors: 3 },
        { day: day(-1), hour: 12, views: 8, visitors: 4 },
        { day: day(-1), hour: 20, views: 4, visitors: 2 },
        { day: day(-7), hour: 10, views: 3, visitors: 2 },
        { day: day(-7), hour: 22, views: 2, visitors: 1 },
        { day: day(-8), hour: 12, views: 7, visitors: 4 },
      ])
      .execute();

    const r = await t.call('GET', CHART, { token: admin, query: { period: 'today' } });
    expect(r.status, r.raw).toBe(200);
    const d = r.body.data as Row;
    expect([d.day, d.time]).toEqual([day(0), '12:00:00']);
    // Changes compare today until noon with yesterday until noon, and the last 7 days with the 7 before them until noon 7 days ago.
    expect(d.sales).toEqual({
      total: 821950,
      today: 134950,
      yesterday: 65000,
      yesterdaySoFar: 45000,
      week: 229950,
      lastWeek: 92000,
      lastWeekSoFar: 85000,
      dayOnDay: 1.9989,
      weekOnWeek: 1.7053,
    });
    expect(d.payments).toEqual({
      total: 11,
      today: 3,
      yesterday: 2,
      yesterdaySoFar: 1,
      week: 6,
      lastWeek: 4,
      lastWeekSoFar: 3,
      dayOnDay: 2,
      weekOnWeek: 1,
    });
    // Yesterday's noon hour counts pro rata of the minutes gone today: none at 12:00:00.
    expect(d.views).toEqual({
      total: 36,
      today: 6,
      yesterday: 18,
      yesterdaySoFar: 6,
      week: 24,
      lastWeek: 12,
      lastWeekSoFar: 10,
      dayOnDay: 0,
      weekOnWeek: 1.4,
    });
    expect(d.visitors).toEqual({
      today: 4,
      yesterday: 9,
      yesterdaySoFar: 3,
      week: 13,
      lastWeek: 7,
      lastWeekSoFar: 6,
      dayOnDay: 0.3333,
      weekOnWeek: 1.1667,
    });
    expect(d.users).toEqual({
      total: 9,
      today: 3,
      yesterday: 2,
      yesterdaySoFar: 1,
      week: 5,
      lastWeek: 3,
      lastWeekSoFar: 3,
      dayOnDay: 2,
      weekOnWeek: 0.6667,
    });
    expect(d.conversion).toEqual({ today: 0.75, yesterday: 0.3333, dayOnDay: 1.25 });
    expect(d.categoryShare).toEqual([
      { categoryId: 101, name: '桌', sales: 9, share: 0.5294 },
      { categoryId: 102, name: '椅', sales: 8, share: 0.4706 },
    ]);
    expect((d.hotProducts as Row[]).map((p) => [p.rank, p.id, p.sales, p.price, p.categoryName])).toEqual([
      [1, 3, 8, 3000, '椅'],
      [2, 1, 5, 1000, '桌'],
      [3, 2, 4, 2000, '桌'],
    ]);
    const series = d.series as { period: string; points: { label: string; amount: number; orders: number }[] };
    expect(series.period).toBe('today');
    expect(series.points).toHaveLength(24);
    expect(series.points.filter((p) => p.orders > 0)).toEqual([
      { label: '09', amount: 35050, orders: 2 },
      { label: '11', amount: 99900, orders: 1 },
    ]);

    // Cancelling the confirmed order takes it out of today's sales; the rollup is kept by the database.
    const cancel = await t.call('POST', '/admin/order/order/cancel', { token: admin, body: { id: pendingId } });
    expect(cancel.status, cancel.raw).toBe(200);
    const after = (await t.call('GET', CHART, { token: admin })).body.data as Row;
    expect((after.sales as Row).today).toBe(35050);
    expect((after.payments as Row).total).toBe(10);
    const stored = await db.selectFrom('dashboard_order_day').selectAll().where('day', '=', day(0)).execute();
    expect(stored.map((s) => [Number(s.order_count), Number(s.paid_count), Number(s.paid_amount)])).toEqual([
      [4, 2, 35050],
    ]);
  });

  it('the task service dashboard.refreshAggregates rebuilds the daily table from the orders', async () => {
    const db = untyped(t.app.joinery.database.db);
    const before = await db.selectFrom('dashboard_order_day').selectAll().orderBy('day').execute();
    expect(before.length).toBeGreaterThan(0);
    // As after a bulk load that went around the triggers: the table is wrong.
    await db.deleteFrom('dashboard_order_day').execute();
    await db
      .insertInto('dashboard_order_day')
      .values({ day: '1999-01-01', order_count: 5, paid_count: 5, paid_amount: 1 })
      .execute();
    const task = await t.call('POST', '/admin/task/info/add', {
      token: admin,
      body: {
        name: 'refresh aggregates',
        service: 'dashboard.refreshAggregates',
        data: '{}',
        taskType: 1,
        every: 3_600_000,
        status: 0,
      },
    });
    expect(task.body.code, task.raw).toBe(1000);
    const run = await t.call('POST', '/admin/task/info/once', {
      token: admin,
      body: { id: (task.body.data as Row).id },
    });
    expect(run.status, run.raw).toBe(200);
    const logged = run.body.data as Row;
    expect(logged.status, String(logged.detail)).toBe(1);
    // A day whose orders all moved or went (the triggers leave it at zero) is not rebuilt: the same figures.
    const held = before.filter((r) => Number(r.order_count) > 0);
    expect(JSON.parse(String(logged.detail))).toEqual({ days: held.length });
    const after = await db.selectFrom('dashboard_order_day').selectAll().orderBy('day').execute();
    expect(after.map((r) => ({ ...r, paid_amount: Number(r.paid_amount) }))).toEqual(
      held.map((r) => ({ ...r, paid_amount: Number(r.paid_amount) })),
    );
  });

  it('draws the week, month, year and full-year series from the same orders', async () => {
    // Expected points: the paid fixture orders (order 3 was cancelled above) grouped by hand.
    const paid = ORDERS.filter(([, , status], i) => i !== 2 && (status === 1 || status === 2));
    const sumFor = (match: (d: string) => boolean) =>
      paid.reduce(
        (acc, [off, , , pay]) => (match(day(off)) ? { amount: acc.amount + pay, orders: acc.orders + 1 } : acc),
        { amount: 0, orders: 0 },
      );
    const now = new Date();
    const monday = -((now.getDay() + 6) % 7);
    const month = (n: number) => {
      const m = new Date(now.getFullYear(), now.getMonth() + n, 1);
      return `${m.getFullYear()}-${pad(m.getMonth() + 1)}`;
    };
    const get = async (period: string) =>
      ((await t.call('GET', CHART, { token: admin, query: { period } })).body.data as Row).series as {
        points: { label: string; amount: number; orders: number }[];
      };

    const week = await get('week');
    expect(week.points.map((p) => p.label)).toEqual(Array.from({ length: -monday + 1 }, (_, i) => day(monday + i)));
    for (const p of week.points) expect(p).toEqual({ label: p.label, ...sumFor((d) => d === p.label) });

    const monthSeries = await get('month');
    expect(monthSeries.points).toHaveLength(now.getDate());
    for (const p of monthSeries.points) expect(p).toEqual({ label: p.label, ...sumFor((d) => d === p.label) });

    const year = await get('year');
    expect(year.points.map((p) => p.label)).toEqual(
      Array.from({ length: now.getMonth() + 1 }, (_, i) => `${now.getFullYear()}-${pad(i + 1)}`),
    );
    for (const p of year.points) expect(p).toEqual({ label: p.label, ...sumFor((d) => d.startsWith(p.label)) });

    const full = await get('fullYear');
    expect(full.points.map((p) => p.label)).toEqual(Array.from({ length: 12 }, (_, i) => month(i - 11)));
    for (const p of full.points) expect(p).toEqual({ label: p.label, ...sumFor((d) => d.startsWith(p.label)) });
    expect(
      full.points.reduce((s, p) => s + p.amount, 0),
      'the order 400 days ago is outside the last 12 months',
    ).toBe(35050 + 65000 + 30000 + 12000 + 70000 + 10000);

    const bad = await t.call('GET', CHART, { token: admin, query: { period: 'decade' } });
    expect([bad.status, (bad.body.details as Row[])[0].path]).toEqual([400, 'period']);
  });

  it('counts visits per IP within the limit, refuses the rest with 429, and stores one row per day', async () => {
    const db = untyped(t.app.joinery.database.db);
    const visit = (visitorId: unknown, ip: string) =>
      t.app.inject({ method: 'POST', url: VISIT, payload: { visitorId }, remoteAddress: ip });
    const before = Number(
      (
        (await db.selectFrom('dashboard_visit_hour').select('views').where('day', '=', day(0)).executeTakeFirst()) as
          | Row
          | undefined
      )?.views ?? 0,
    );
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await visit(`burst-visitor-${i}`, '10.20.30.40')).statusCode);
    expect(statuses).toEqual([...Array(8).fill(200), ...Array(4).fill(429)]);
    expect((await visit('other-visitor', '10.20.30.41')).statusCode, 'another address is not limited').toBe(200);
    const bad = await visit('x', '10.20.30.42');
    expect([bad.statusCode, bad.json().details[0].path]).toEqual([400, 'visitorId']);
    const rows = await db.selectFrom('dashboard_visit_hour').selectAll().where('day', '=', day(0)).execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].views)).toBe(before + 9);
    // Counted visits stay out of the operation log; the refused ones (429, 400) are logged like any refusal.
    await t.app.opLog.flush(); // the log is written in batches
    const logged = (await t.rows('base_sys_log')).filter((r) => r.action === VISIT);
    expect(logged.map((r) => r.ip).sort()).toEqual([
      '10.20.30.40',
      '10.20.30.40',
      '10.20.30.40',
      '10.20.30.40',
      '10.20.30.42',
    ]);
  });

  it('caps the visitor ids stored per day', async () => {
    const capped = await startApp(dialect, { limits: { visitorsPerDay: 2 }, seed: false, clock: NOON });
    try {
      for (const v of ['cap-visitor-1', 'cap-visitor-2', 'cap-visitor-3', 'cap-visitor-1']) {
        expect((await capped.call('POST', VISIT, { body: { visitorId: v } })).status).toBe(200);
      }
      const db = untyped(capped.app.joinery.database.db);
      expect(await db.selectFrom('dashboard_visitor').selectAll().execute()).toHaveLength(2);
      const row = (await db.selectFrom('dashboard_visit_hour').selectAll().executeTakeFirst()) as Row;
      expect([Number(row.views), Number(row.visitors)]).toEqual([4, 2]);
    } finally {
      await capped.close();
    }
  });

  it('answers the chart only to callers holding base:comm:chart', async () => {
    expect((await t.call('GET', CHART)).status).toBe(401);
    const menus = await menuRows(t, admin);
    const chartButton = menus.find((m) => m.perms === 'base:comm:chart');
    expect(chartButton, 'the home menu has the chart button').toBeDefined();
    const product = menus.find((m) => m.perms?.startsWith('product:info:page'));
    const without = await createStaff(t, admin, { username: 'dash_no', menuIds: [product!.id] });
    const withChart = await createStaff(t, admin, {
      username: 'dash_yes',
      menuIds: [chartButton!.parentId!, chartButton!.id],
    });
    const tokenOf = async (s: { username: string; password: string }) => t.login(s.username, s.password);
    const refused = await t.call('GET', CHART, { token: await tokenOf(without) });
    expect(refused.status).toBe(403);
    const allowed = await t.call('GET', CHART, { token: await tokenOf(withChart) });
    expect(allowed.status, allowed.raw).toBe(200);
    expect((allowed.body.data as Row).sales).toBeDefined();
  });
});

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
