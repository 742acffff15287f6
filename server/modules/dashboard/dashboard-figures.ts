import { sql } from 'kysely';
import type { OpContext } from '../../core/crud/context.js';
import { E, fieldError } from '../../core/errors.js';
import { ROLLUP_TABLE } from './sales-rollup.js';
import { VISIT_TABLE } from './visit-counter.js';
import { formatDateTime } from '../../core/db/time.js';
import { addDays, dayText, daysBetween, mondayOf, monthText } from './calendar.js';

export const PERIODS = ['today', 'week', 'month', 'year', 'fullYear'] as const;
export type Period = (typeof PERIODS)[number];

/**
 * A figure: today so far, yesterday (whole, and up to this time of day), the last 7 days with today and the 7 before
 * (whole, and up to this time of day). The changes compare like with like: today so far against yesterday up to the
 * same time, and the last 7 days against the 7 before them up to the same time, so a morning is not "down 60%".
 */
export type Figure = {
  total?: number;
  today: number;
  yesterday: number;
  yesterdaySoFar: number;
  week: number;
  lastWeek: number;
  lastWeekSoFar: number;
  dayOnDay: number | null;
  weekOnWeek: number | null;
};
export type SeriesPoint = { label: string; amount: number; orders: number };

/** (a − b) / b rounded to 4 places; null when there is nothing to compare with. */
export const change = (a: number, b: number): number | null =>
  b === 0 ? null : Math.round(((a - b) / b) * 10_000) / 10_000;

/** A figure from whole-day values (missing days count 0) and the values of yesterday and of 7 days ago up to now's time of day. */
function figure(
  byDay: Map<string, number>,
  soFar: { yesterday: number; weekAgo: number },
  now: Date,
  total?: number,
): Figure {
  const at = (n: number) => byDay.get(dayText(addDays(now, n))) ?? 0;
  let week = 0;
  let lastWeek = 0;
  for (let i = 0; i < 7; i += 1) {
    week += at(-i);
    lastWeek += at(-7 - i);
  }
  const lastWeekSoFar = lastWeek - at(-7) + soFar.weekAgo;
  const today = at(0);
  return {
    ...(total === undefined ? {} : { total }),
    today,
    yesterday: at(-1),
    yesterdaySoFar: soFar.yesterday,
    week,
    lastWeek,
    lastWeekSoFar,
    dayOnDay: change(today, soFar.yesterday),
    weekOnWeek: change(week, lastWeekSoFar),
  };
}

const num = (v: unknown): number => Number(v ?? 0);

/**
 * The order's status as an expression, not the bare column: a day's orders are found through the time index
 * (ix_dashboard_order_time, which also covers status and payAmount), never through the status index — on SQLite
 * without statistics the planner took `status in (1, 2)` for the narrower one and read most of the table (250 ms over
 * 1,000,000 orders instead of under 1).
 */
const paidStatus = sql<number>`${sql.ref('status')} + 0`;

/** The points of the sales chart for a period; days and months without sales are 0. */
async function salesSeries(ctx: OpContext, period: Period, now: Date): Promise<SeriesPoint[]> {
  const db = ctx.db;
  const today = dayText(now);
  if (period === 'today') {
    const hour = sql<string>`substr(${sql.ref('createTime')}, 12, 2)`;
    const rows = await db
      .selectFrom('order_info')
      .select([hour.as('h'), sql<number>`count(*)`.as('n'), sql<number>`sum(${sql.ref('payAmount')})`.as('amount')])
      .where('createTime', '>=', `${today} 00:00:00`)
      .where('createTime', '<=', `${today} 23:59:59`)
      .where(paidStatus, 'in', [1, 2])
      .groupBy(hour)
      .execute();
    const byHour = new Map(rows.map((r) => [String(r.h), r]));
    return Array.from({ length: 24 }, (_, h) => {
      const label = String(h).padStart(2, '0');
      const r = byHour.get(label);
      return { label, amount: num(r?.amount), orders: num(r?.n) };
    });
  }
  const from =
    period === 'week'
      ? mondayOf(now)
      : period === 'month'
        ? new Date(now.getFullYear(), now.getMonth(), 1)
        : period === 'year'
          ? new Date(now.getFullYear(), 0, 1)
          : new Date(now.getFullYear(), now.getMonth() - 11, 1);
  const rows = await db
    .selectFrom(ROLLUP_TABLE)
    .select(['day', 'paid_count', 'paid_amount'])
    .where('day', '>=', dayText(from))
    .where('day', '<=', today)
    .execute();
  const byMonth = period === 'year' || period === 'fullYear';
  const labels = byMonth
    ? Array.from({ length: period === 'year' ? now.getMonth() + 1 : 12 }, (_, i) => monthText(from, i))
    : daysBetween(from, now);
  const points = new Map(labels.map((label) => [label, { label, amount: 0, orders: 0 }]));
  for (const r of rows) {
    const p = points.get(byMonth ? String(r.day).slice(0, 7) : String(r.day));
    if (!p) continue;
    p.amount += num(r.paid_amount);
    p.orders += num(r.paid_count);
  }
  return [...points.values()];
}

