import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { formatDateTime } from '../../core/db/time.js';
import { ManualClock } from './manual-clock.js';
import { logsOf, registerTestHandlers, taskRow, type Runs } from '../support/task-helpers.js';

// The scheduler runs on a clock the tests move (ManualClock): each slot fires when a test advances past it, and the
// test goes on once the slot's run is over, so nothing here waits for the wall clock or depends on the machine's speed.

describe.each(DIALECTS)('scheduled tasks (%s)', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  const tick = (ms: number) => clock.advance(ms, () => t.app.taskScheduler.idle());
  const second = (s: number) => formatDateTime(new Date(clock.secondFromNow(s)));
  let token: string;
  const runs: Runs = [];
  const post = (url: string, body: unknown) => t.call('POST', `/admin/task/info/${url}`, { token, body });
  const add = async (task: Row): Promise<number> => {
    const r = await post('add', task);
    expect(r.status, r.raw).toBe(200);
    return (r.body.data as { id: number }).id;
  };

  beforeAll(async () => {
    t = await startApp(dialect, { scheduler: { syncMs: 500, clock } });
    registerTestHandlers(t.app, runs);
    token = await t.login();
  });
  afterAll(() => t.close());

  it('seeds the two demo tasks of PROTOCOL §8.4, stopped, on built-in handlers', async () => {
    const rows = await t.rows('task_info');
    expect(rows.slice(0, 2).map((r) => [r.taskType, r.every, r.limit, r.cron, r.service, r.status])).toEqual([
      [1, 1000, 5, null, 'base.purgeExpired', 0],
      [0, null, null, '0/5 * * * * ?', 'base.clearOperationLog', 0],
    ]);
  });

  it('a per-second task with limit 3 runs exactly 3 times, one slot each, then stops itself', async () => {
    const id = await add({
      name: 'three times',
      taskType: 1,
      every: 1000,
      repeatCount: 3,
      service: 'test.count',
      status: 1,
    });
    const started = await taskRow(t.app, id);
    expect(started).toMatchObject({ status: 1, limit: 3, runCount: 0, cron: null });
    expect(started.nextRunTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await tick(2000);
    expect(Number((await taskRow(t.app, id)).status), 'running after 2 of its 3 slots').toBe(1);
    await tick(1000);
    expect(Number((await taskRow(t.app, id)).status), 'stopped itself after its third slot').toBe(0);
    await tick(2000);
    const logs = await logsOf(t.app, id);
    expect(logs.map((l) => l.status)).toEqual([1, 1, 1]);
    expect(new Set(logs.map((l) => l.slotTime)).size).toBe(3);
    expect(logs.every((l) => l.detail === '{"ran":"a"}' && Number(l.duration) >= 0)).toBe(true);
    const done = await taskRow(t.app, id);
    expect(done).toMatchObject({ status: 0, runCount: 3, nextRunTime: null, lockExpireTime: null });
    expect(done.lastExecuteTime).toBe(logs[2].createTime);
    const info = await t.call('GET', '/admin/task/info/info', { token, query: { id: String(id) } });
    expect(info.body.data).toMatchObject({ limit: 3, repeatCount: 3 });
  });

  it('stop stops a running cron task: no run after the stop has settled', async () => {
    const id = await add({ name: 'every second', taskType: 0, cron: '* * * * * ?', service: 'test.count', status: 0 });
    const start = await post('start', { id });
    expect(start.status, start.raw).toBe(200);
    expect(start.body).toMatchObject({ code: 1000, data: { id, status: 1 } });
    await tick(2000);
    expect(await logsOf(t.app, id)).toHaveLength(2);
    const stop = await post('stop', { id });
    expect(stop.body).toMatchObject({ code: 1000, data: { id, status: 0, nextRunTime: null } });
    await tick(3000);
    expect(await logsOf(t.app, id)).toHaveLength(2);
    expect(await taskRow(t.app, id)).toMatchObject({ status: 0, nextRunTime: null });
    // A stopped task cannot be stopped again, a running one not started again: 409 naming the state.
    const again = await post('stop', { id });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^status: 任务“.*”为已停止（status 0）；stop 需要运行中（status 1）$/);
  });

  it('once runs a stopped task now, logs it without a slot and leaves the schedule alone', async () => {
    const id = await add({ name: 'manual', taskType: 0, cron: '0 0 3 * * ?', service: 'test.count', status: 0 });
    const r = await post('once', { id });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toMatchObject({ taskId: id, status: 1, detail: '{"ran":"a"}', slotTime: null });
    const logs = await logsOf(t.app, id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: 1, slotTime: null });
    const row = await taskRow(t.app, id);
    expect(row).toMatchObject({ status: 0, nextRunTime: null, runCount: 0 });
    expect(row.lastExecuteTime).not.toBeNull();
    // The screen's button sends {ids}.
    const both = await post('once', { ids: [id] });
    expect(both.body.data).toEqual([expect.objectContaining({ taskId: id, status: 1 })]);
    expect(await logsOf(t.app, id)).toHaveLength(2);
    expect((await post('once', { id: 999999 })).status).toBe(404);
  });

  it('startDate and endDate bound the slots (both inclusive), then the task stops', async () => {
    const startDate = second(2);
    const endDate = second(4);
    const id = await add({
      name: 'window',
      taskType: 0,
      cron: '* * * * * ?',
      service: 'test.count',
      status: 1,
      startDate,
      endDate,
    });
    expect((await taskRow(t.app, id)).nextRunTime).toBe(startDate);
    const interval = await add({
      name: 'window by interval',
      taskType: 1,
      every: 2000,
      service: 'test.count',
      status: 1,
      startDate,
      endDate,
    });
    await tick(6000);
    expect([(await taskRow(t.app, id)).status, (await taskRow(t.app, interval)).status], 'both stopped').toEqual([
      0, 0,
    ]);
    const slots = (await logsOf(t.app, id)).map((l) => l.slotTime);
    expect(slots).toHaveLength(3);
    expect(slots[0]).toBe(startDate);
    expect(slots[2]).toBe(endDate);
    // An interval counts from its startDate: start, start + 2 s (= endDate).
    expect((await logsOf(t.app, interval)).map((l) => l.slotTime)).toEqual([startDate, endDate]);
    // A window that has passed cannot be started.
    const late = await post('start', { id });
    expect(late.status).toBe(400);
    expect(late.body.details).toEqual([{ path: 'endDate', message: '已过期：计划中没有剩余的运行' }]);
  });

  it('a failing handler is logged as a failure and the next slot still runs', async () => {
    const id = await add({ name: 'flaky', taskType: 1, every: 1000, limit: 3, service: 'test.flaky', status: 1 });
    const broken = await add({ name: 'broken', taskType: 1, every: 1000, limit: 2, service: 'test.fail', status: 1 });
    await tick(4000);
    expect([(await taskRow(t.app, id)).status, (await taskRow(t.app, broken)).status], 'both finished').toEqual([0, 0]);
    const logs = await logsOf(t.app, id);
    expect(logs.map((l) => [l.status, l.detail])).toEqual([
      [0, 'flaky handler failed on purpose'],
      [1, '"ok"'],
      [1, '"ok"'],
    ]);
    expect((await logsOf(t.app, broken)).map((l) => [l.status, l.detail])).toEqual([
      [0, 'broken handler'],
      [0, 'broken handler'],
    ]);
    // GET log: the page of a task's runs, newest first, with its name; status filters.
    const page = await t.call('GET', '/admin/task/info/log', {
      token,
      query: { id: String(id), page: '1', size: '2' },
    });
    expect(page.status, page.raw).toBe(200);
    const data = page.body.data as { list: Row[]; pagination: Row };
    expect(data.pagination).toEqual({ page: 1, size: 2, total: 3 });
    expect(data.list.map((l) => [l.id, l.taskName])).toEqual([
      [logs[2].id, 'flaky'],
      [logs[1].id, 'flaky'],
    ]);
    const failed = await t.call('GET', '/admin/task/info/log', { token, query: { id: String(id), status: '0' } });
    expect((failed.body.data as { list: Row[] }).list.map((l) => l.id)).toEqual([logs[0].id]);
  });

  it('refuses unknown services, bad data, bad cron and runnable tasks missing what they need, naming the field', async () => {
    const cases: [Row, string][] = [
      [{ name: 'x', service: 'taskDemoService.test()', status: 0 }, 'service'],
      [{ name: 'x', service: 'base.clearOperationLog', data: '{"keepDays": 0}', status: 0 }, 'data.keepDays'],
      [{ name: 'x', service: 'base.clearOperationLog', data: '{"days": 3}', status: 0 }, 'data.days'],
      [{ name: 'x', service: 'base.clearOperationLog', data: 'not json', status: 0 }, 'data'],
      [{ name: 'x', service: 'test.count', cron: '61 * * * * *', status: 0 }, 'cron'],
      [{ name: 'x', service: 'test.count', taskType: 0, status: 1 }, 'cron'],
      [{ name: 'x', service: 'test.count', taskType: 1, status: 1 }, 'every'],
      [{ name: 'x', taskType: 1, every: 1000, status: 1 }, 'service'],
      [{ name: 'x', taskType: 1, every: 999, service: 'test.count', status: 0 }, 'every'],
    ];
    const before = (await t.rows('task_info')).length;
    for (const [body, field] of cases) {
      const r = await post('add', body);
      expect([JSON.stringify(body), r.status]).toEqual([JSON.stringify(body), 400]);
      expect(r.body.message).toContain(field);
      expect((r.body.details as Row[]).map((d) => d.path)).toContain(field);
    }
    expect((await t.rows('task_info')).length).toBe(before);
    // update checks the task as it would be stored: a cron task switched on without a cron is refused.
    const id = await add({ name: 'later', taskType: 0, service: 'test.count', status: 0 });
    const on = await post('update', { id, status: 1 });
    expect(on.status).toBe(400);
    expect(on.body.details).toEqual([{ path: 'cron', message: 'cron 任务不能为空' }]);
    const start = await post('start', { id });
    expect(start.status).toBe(400);
    expect(await taskRow(t.app, id)).toMatchObject({ status: 0, jobId: null });
    expect((await post('start', { id: 999999 })).status).toBe(404);
  });

  it('update of a running task restarts its schedule; delete stops it and removes its logs', async () => {
    const id = await add({ name: 'often', taskType: 1, every: 1000, limit: 100, service: 'test.count', status: 1 });
    await tick(1000);
    expect(await logsOf(t.app, id)).toHaveLength(1);
    const first = await taskRow(t.app, id);
    expect((await post('update', { id, name: 'renamed' })).status).toBe(200);
    expect((await taskRow(t.app, id)).jobId).toBe(first.jobId);
    expect((await post('update', { id, every: 60_000 })).status).toBe(200);
    const restarted = await taskRow(t.app, id);
    expect(restarted.jobId).not.toBe(first.jobId);
    expect(restarted.runCount).toBe(0);
    const del = await post('delete', { ids: [id] });
    expect(del.status, del.raw).toBe(200);
    await tick(2000);
    expect(await logsOf(t.app, id)).toEqual([]);
  });
});
