import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../app.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import type { Row } from '../../core/db/row.js';
import type { TestApp } from './harness.js';

/** Polls until `check` returns a value other than undefined/false, or throws after `ms`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  ms = 10_000,
  every = 50,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** The stored log rows of a task, oldest first. */
export async function logsOf(app: FastifyInstance, taskId: number): Promise<Row[]> {
  return (await untyped(app.joinery.database.db)
    .selectFrom('task_log')
    .selectAll()
    .where('taskId', '=', taskId)
    .orderBy('id')
    .execute()) as Row[];
}

export async function taskRow(app: FastifyInstance, id: number): Promise<Row> {
  return (await untyped(app.joinery.database.db)
    .selectFrom('task_info')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()) as Row;
}

/** Runs of test handlers, per app: the task, the slot lateness (ms after the whole second) and which app ran it. */
export type Runs = { taskId: number; at: number; app: string }[];

/**
 * Registers the handlers the tests schedule: `test.count` (records the run), `test.flaky` (its first run of each task
 * fails, later ones succeed) and `test.fail` (always fails).
 */
export function registerTestHandlers(app: FastifyInstance, runs: Runs, name = 'a'): void {
  const failedOnce = new Set<number>();
  const schema = { type: 'object' };
  app.joinery.taskHandlers.register({
    name: 'test.count',
    summary: 'records a run',
    permission: null,
    wholeScope: false,
    dataSchema: schema,
    run: ({ task }) => {
      runs.push({ taskId: task.id, at: Date.now(), app: name });
      return { ran: name };
    },
  });
  app.joinery.taskHandlers.register({
    name: 'test.flaky',
    summary: 'fails once per task',
    permission: null,
    wholeScope: false,
    dataSchema: schema,
    run: ({ task }) => {
      runs.push({ taskId: task.id, at: Date.now(), app: name });
      if (!failedOnce.has(task.id)) {
        failedOnce.add(task.id);
        throw new Error('flaky handler failed on purpose');
      }
      return 'ok';
    },
  });
  app.joinery.taskHandlers.register({
    name: 'test.fail',
    summary: 'always fails',
    permission: null,
    wholeScope: false,
    dataSchema: schema,
    run: () => {
      throw new Error('broken handler');
    },
  });
}

/** Another server process on the test app's database (same data dir, no seeding). */
export async function secondProcess(t: TestApp, options: BuildOptions = {}): Promise<FastifyInstance> {
  return buildApp({
    databaseUrl: t.url,
    dataDir: t.dataDir,
    captcha: false,
    uiDir: path.join(t.dataDir, 'no-ui'),
    seed: false,
    ...options,
  });
}
