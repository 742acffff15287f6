import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import type { Row } from '../../core/db/row.js';
import { CHART, day, insertFixture, NOON, ORDERS, pad, resetShopData, VISIT } from './dashboard-fixture.js';

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
});
