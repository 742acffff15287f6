import { arrayOf, int, named, nullable, num, obj, str } from '../../core/http/route-schema.js';
import type { RouteSchema } from '../../core/http/route-types.js';
import { PERIODS } from './dashboard-figures.js';

/**
 * A figure of the dashboard: today so far, yesterday (whole and up to this time), the last 7 days and the 7 before
 * (whole and up to this time), and the changes (ratios of like with like; null = nothing to compare with).
 */
const figure = named(
  'Figure',
  obj({
    'total?': num,
    today: num,
    yesterday: num,
    yesterdaySoFar: num,
    week: num,
    lastWeek: num,
    lastWeekSoFar: num,
    dayOnDay: nullable(num),
    weekOnWeek: nullable(num),
  }),
);
const period = { enum: [...PERIODS] };

/** GET /admin/base/comm/chart and POST /admin/base/open/visit (route-schema.ts). */
export const DASHBOARD_ROUTES = {
  chart: {
    query: obj({ 'period?': period }),
    reply: named(
      'DashboardData',
      obj({
        day: str,
        /** The server's time of day the figures were read at ('HH:mm:ss'). */
        time: str,
        sales: figure,
        payments: figure,
        views: figure,
        visitors: figure,
        users: figure,
        conversion: obj({ today: nullable(num), yesterday: nullable(num), dayOnDay: nullable(num) }),
        categoryShare: arrayOf(obj({ categoryId: nullable(int), name: nullable(str), sales: num, share: num })),
        hotProducts: arrayOf(
          obj({
            rank: int,
            id: int,
            name: str,
            pic: nullable(str),
            price: num,
            sales: num,
            categoryName: nullable(str),
          }),
        ),
        series: obj({
          period,
          points: arrayOf(named('SeriesPoint', obj({ label: str, amount: num, orders: num }))),
        }),
      }),
    ),
  },
  visit: { body: obj({ visitorId: str }), reply: obj({ day: str, newVisitor: { type: 'boolean' } }) },
} satisfies Record<string, RouteSchema>;
