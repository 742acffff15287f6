import type { Host } from '../../core/host.js';
import type { Row } from '../../core/db/row.js';
import type { OpContext } from '../../core/crud/context.js';
import { decodeRow } from '../../core/db/row-codec.js';
import { formatDateTime } from '../../core/db/time.js';
import { registerBuiltinHandlers } from './builtin-handlers.js';
import type { TaskScheduler } from './scheduler.js';
import {
  assertMayUse,
  assertTask,
  newSchedule,
  normalizeTask,
  prepareTaskInput,
  SCHEDULE_FIELDS,
} from './task-rules.js';
import { startTask, stopTask, targetIds, TASK_PREFIX, taskForOnce, taskLogPage } from './task-service.js';
import { TASK_TABLE } from './task-lease.js';
import { writeWithRetry } from '../../core/db/contention.js';

/** Scheduled tasks: validation of add/update, start / stop / once / log, the built-in handlers (see README.md). */
export function registerTaskModule(host: Host, scheduler: TaskScheduler): void {
  const handlers = host.taskHandlers;
  registerBuiltinHandlers(host);

  host.hooks.add(TASK_PREFIX, {
    prepareInput: (input) => prepareTaskInput(input),
    beforeAdd: (ctx, row) => {
      normalizeTask(row);
      const toRun = Number(row.status ?? 1) === 1;
      const now = scheduler.now();
      assertTask(handlers, row, toRun, now);
      // The task acts for whoever adds it, never with more rights than theirs.
      assertMayUse(handlers, row, ctx.user);
      row.creatorId = ctx.user?.id ?? null;
      if (toRun) Object.assign(row, newSchedule(row, now));
    },
    beforeUpdate: (ctx, patch, existing) => {
      const before = decodeRow(ctx.registry.get(TASK_PREFIX)!, existing);
      const task = { ...before, ...patch };
      Object.assign(patch, normalizeTask(task));
      const toRun = Number(task.status) === 1;
      const now = scheduler.now();
      assertTask(handlers, task, toRun, now);
      // Whoever changes a task must be able to use its handler, and from then on the task acts for them. A save that
      // changes nothing (an edit form saved as it was loaded) leaves the task acting for whom it acted for.
      assertMayUse(handlers, task, ctx.user);
      const changes = Object.keys(patch).some(
        (k) => k !== 'id' && JSON.stringify(task[k] ?? null) !== JSON.stringify(before[k] ?? null),
      );
      if (ctx.user && changes) patch.creatorId = ctx.user.id;
      if (!toRun) {
        if (Number(before.status) === 1) patch.nextRunTime = null;
        return;
      }
      if (Number(before.status) !== 1 || SCHEDULE_FIELDS.some((k) => task[k] !== before[k]))
        Object.assign(patch, newSchedule(task, now));
    },
    // A task's logs go with it (the original deletes them; tasks skip the recycle bin).
    afterDelete: async (ctx, rows) => {
      await ctx.db
        .deleteFrom('task_log')
        .where(
          'taskId',
          'in',
          rows.map((r) => Number(r.id)),
        )
        .execute();
    },
    afterCommit: () => scheduler.changed(),
    decorate: (_ctx, rows, action) => {
      if (action === 'info') for (const r of rows) r.repeatCount = r.limit;
    },
  });

  // start / stop of {id} or {ids}: all in one transaction (all or nothing), then the scheduler follows.
  const stateChange =
    (change: (ctx: OpContext, id: number, body: Row) => Promise<Row>) =>
    async (ctx: OpContext, { body }: { body: Row }) => {
      const ids = targetIds(body);
      const done = await writeWithRetry(ctx.db, async (trx) => {
        const out: Row[] = [];
        for (const id of ids) out.push(await change({ ...ctx, db: trx }, id, body));
        return out;
      });
      scheduler.changed();
      return body.ids !== undefined && body.ids !== null ? done : done[0];
    };

  host.actions.set(
    TASK_PREFIX,
    'start',
    stateChange((ctx, id, body) => startTask(ctx, handlers, id, body.type, scheduler.now())),
  );
  // start and once also need the caller to be able to use the handler (stop never does); each run then checks the creator.
  host.actions.set(
    TASK_PREFIX,
    'stop',
    stateChange((ctx, id) => stopTask(ctx, id)),
  );
  host.actions.set(TASK_PREFIX, 'once', async (ctx, { body }) => {
    const ids = targetIds(body);
    const tasks = [];
    for (const id of ids) tasks.push(await taskForOnce(ctx, id));
    for (const task of tasks) assertMayUse(handlers, task, ctx.user);
    const out = [];
    for (const task of tasks) {
      out.push(await scheduler.runNow(task));
      await ctx.db
        .updateTable(TASK_TABLE)
        .set({ lastExecuteTime: formatDateTime(new Date(scheduler.now())) })
        .where('id', '=', Number(task.id))
        .execute();
    }
    return body.ids !== undefined && body.ids !== null ? out : out[0];
  });
  host.actions.set(TASK_PREFIX, 'log', (ctx, { query }) => taskLogPage(ctx, query));
}
