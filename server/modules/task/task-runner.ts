import type { Host } from '../../core/host.js';
import type { Row } from '../../core/db/row.js';
import type { OpContext } from '../../core/crud/context.js';
import { handlerRefusal, type TaskHandler } from '../../core/tasks/task-handler-registry.js';
import { insertRow } from '../../core/crud/insert-row.js';
import { encodeRow } from '../../core/db/row-codec.js';
import { formatDateTime } from '../../core/db/time.js';

export const LOG_PREFIX = 'task/log';
const LOG_TABLE = 'task_log';
const MAX_DETAIL = 200_000;
/** Log rows kept per task and result (the original keeps 20 successes and every failure). */
export const KEEP_LOGS = 1000;

export type RunResult = {
  logId: number;
  taskId: number;
  status: 0 | 1;
  detail: string | null;
  duration: number;
  slotTime: string | null;
};

const clip = (s: string) => (s.length > MAX_DETAIL ? `${s.slice(0, MAX_DETAIL - 1)}…` : s);

function detailOf(result: unknown): string | null {
  if (result === undefined) return null;
  try {
    return clip(JSON.stringify(result) ?? String(result));
  } catch {
    return clip(String(result));
  }
}

/**
 * The context a run acts in: the task's creator with their rights as they are now (a seeded task, with no creator,
 * acts as the system). Throws — a failed run, logged — when the creator is gone, disabled, or no longer holds what
 * the handler needs.
 */
async function runContext(host: Host, task: Row, handler: TaskHandler): Promise<OpContext> {
  const ctx = host.systemContext();
  if (task.creatorId === null || task.creatorId === undefined) return ctx;
  const creatorId = Number(task.creatorId);
  const creator = await host.database.db
    .selectFrom('base_sys_user')
    .select(['id', 'username', 'status'])
    .where('id', '=', creatorId)
    .executeTakeFirst();
  if (!creator || Number(creator.status) !== 1)
    throw new Error(`Refused: the task acts for user ${creatorId}, who no longer exists or is disabled`);
  const rights = await host.auth.rights(creatorId);
  const why = handlerRefusal(handler, rights);
  if (why)
    throw new Error(
      `Refused: the task acts for user ${creatorId} (${creator.username}), who may not run it now: ${why.en}`,
    );
  return { ...ctx, user: { id: creatorId, username: String(creator.username), ...rights } };
}

/** Calls the task's handler with its data, as the task's creator. Throws what the handler throws. */
async function callHandler(host: Host, task: Row): Promise<unknown> {
  const service = String(task.service ?? '');
  const handler = host.taskHandlers.get(service);
  if (!handler)
    throw new Error(
      `service "${service}" is not a registered task handler (one of: ${host.taskHandlers.names().join(', ')})`,
    );
  const parsed = host.taskHandlers.parseData(service, task.data);
  if (!parsed.ok) throw new Error(parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  const ctx = await runContext(host, task, handler);
  return handler.run({ ctx, task: { id: Number(task.id), name: String(task.name) }, data: parsed.data });
}

/** Drops the oldest log rows of a task past KEEP_LOGS per result. */
async function pruneLogs(host: Host, taskId: number, status: number): Promise<void> {
  const db = host.database.db;
  const edge = await db
    .selectFrom(LOG_TABLE)
    .select('id')
    .where('taskId', '=', taskId)
    .where('status', '=', status)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(KEEP_LOGS)
    .executeTakeFirst();
  if (edge)
    await db
      .deleteFrom(LOG_TABLE)
      .where('taskId', '=', taskId)
      .where('status', '=', status)
      .where('id', '<=', edge.id)
      .execute();
}

/**
 * Runs a task once and writes its log row: status 1 with the result as JSON, or 0 with the error message, the
 * duration in ms and the slot it ran for (null for `once`). A failing handler is a failed run, never an exception here.
 */
export async function runTask(host: Host, task: Row, slot: number | null, at: number): Promise<RunResult> {
  const started = Date.now();
  let status: 0 | 1 = 1;
  let detail: string | null;
  try {
    detail = detailOf(await callHandler(host, task));
  } catch (e) {
    status = 0;
    detail = clip(e instanceof Error ? e.message || e.name : String(e));
  }
  const duration = Date.now() - started;
  const taskId = Number(task.id);
  const slotTime = slot === null ? null : formatDateTime(new Date(slot));
  const entity = host.registry.get(LOG_PREFIX)!;
  const now = formatDateTime(new Date(at));
  const logId = await insertRow(
    host.systemContext(),
    entity,
    encodeRow(entity, { taskId, status, detail, duration, slotTime, createTime: now, updateTime: now }),
  );
  await pruneLogs(host, taskId, status);
  return { logId, taskId, status, detail, duration, slotTime };
}

/**
 * The log row of a run whose server process ended before it finished (killed, crashed, lost its host): status 0,
 * no duration, the slot it was for and who ran it.
 */
export async function logInterrupted(
  host: Host,
  taskId: number,
  slot: number | null,
  owner: string,
  at: number,
): Promise<number> {
  const entity = host.registry.get(LOG_PREFIX)!;
  const now = formatDateTime(new Date(at));
  const [hostName, pid] = owner.split(':');
  const detail = `interrupted: the server process running it (${hostName}, pid ${pid}) ended before the run finished`;
  const slotTime = slot === null ? null : formatDateTime(new Date(slot));
  return insertRow(
    host.systemContext(),
    entity,
    encodeRow(entity, { taskId, status: 0, detail, duration: null, slotTime, createTime: now, updateTime: now }),
  );
}
