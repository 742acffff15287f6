import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import type { Row } from '../../core/db/row.js';
import { createStaff, menuRows } from '../support/create-staff.js';
import { CHART, day, NOON, VISIT } from './dashboard-fixture.js';

describe.each(DIALECTS)('dashboard (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(dialect, { limits: { visitPerIp: 8 }, clock: NOON });
    admin = await t.login();
  });
  afterAll(() => t.close());

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
