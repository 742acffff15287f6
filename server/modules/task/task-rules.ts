import { randomUUID } from 'node:crypto';
import type { Row } from '../../core/db/row.js';
import { appError, E, fieldsError, type Issue, issue } from '../../core/errors.js';
import { formatDateTime, normalizeDateTime } from '../../core/db/time.js';
import {
  handlerRefusal,
  type HandlerRights,
  type TaskHandlerRegistry,
} from '../../core/tasks/task-handler-registry.js';
import { parseCron, planOf } from './schedule-plan.js';

/** Fields that define when a task runs: changing one of a running task starts a new schedule. */
export const SCHEDULE_FIELDS = ['taskType', 'cron', 'every', 'limit', 'startDate', 'endDate'] as const;

const empty = (v: unknown) => v === undefined || v === null || v === '';

/** The original's `before`: `repeatCount` is an alias of `limit` on every write. */
export function prepareTaskInput(input: Row): Row {
  if (input.repeatCount !== undefined && input.limit === undefined) return { ...input, limit: input.repeatCount };
  return input;
}

/**
 * Brings a task row (a new row, or the stored row merged with a patch) to its stored form, as the original's
 * add-or-update does: a cron task has no `limit`/`every`, an interval task no `cron`; `limit` 0 means unlimited.
 * Returns the fields it changed.
 */
export function normalizeTask(task: Row): Row {
  const out: Row = {};
  const set = (k: string, v: unknown) => {
    if (task[k] !== v) out[k] = task[k] = v;
  };
  if (typeof task.cron === 'string') set('cron', task.cron.trim() === '' ? null : task.cron.trim());
  if (typeof task.service === 'string') set('service', task.service.trim() === '' ? null : task.service.trim());
  if (Number(task.limit) === 0) set('limit', null);
  for (const k of ['startDate', 'endDate'])
    if (typeof task[k] === 'string' && task[k] !== '') set(k, normalizeDateTime(task[k] as string));
  if (Number(task.taskType ?? 0) === 0) {
    set('limit', null);
    set('every', null);
  } else {
    set('cron', null);
  }
  return out;
}

/**
 * What is wrong with a task: an unknown service, `data` its handler refuses, a cron croner cannot read, dates the
 * wrong way round. A task that is to run (status 1) also needs a service, its cron or interval and a slot left.
 */
export function taskIssues(handlers: TaskHandlerRegistry, task: Row, toRun: boolean, now: number): Issue[] {
  const issues: Issue[] = [];
  if (!empty(task.service)) {
    const parsed = handlers.parseData(String(task.service), task.data);
    if (!parsed.ok) issues.push(...parsed.issues);
  } else if (!empty(task.data)) {
    try {
      JSON.parse(String(task.data));
    } catch {
      issues.push(issue('data', E.FIELD_NOT_JSON_TEXT));
    }
  }
  if (!empty(task.cron)) {
    try {
      parseCron(String(task.cron));
    } catch {
      // croner's own reason is English only: the message says what a cron is instead (issue 27).
      issues.push(issue('cron', E.TASK_CRON_INVALID));
    }
  }
  if (!empty(task.startDate) && !empty(task.endDate) && String(task.endDate) < String(task.startDate)) {
    issues.push(issue('endDate', E.TASK_END_BEFORE_START));
  }
  if (!toRun || issues.length > 0) return issues;
  if (empty(task.service))
    issues.push(issue('service', E.TASK_SERVICE_REQUIRED, { names: handlers.names().join(', ') }));
  const interval = Number(task.taskType) === 1;
  if (interval && empty(task.every)) issues.push(issue('every', E.TASK_EVERY_REQUIRED));
  if (!interval && empty(task.cron)) issues.push(issue('cron', E.TASK_CRON_REQUIRED));
  if (issues.length === 0 && planOf(task).next(now) === null) issues.push(issue('endDate', E.TASK_NO_RUN_LEFT));
  return issues;
}

/** Throws the 400 naming every field at fault. */
export function assertTask(handlers: TaskHandlerRegistry, task: Row, toRun: boolean, now: number): void {
  const issues = taskIssues(handlers, task, toRun, now);
  if (issues.length > 0) throw fieldsError(E.VALIDATION_FAILED, issues);
}

/** The fields of a schedule that starts now: a new generation (jobId), its options, no runs yet, the first slot. */
export function newSchedule(task: Row, now: number): Row {
  const conf = Object.fromEntries(
    ['cron', 'every', 'limit', 'startDate', 'endDate'].map((k) => [k, task[k]]).filter(([, v]) => !empty(v)),
  );
  const next = planOf(task).next(now);
  return {
    jobId: randomUUID(),
    repeatConf: JSON.stringify(conf),
    runCount: 0,
    nextRunTime: next === null ? null : formatDateTime(new Date(next)),
  };
}

/**
 * Refuses (400 naming `service`) a signed-in admin who may not have the task's handler act for them: it needs a
 * permission they lack, or a whole data scope they do not have. Calls without a user (the system) pass.
 */
export function assertMayUse(handlers: TaskHandlerRegistry, task: Row, user: HandlerRights | undefined): void {
  if (!user || empty(task.service)) return;
  const handler = handlers.get(String(task.service));
  const why = handler && handlerRefusal(handler, user);
  if (why) throw appError(E.NOT_ALLOWED, { why }, [{ path: 'service', message: why }]);
}
