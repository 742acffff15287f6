import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DIALECTS, startApp, type TestApp } from './harness.js';
import { formatDateTime, parseDateTime } from '../core/db/time.js';
import {
  logsOf,
  registerTestHandlers,
  secondProcess,
  secondsFromNow,
  sleep,
  taskRow,
  waitFor,
  type Runs,
} from './task-helpers.js';

// Each slot is a race between the two processes; ten of them are ten races a dialect, in ten seconds.
const SLOTS = 10;

describe.each(DIALECTS)('scheduled tasks across server processes (%s)', (dialect) => {
  let t: TestApp;
  let other: FastifyInstance | undefined;
  let token: string;
  const runs: Runs = [];

  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
    registerTestHandlers(t.app, runs, 'a');
  });
  afterAll(async () => {
    await other?.close();
    await t.close();
  });

  it(
    `two processes on one database run each of ${SLOTS} per-second slots exactly once`,
    async () => {
      other = await secondProcess(t);
      registerTestHandlers(other, runs, 'b');
      const startDate = secondsFromNow(2);
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
      await waitFor(
        'the window to end',
        async () => Number((await taskRow(t.app, id)).status) === 0,
        (SLOTS + 15) * 1000,
        250,
      );
      await sleep(1000);
      const logs = await logsOf(t.app, id);
      const slots = logs.map((l) => String(l.slotTime));
      const mine = runs.filter((x) => x.taskId === id);
      const late = mine.map((x) => x.at % 1000).sort((a, b) => a - b);
      console.log(
        `[${dialect}] ${logs.length} runs: ${mine.filter((x) => x.app === 'a').length} by a, ${mine.filter((x) => x.app === 'b').length} by b; ms after the slot: median ${late[late.length >> 1]}, max ${late[late.length - 1]}`,
      );
      expect(new Set(slots).size, 'no slot twice').toBe(slots.length);
      expect(mine.length, 'handler calls = log rows').toBe(logs.length);
      expect(slots, 'every slot of the window').toEqual(
        Array.from({ length: SLOTS }, (_, i) =>
          formatDateTime(new Date(parseDateTime(startDate).getTime() + i * 1000)),
        ),
      );
      expect(logs.every((l) => Number(l.status) === 1)).toBe(true);
      expect(await taskRow(t.app, id)).toMatchObject({
        status: 0,
        nextRunTime: null,
        lockExpireTime: null,
        runCount: SLOTS,
      });
    },
    (SLOTS + 30) * 1000,
  );
});

describe.each(DIALECTS)('scheduled tasks after a restart (%s)', (dialect) => {
  // The test app only serves the API (no scheduler): the task runs in the process that restarts.
  let t: TestApp;
  let token: string;
  const runs: Runs = [];
  beforeAll(async () => {
    t = await startApp(dialect, { scheduler: false });
    token = await t.login();
  });
  afterAll(() => t.close());

  it('a running task is back within 2 s of its process restarting', async () => {
    const first = await secondProcess(t);
    registerTestHandlers(first, runs, 'first');
    registerTestHandlers(t.app, runs, 'api');
    const r = await t.call('POST', '/admin/task/info/add', {
      token,
      body: { name: 'survivor', taskType: 1, every: 1000, service: 'test.count', status: 1 },
    });
    expect(r.status, r.raw).toBe(200);
    const id = (r.body.data as { id: number }).id;
    await waitFor('a run in the first process', async () => runs.some((x) => x.taskId === id), 5000);
    await first.close();
    await sleep(300);
    const building = Date.now();
    const restarted = await secondProcess(t);
    try {
      registerTestHandlers(restarted, runs, 'restarted');
      const ready = Date.now();
      const back = await waitFor(
        'a run after the restart',
        async () => runs.find((x) => x.taskId === id && x.at >= ready),
        5000,
        10,
      );
      console.log(`[${dialect}] restart: built in ${ready - building} ms, first run ${back.at - ready} ms after ready`);
      expect(back.app).toBe('restarted');
      expect(back.at - ready).toBeLessThan(2000);
      expect(runs.filter((x) => x.app === 'api')).toEqual([]);
    } finally {
      await restarted.close();
    }
  });
});
