import type { OpContext } from '../../core/crud/context.js';
import type { Row } from '../../core/db/row.js';
import { appError, E, fieldError, stateText } from '../../core/errors.js';
import { decodeRow } from '../../core/db/row-codec.js';
import { parseId, parseIds } from '../../core/crud/input-validation.js';
import { pageRows } from '../../core/crud/read-rows.js';
import type { TaskHandlerRegistry } from '../../core/tasks/task-handler-registry.js';
import { assertMayUse, assertTask, newSchedule } from './task-rules.js';
import { TASK_TABLE } from './task-lease.js';
import { LOG_PREFIX } from './task-runner.js';

export const TASK_PREFIX = 'task/info';

/** {id} (the protocol) or {ids} (the screen's buttons), ascending so concurrent batches lock rows in one order. */
export function targetIds(body: Row): number[] {
  if (body.ids !== undefined && body.ids !== null) return parseIds(body.ids).sort((a, b) => a - b);
  return [parseId(body.id)];
}

/** Reads a task for a state change, locking its row on PostgreSQL and MariaDB; 404 when it does not exist. */
async function lockTask(ctx: OpContext, id: number): Promise<Row> {
  let q = ctx.db.selectFrom(TASK_TABLE).selectAll().where('id', '=', id);
  if (ctx.database.dialect !== 'sqlite') q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw appError(E.RECORD_NOT_FOUND, { prefix: TASK_PREFIX, id });
  return decodeRow(ctx.registry.get(TASK_PREFIX)!, row);
}

const wrongState = (task: Row, action: string, needs: number) =>
  fieldError('status', E.TASK_STATE, {
    name: String(task.name),
    state: stateText('TASK', Number(task.status)),
    action,
    needs: stateText('TASK', needs),
  });

/** start: a stopped task gets a new schedule (runs counted from zero) and status 1; `type` may be set with it. */
export async function startTask(
  ctx: OpContext,
  handlers: TaskHandlerRegistry,
  id: number,
  type: unknown,
  now: number,
): Promise<Row> {
  const task = await lockTask(ctx, id);
  if (Number(task.status) !== 0) throw wrongState(task, 'start', 0);
  assertTask(handlers, task, true, now);
  assertMayUse(handlers, task, ctx.user);
  const patch: Row = { status: 1, ...newSchedule(task, now) };
  if (type === 0 || type === 1) patch.type = type;
  await ctx.db.updateTable(TASK_TABLE).set(patch).where('id', '=', id).where('status', '=', 0).execute();
  return { id, status: 1, nextRunTime: patch.nextRunTime };
}

/** stop: a running task stops at once (a run under way finishes); no next run. */
export async function stopTask(ctx: OpContext, id: number): Promise<Row> {
  const task = await lockTask(ctx, id);
  if (Number(task.status) !== 1) throw wrongState(task, 'stop', 1);
  await ctx.db.updateTable(TASK_TABLE).set({ status: 0, nextRunTime: null }).where('id', '=', id).execute();
  return { id, status: 0, nextRunTime: null };
}

/** The task row `once` runs (any status; its schedule is left alone). */
export async function taskForOnce(ctx: OpContext, id: number): Promise<Row> {
  const row = await ctx.db.selectFrom(TASK_TABLE).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw appError(E.RECORD_NOT_FOUND, { prefix: TASK_PREFIX, id });
  return row;
}

/** GET log: a page of a task's runs (all tasks' without `id`), newest first, each with `taskName`. */
export function taskLogPage(ctx: OpContext, query: Row) {
  const params: Row = { page: query.page, size: query.size, status: query.status };
  if (query.id !== undefined && query.id !== '') params.taskId = parseId(query.id);
  return pageRows(ctx, ctx.registry.get(LOG_PREFIX)!, params);
}
