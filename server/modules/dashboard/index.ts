import type { Host } from '../../core/host.js';
import { dashboardFigures } from './dashboard-figures.js';
import { installVisitTables, recordVisit } from './visit-counter.js';
import { installSalesRollup, rebuildSalesRollup, ROLLUP_TABLE } from './sales-rollup.js';
import type { Database } from '../../core/db/database.js';
import { DASHBOARD_ROUTES } from './chart-schema.js';

/**
 * The dashboard: GET /admin/base/comm/chart (every figure of the home page; permission base:comm:chart, a button of
 * the home menu) and the shop front end's public visit counter POST /admin/base/open/visit.
 */
export function registerDashboardModule(host: Host): void {
  const now = () => host.config.clock?.() ?? new Date();
  host.route({
    method: 'get',
    url: '/admin/base/comm/chart',
    access: 'base:comm:chart',
    summary: '首页图表',
    schema: DASHBOARD_ROUTES.chart,
    handler: (ctx, i) => dashboardFigures(ctx, i.query, now()),
  });
  // The daily sales table is kept by triggers; this task handler recomputes it from the orders (after a bulk import
  // that bypassed them, or to check it), in one transaction.
  host.taskHandlers.register({
    name: 'dashboard.refreshAggregates',
    summary: "刷新首页统计 Recompute the dashboard's daily sales table from the orders",
    // Recomputes figures from every order and deletes nothing: those who may see the figures may refresh them.
    permission: 'base:comm:chart',
    wholeScope: false,
    dataSchema: { type: 'object', additionalProperties: false },
    async run({ ctx }) {
      await host.database.db.transaction().execute((trx) => rebuildSalesRollup(trx, ctx.database.dialect));
      const days = await ctx.db
        .selectFrom(ROLLUP_TABLE)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      return { days: Number(days?.n ?? 0) };
    },
  });
  host.route({
    method: 'post',
    url: '/admin/base/open/visit',
    access: 'public',
    summary: '访问上报',
    schema: DASHBOARD_ROUTES.visit,
    bodyLimit: 1024,
    opLog: false,
    handler: (_c, i) => recordVisit(host, i.body, i.request.ip, now()),
  });
}

/** The dashboard's own tables, triggers and indexes; at start, after the schema sync. */
export async function installDashboardTables(database: Database): Promise<void> {
  await installSalesRollup(database);
  await installVisitTables(database);
}
