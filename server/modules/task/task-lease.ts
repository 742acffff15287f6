import type { Kysely } from 'kysely';
import type { SystemTables } from '../../core/db/database.js';
import { formatDateTime } from '../../core/db/time.js';

export const TASK_TABLE = 'task_info';

export type SlotClaim = { id: number; jobId: string | null; slot: number; now: number; leaseMs: number; next: number | null };

const at = (ms: number) => formatDateTime(new Date(ms));

/**
 * Claims one slot of a running task for this process, in one UPDATE that every process may race on: it succeeds only
 * while the schedule generation is the one the caller planned (jobId), no process has claimed this slot or a later one
 * (lastSlot), no run holds the lease (lockExpireTime passed or empty) and runs are left (runCount < limit). The row
 * lock each database takes for an UPDATE makes the check and the write one step, so of N processes exactly one wins.
 */
export async function claimSlot(db: Kysely<SystemTables>, c: SlotClaim): Promise<boolean> {
  const nowText = at(c.now);
  const res = await db.updateTable(TASK_TABLE)
    .set((eb) => ({
      lastSlot: c.slot, runCount: eb('runCount', '+', 1), lockExpireTime: at(c.now + c.leaseMs), lastExecuteTime: nowText,
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

/** Keeps the lease of a long run alive (only while the slot is still this process's). */
export async function renewLease(db: Kysely<SystemTables>, id: number, slot: number, leaseMs: number): Promise<void> {
  await db.updateTable(TASK_TABLE).set({ lockExpireTime: at(Date.now() + leaseMs) }).where('id', '=', id).where('lastSlot', '=', slot).execute();
}

/** Gives the lease back after a run, unless a later slot's run has taken it meanwhile. */
export async function releaseLease(db: Kysely<SystemTables>, id: number, slot: number): Promise<void> {
  await db.updateTable(TASK_TABLE).set({ lockExpireTime: null }).where('id', '=', id).where('lastSlot', '=', slot).execute();
}

/** A schedule with no run left (limit reached, endDate passed) stops: status 0, no next run. */
export async function finishSchedule(db: Kysely<SystemTables>, id: number, jobId: string | null): Promise<void> {
  await db.updateTable(TASK_TABLE).set({ status: 0, nextRunTime: null })
    .where('id', '=', id).where('status', '=', 1).where('jobId', jobId === null ? 'is' : '=', jobId).execute();
}
