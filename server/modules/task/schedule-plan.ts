import { Cron } from 'croner';
import { parseDateTime } from '../../core/db/time.js';
import type { Row } from '../../core/db/row.js';

/** When a task runs: the slots (epoch ms) of its cron or interval, bounded by startDate and endDate (both inclusive). */
export type Plan = {
  /** The first slot strictly after `afterMs`, or null when the schedule has none left. */
  next(afterMs: number): number | null;
};

/** A 5- or 6-field cron (seconds first), Quartz `?` and `0/5` steps accepted; throws with croner's reason. */
export function parseCron(text: string): Cron {
  return new Cron(text.trim(), { paused: true, sloppyRanges: true, mode: '5-or-6-parts' });
}

const timeOf = (v: unknown): number | null => (typeof v === 'string' && v !== '' ? parseDateTime(v).getTime() : null);

/**
 * The plan of a stored task row. Interval slots count from startDate when it is set, else from the Unix epoch (as
 * BullMQ's `every` does), so every process computes the same slots without talking to the others.
 */
export function planOf(task: Row): Plan {
  const start = timeOf(task.startDate);
  const end = timeOf(task.endDate);
  const bounded = (slot: number | null) => (slot === null || (end !== null && slot > end) ? null : slot);
  if (Number(task.taskType) === 1) {
    const every = Number(task.every);
    const anchor = start ?? 0;
    return {
      next: (after) => bounded(after < anchor ? anchor : anchor + (Math.floor((after - anchor) / every) + 1) * every),
    };
  }
  const cron = parseCron(String(task.cron));
  return {
    next: (after) =>
      bounded(cron.nextRun(new Date(start !== null ? Math.max(after, start - 1) : after))?.getTime() ?? null),
  };
}