/** Paid orders (count, amount) and new members of a day up to a time of day: the "so far" side of the changes. */
async function dayUntil(ctx: OpContext, day: string, clock: string) {
  const db = ctx.db;
  const [paid, members] = await Promise.all([
    db
      .selectFrom('order_info')
      .select([sql<number>`count(*)`.as('n'), sql<number>`sum(${sql.ref('payAmount')})`.as('amount')])
      .where('createTime', '>=', `${day} 00:00:00`)
      .where('createTime', '<=', `${day} ${clock}`)
      .where(paidStatus, 'in', [1, 2])
      .executeTakeFirst(),
    db
      .selectFrom('user_info')
      .select(sql<number>`count(*)`.as('n'))
      .where('createTime', '>=', `${day} 00:00:00`)
      .where('createTime', '<=', `${day} ${clock}`)
      .executeTakeFirst(),
  ]);
  return { paid: num(paid?.n), amount: num(paid?.amount), members: num(members?.n) };
}

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);
const round4 = (r: number | null) => (r === null ? null : Math.round(r * 10_000) / 10_000);

/** Every dashboard figure, read from the database (see README: where each figure comes from). */
export async function dashboardFigures(ctx: OpContext, query: { period?: unknown }, now = new Date()) {
  const period = (query.period ?? 'today') as Period;
  if (!PERIODS.includes(period)) throw fieldError('period', E.FIELD_ONE_OF, { values: PERIODS.join(', ') });
  const db = ctx.db;
  const since = dayText(addDays(now, -13));
  const yesterday = dayText(addDays(now, -1));
  const weekAgo = dayText(addDays(now, -7));
  const clock = formatDateTime(now).slice(11);
  const [
    salesDays,
    salesTotal,
    visitHours,
    visitTotal,
    memberDays,
    memberTotal,
    categories,
    hot,
    series,
    yesterdayUntil,
    weekAgoUntil,
  ] = await Promise.all([
    db.selectFrom(ROLLUP_TABLE).select(['day', 'paid_count', 'paid_amount']).where('day', '>=', since).execute(),
    db
      .selectFrom(ROLLUP_TABLE)
      .select([sql<number>`sum(paid_count)`.as('n'), sql<number>`sum(paid_amount)`.as('amount')])
      .executeTakeFirst(),
    db.selectFrom(VISIT_TABLE).select(['day', 'hour', 'views', 'visitors']).where('day', '>=', since).execute(),
    db.selectFrom(VISIT_TABLE).select(sql<number>`sum(views)`.as('views')).executeTakeFirst(),
    db
      .selectFrom('user_info')
      .select([sql<string>`substr(${sql.ref('createTime')}, 1, 10)`.as('day'), sql<number>`count(*)`.as('n')])
      .where('createTime', '>=', `${since} 00:00:00`)
      .groupBy(sql`substr(${sql.ref('createTime')}, 1, 10)`)
      .execute(),
    db.selectFrom('user_info').select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    db
      .selectFrom('product_info as p')
      .leftJoin('product_category as c', 'c.id', 'p.categoryId')
      .select([
        'p.categoryId as categoryId',
        sql<string>`max(c.name)`.as('name'),
        sql<number>`sum(p.sales)`.as('sales'),
      ])
      .groupBy('p.categoryId')
      .execute(),
    db
      .selectFrom('product_info as p')
      .leftJoin('product_category as c', 'c.id', 'p.categoryId')
      .select(['p.id', 'p.name', 'p.pic', 'p.price', 'p.sales', 'c.name as categoryName'])
      .where('p.sales', '>', 0)
      .orderBy('p.sales', 'desc')
      .orderBy('p.id')
      .limit(10)
      .execute(),
    salesSeries(ctx, period, now),
    dayUntil(ctx, yesterday, clock),
    dayUntil(ctx, weekAgo, clock),
  ]);
  const perDay = (rows: { day: unknown }[], col: string) => {
    const out = new Map<string, number>();
    for (const r of rows)
      out.set(String(r.day), (out.get(String(r.day)) ?? 0) + num((r as Record<string, unknown>)[col]));
    return out;
  };
  // Visits are kept per hour: the hours before now's, and now's hour pro rata of the minutes gone.
  const hourGone = (now.getMinutes() * 60 + now.getSeconds()) / 3600;
  const visitsUntil = (day: string, col: 'views' | 'visitors') =>
    Math.round(
      visitHours
        .filter((r) => String(r.day) === day && num(r.hour) <= now.getHours())
        .reduce((s, r) => s + num(r[col]) * (num(r.hour) === now.getHours() ? hourGone : 1), 0),
    );
  const payments = figure(
    perDay(salesDays, 'paid_count'),
    { yesterday: yesterdayUntil.paid, weekAgo: weekAgoUntil.paid },
    now,
    num(salesTotal?.n),
  );
  const visitors = figure(
    perDay(visitHours, 'visitors'),
    { yesterday: visitsUntil(yesterday, 'visitors'), weekAgo: visitsUntil(weekAgo, 'visitors') },
    now,
  );
  // Conversion: paid orders per visitor, today so far against yesterday up to the same time.
  const convToday = ratio(payments.today, visitors.today);
  const convYesterday = ratio(payments.yesterdaySoFar, visitors.yesterdaySoFar);
  const soldUnits = categories.reduce((s, c) => s + num(c.sales), 0);
  return {
    day: dayText(now),
    time: clock,
    sales: figure(
      perDay(salesDays, 'paid_amount'),
      { yesterday: yesterdayUntil.amount, weekAgo: weekAgoUntil.amount },
      now,
      num(salesTotal?.amount),
    ),
    payments,
    views: figure(
      perDay(visitHours, 'views'),
      { yesterday: visitsUntil(yesterday, 'views'), weekAgo: visitsUntil(weekAgo, 'views') },
      now,
      num(visitTotal?.views),
    ),
    visitors,
    users: figure(
      perDay(memberDays, 'n'),
      { yesterday: yesterdayUntil.members, weekAgo: weekAgoUntil.members },
      now,
      num(memberTotal?.n),
    ),
    conversion: {
      today: round4(convToday),
      yesterday: round4(convYesterday),
      dayOnDay:
        convToday === null || convYesterday === null || convYesterday === 0
          ? null
          : round4((convToday - convYesterday) / convYesterday),
    },
    categoryShare: categories
      .map((c) => ({
        categoryId: c.categoryId === null ? null : num(c.categoryId),
        name: c.name === null ? null : String(c.name),
        sales: num(c.sales),
        share: soldUnits === 0 ? 0 : Math.round((num(c.sales) / soldUnits) * 10_000) / 10_000,
      }))
      .filter((c) => c.sales > 0)
      .sort((a, b) => b.sales - a.sales || num(a.categoryId) - num(b.categoryId)),
    hotProducts: hot.map((p, i) => ({
      rank: i + 1,
      id: num(p.id),
      name: String(p.name),
      pic: p.pic === null ? null : String(p.pic),
      price: num(p.price),
      sales: num(p.sales),
      categoryName: p.categoryName === null ? null : String(p.categoryName),
    })),
    series: { period, points: series },
  };
}
