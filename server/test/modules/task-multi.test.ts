import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { formatDateTime, parseDateTime } from '../../core/db/time.js';
import { ManualClock } from './manual-clock.js';
import { logsOf, registerTestHandlers, secondProcess, taskRow, type Runs } from '../support/task-helpers.js';

// Each slot is a race between the two processes; ten of them are ten races a dialect. Both processes' schedulers run
// on one clock the test moves (ManualClock): at each slot both timers fire before the test waits, so they race for it
// on the database as two processes do, and no test waits for the wall clock.
const SLOTS = 10;

describe.each(DIALECTS)('scheduled tasks across server processes (%s)', (dialect) => {
  let t: TestApp;
  let other: FastifyInstance | undefined;
  let token: string;
  const runs: Runs = [];
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await startApp(dialect, { scheduler: { clock } });
    token = await t.login();
    registerTestHandlers(t.app, runs, 'a');
  });
  afterAll(async () => {
    await other?.close();
    await t.close();
  });

  it(`two processes on one database run each of ${SLOTS} per-second slots exactly once`, async () => {
    other = await secondProcess(t, { scheduler: { clock } });
    const b = other;
    registerTestHandlers(b, runs, 'b');
    const startDate = formatDateTime(new Date(clock.secondFromNow(2)));
    const endDate = formatDateTime(new Date(parseDateTime(startDate).getTime() + (SLOTS - 1) * 1000));
    const r = await t.call('POST', '/admin/task/info/add', {
      token,
      body: {
        name: 'shared',
        taskType: 0,
        cron: '* * * * * ?',
        service: 'test.count',
        status: 1,
        startDate,
        endDate,
      },
    });
    expect(r.status, r.raw).toBe(200);
    const id = (r.body.data as { id: number }).id;
    // b follows the new task at its next sync, as another process does.
    await clock.advance((SLOTS + 3) * 1000, async () => {
      await Promise.all([t.app.taskScheduler.idle(), b.taskScheduler.idle()]);
    });
    const logs = await logsOf(t.app, id);
    const slots = logs.map((l) => String(l.slotTime));
    const mine = runs.filter((x) => x.taskId === id);
    console.log(
      `[${dialect}] ${logs.length} runs: ${mine.filter((x) => x.app === 'a').length} by a, ${mine.filter((x) => x.app === 'b').length} by b`,
    );
    expect(new Set(slots).size, 'no slot twice').toBe(slots.length);
    expect(mine.length, 'handler calls = log rows').toBe(logs.length);
    expect(slots, 'every slot of the window').toEqual(
      Array.from({ length: SLOTS }, (_, i) => formatDateTime(new Date(parseDateTime(startDate).getTime() + i * 1000))),
    );
    expect(logs.every((l) => Number(l.status) === 1)).toBe(true);
    expect(await taskRow(t.app, id)).toMatchObject({
      status: 0,
      nextRunTime: null,
      lockExpireTime: null,
      runCount: SLOTS,
    });
  });
});

describe.each(DIALECTS)('scheduled tasks after a restart (%s)', (dialect) => {
  // The test app only serves the API (no scheduler): the task runs in the process that restarts.
  let t: TestApp;
  let token: string;
  const runs: Runs = [];
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await startApp(dialect, { scheduler: false });
    token = await t.login();
  });
  afterAll(() => t.close());

  it('a running task runs at its first slot after its process restarts, in the restarted process', async () => {
    const first = await secondProcess(t, { scheduler: { clock } });
    registerTestHandlers(first, runs, 'first');
    registerTestHandlers(t.app, runs, 'api');
    const r = await t.call('POST', '/admin/task/info/add', {
      token,
      body: { name: 'survivor', taskType: 1, every: 1000, service: 'test.count', status: 1 },
    });
    expect(r.status, r.raw).toBe(200);
    const id = (r.body.data as { id: number }).id;
    // The API process wrote the task: the scheduling process picks it up at its next sync, then runs its slots.
    await clock.advance(2000, () => first.taskScheduler.idle());
    expect(runs.filter((x) => x.taskId === id).map((x) => x.app)).toEqual(['first']);
    await first.close();
    // Two slots pass while no process runs (not caught up), then the process is back.
    await clock.advance(2000, async () => undefined);
    const restarted = await secondProcess(t, { scheduler: { clock } });
    try {
      registerTestHandlers(restarted, runs, 'restarted');
      const back = clock.secondFromNow(1);
      await clock.advance(1000, () => restarted.taskScheduler.idle());
      expect(runs.filter((x) => x.taskId === id).map((x) => x.app)).toEqual(['first', 'restarted']);
      expect((await logsOf(t.app, id)).map((l) => l.slotTime).at(-1), 'its first slot after the restart').toBe(
        formatDateTime(new Date(back)),
      );
      expect(runs.filter((x) => x.app === 'api')).toEqual([]);
    } finally {
      await restarted.close();
    }
  });
});
