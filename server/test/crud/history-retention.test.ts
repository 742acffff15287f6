import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { formatDateTime } from '../../core/db/time.js';
import { createStaff, menuRows } from '../support/create-staff.js';

const DAY = 86_400_000;

/**
 * Issue 31, "retention configurable (a scheduled task), like the operation log": the change-history screen
 * (base/sys/history) says and sets how many days history is kept (historyKeep), a seeded daily task
 * base.clearHistory deletes what is older, and the screen shows a delegated admin only what it may see.
 */
describe.each(DIALECTS)('history retention (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  const call = (url: string, body?: unknown, token = admin, language = 'zh-cn') =>
    t.call(url.endsWith('getKeep') ? 'GET' : 'POST', `/admin/${url}`, { token, body, headers: { language } });

  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('a daily task, seeded running, deletes history older than the days the screen sets', async () => {
    const task = (await t.rows('task_info')).find((r) => r.service === 'base.clearHistory');
    expect(task).toMatchObject({ status: 1, taskType: 0, cron: '0 30 3 * * ?' });

    expect((await call('base/sys/history/getKeep')).body.data).toBe('365');
    const bad = await call('base/sys/history/setKeep', { value: 0 }, admin, 'en');
    expect([bad.status, bad.body.message]).toEqual([400, 'value: must be a number of days from 1 to 3650']);
    expect((await call('base/sys/history/setKeep', { value: 4000 })).status).toBe(400);
    expect((await call('base/sys/history/setKeep', { value: 30 })).status).toBe(200);
    expect((await call('base/sys/history/getKeep')).body.data).toBe('30');

    // Writes made 40, 20 and 0 days ago.
    const made = await call('demo/goods/add', { title: 'Kept', price: 100, type: 0, stock: 1 });
    const id = Number((made.body.data as Row).id);
    for (const price of [200, 300]) await call('demo/goods/update', { id, price });
    const rows = (await t.rows('base_sys_history')).filter(
      (h) => h.entityPrefix === 'demo/goods' && Number(h.recordId) === id,
    );
    expect(rows.map((h) => Number(h.version))).toEqual([1, 2, 3]);
    const db = untyped(t.app.joinery.database.db);
    for (const [version, days] of [
      [1, 40],
      [2, 20],
    ])
      await db
        .updateTable('base_sys_history')
        .set({ createTime: formatDateTime(new Date(Date.now() - days * DAY)) })
        .where('entityPrefix', '=', 'demo/goods')
        .where('recordId', '=', id)
        .where('version', '=', version)
        .execute();

    const run = await call('task/info/once', { id: Number(task!.id) });
    expect(run.status, run.raw).toBe(200);
    expect(JSON.parse(String((run.body.data as Row).detail))).toMatchObject({ keepDays: 30, deleted: 1 });
    const left = (await t.rows('base_sys_history')).filter(
      (h) => h.entityPrefix === 'demo/goods' && Number(h.recordId) === id,
    );
    expect(left.map((h) => Number(h.version))).toEqual([2, 3]);
  });

  it('the screen lists every entity’s history; a delegated admin sees its reach’s writes and may not set the days', async () => {
    const page = await call('base/sys/history/page', { entityPrefix: 'demo/goods', size: 100 });
    expect(page.status, page.raw).toBe(200);
    const list = (page.body.data as { list: Row[] }).list;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((h) => h.entityPrefix === 'demo/goods')).toBe(true);
    expect(list[0]).toMatchObject({ userId: 1, name: '超级管理员' });

    const dept = Number(
      ((await call('base/sys/department/add', { name: 'ret_branch', parentId: 1 })).body.data as Row).id,
    );
    const menus = (await menuRows(t, admin))
      .filter((m) => /base:sys:history:(page|getKeep)|demo:goods:|task:info:add/.test(m.perms ?? ''))
      .map((m) => m.id);
    const staff = await createStaff(t, admin, {
      username: 'ret_staff',
      menuIds: menus,
      departmentIds: [dept],
      departmentId: dept,
    });
    const token = await t.login(staff.username, staff.password);
    const add = await call('demo/goods/add', { title: 'By staff', price: 100, type: 0, stock: 1 }, token);
    expect(add.status, add.raw).toBe(200);
    const theirs = (await call('base/sys/history/page', { size: 100 }, token)).body.data as { list: Row[] };
    expect(theirs.list.length).toBeGreaterThan(0);
    expect(theirs.list.every((h) => Number(h.userId) === staff.userId)).toBe(true);
    expect((await call('base/sys/history/getKeep', undefined, token)).body.data).toBe('30');
    expect((await call('base/sys/history/setKeep', { value: 5 }, token)).status).toBe(403);
    // Nor schedule the clean-up: its tasks need the permission to set the days.
    const scheduled = await call(
      'task/info/add',
      { name: 'mine', service: 'base.clearHistory', status: 0, taskType: 1, every: 60_000 },
      token,
    );
    expect([scheduled.status, (scheduled.body.details as Row[] | undefined)?.[0]?.path]).toEqual([400, 'service']);
    expect(scheduled.body.message).toContain('base:sys:history:setKeep');
  });
});
