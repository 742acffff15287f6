import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SystemTables } from '../../core/db/database.js';
import { formatDateTime } from '../../core/db/time.js';

export const TASK_TABLE = 'task_info';

export type SlotClaim = {
  id: number;
  jobId: string | null;
  slot: number;
  now: number;
  leaseMs: number;
  next: number | null;
  owner: string;
};

/** This process, as it signs the runs it claims (`lockOwner`): host, pid and an instance id (a pid is reused). */
export const PROCESS_OWNER = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * Whether the process that signed `owner` is known to be gone: it ran on this host and its pid is no longer alive,
 * or it is this pid under another instance id (a restarted container's first process). A process on another host
 * is never known to be gone: its lease runs out instead.
 */
export function ownerGone(owner: string, self = PROCESS_OWNER): boolean {
  const [host, pidText, instance] = owner.split(':');
  const [myHost, myPid, myInstance] = self.split(':');
  if (host !== myHost || !pidText) return false;
  if (pidText === myPid) return instance !== myInstance;
  try {
    process.kill(Number(pidText), 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

const at = (ms: number) => formatDateTime(new Date(ms));

/**
 * Claims one slot of a running task for this process, in one UPDATE that every process may race on: it succeeds only
 * while the schedule generation is the one the caller planned (jobId), no process has claimed this slot or a later one
 * (lastSlot), no run holds the lease (lockExpireTime passed or empty) and runs are left (runCount < limit). The row
 * lock each database takes for an UPDATE makes the check and the write one step, so of N processes exactly one wins.
 */
export async function claimSlot(db: Kysely<SystemTables>, c: SlotClaim): Promise<boolean> {
  const nowText = at(c.now);
  const res = await db
    .updateTable(TASK_TABLE)
    .set((eb) => ({
      lastSlot: c.slot,
      runCount: eb('runCount', '+', 1),
      lockExpireTime: at(c.now + c.leaseMs),
      lockOwner: c.owner,
      lastExecuteTime: nowText,
      nextRunTime: c.next === null ? null : at(c.next),
    }))
    .where('id', '=', c.id)
    .where('status', '=', 1)
    .where('jobId', c.jobId === null ? 'is' : '=', c.jobId)
    .where((eb) => eb.or([eb('lastSlot', 'is', null), eb('lastSlot', '<', c.slot)]))
    .where((eb) => eb.or([eb('lockExpireTime', 'is', null), eb('lockExpireTime', '<', nowText)]))
    .where((eb) => eb.or([eb('limit', 'is', null), eb('runCount', '<', eb.ref('limit'))]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Keeps the lease of a long run alive until `until` (ms; only while the slot is still this process's). */
export async function renewLease(db: Kysely<SystemTables>, id: number, slot: number, until: number): Promise<void> {
  await db
    .updateTable(TASK_TABLE)
    .set({ lockExpireTime: at(until) })
    .where('id', '=', id)
    .where('lastSlot', '=', slot)
    .execute();
}

/** Gives the lease back after a run, unless a later slot's run has taken it meanwhile. */
export async function releaseLease(db: Kysely<SystemTables>, id: number, slot: number): Promise<void> {
  await db
    .updateTable(TASK_TABLE)
    .set({ lockExpireTime: null, lockOwner: null })
    .where('id', '=', id)
    .where('lastSlot', '=', slot)
    .execute();
}

/** Runs claimed and not given back: the task, the slot, who claimed it and until when. */
export async function heldLeases(
  db: Kysely<SystemTables>,
): Promise<{ id: number; lastSlot: number | null; lockOwner: string; lockExpireTime: string | null }[]> {
  const rows = await db
    .selectFrom(TASK_TABLE)
    .select(['id', 'lastSlot', 'lockOwner', 'lockExpireTime'])
    .where('lockOwner', 'is not', null)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    lastSlot: r.lastSlot === null ? null : Number(r.lastSlot),
    lockOwner: String(r.lockOwner),
    lockExpireTime: r.lockExpireTime === null ? null : String(r.lockExpireTime),
  }));
}

/**
 * Takes back the lease of a run whose process is gone (the same owner and slot still hold it): true for the one
 * process whose UPDATE did it, which then logs the run as interrupted. The task runs again at its next slot.
 */
export async function reclaimLease(
  db: Kysely<SystemTables>,
  id: number,
  slot: number | null,
  owner: string,
): Promise<boolean> {
  const res = await db
    .updateTable(TASK_TABLE)
    .set({ lockExpireTime: null, lockOwner: null })
    .where('id', '=', id)
    .where('lockOwner', '=', owner)
    .where('lastSlot', slot === null ? 'is' : '=', slot)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Whether a stored lease time has passed (stored as text at second resolution, as claimSlot compares it). */
export const leaseExpired = (lockExpireTime: string | null, now: number) =>
  lockExpireTime === null || lockExpireTime < at(now);

/** A schedule with no run left (limit reached, endDate passed) stops: status 0, no next run. */
export async function finishSchedule(db: Kysely<SystemTables>, id: number, jobId: string | null): Promise<void> {
  await db
    .updateTable(TASK_TABLE)
    .set({ status: 0, nextRunTime: null })
    .where('id', '=', id)
    .where('status', '=', 1)
    .where('jobId', jobId === null ? 'is' : '=', jobId)
    .execute();
}
