import type { Host } from '../../core/host.js';
import type { Row } from '../../core/db/row.js';
import { planOf, type Plan } from './schedule-plan.js';
import {
  claimSlot,
  finishSchedule,
  heldLeases,
  leaseExpired,
  ownerGone,
  PROCESS_OWNER,
  reclaimLease,
  releaseLease,
  renewLease,
  TASK_TABLE,
} from './task-lease.js';
import { logInterrupted, runTask, type RunResult } from './task-runner.js';
import { systemClock, type SchedulerClock } from './scheduler-clock.js';

export type SchedulerOptions = {
  /** How often the task table is read for changes made by other processes (ms, default 1000). */
  syncMs?: number;
  /** How long a claimed run holds its task against other processes (ms, default 30 000); renewed while it runs. */
  leaseMs?: number;
  /** The time and the timers (default the system's); tests move a manual clock instead of waiting for slots. */
  clock?: SchedulerClock;
};

type Job = { id: number; jobId: string | null; plan: Plan; timer?: unknown; lastFired: number };

/** Timers never wait longer than this, so a far-off slot is re-aimed against the clock now and then. */
const MAX_WAIT = 30_000;

/**
 * Runs the running tasks (status 1) on their slots, in every process on the database: each process keeps a timer per
 * task, and at a slot races the others for it with one conditional UPDATE (task-lease.ts), so a slot runs once.
 * Changes made here apply at once; changes made by another process are picked up by a sync every `syncMs`.
 */
export class TaskScheduler {
  private readonly jobs = new Map<number, Job>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly syncMs: number;
  private readonly leaseMs: number;
  readonly clock: SchedulerClock;
  private syncTimer?: unknown;
  private syncing?: Promise<void>;
  private syncAgain = false;
  private active = false;

  constructor(
    private readonly host: Host,
    options: SchedulerOptions = {},
  ) {
    this.syncMs = options.syncMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.clock = options.clock ?? systemClock;
  }

  /** The scheduler's time (ms): what new schedules, claims, leases and log rows are stamped with. */
  now(): number {
    return this.clock.now();
  }

  /** Schedules every running task, then follows the table. */
  async start(): Promise<void> {
    this.active = true;
    await this.sync();
    this.syncTimer = this.clock.setInterval(() => void this.sync(), this.syncMs);
  }

  /** Stops the timers and waits for runs under way (their logs are written, their leases given back). */
  async stop(): Promise<void> {
    this.active = false;
    this.clock.clearInterval(this.syncTimer);
    for (const job of this.jobs.values()) this.clock.clearTimeout(job.timer);
    this.jobs.clear();
    await this.syncing;
    await Promise.allSettled([...this.inFlight]);
  }

  /** A task was written through this process: follow it now rather than at the next sync. */
  changed(): void {
    if (this.active) void this.sync();
  }

  /** Runs a task now, outside its schedule (`once`); resolves with its log row. */
  async runNow(task: Row): Promise<RunResult> {
    return this.track(runTask(this.host, task, null, this.now()));
  }

  /** Resolves once no sync and no run is under way (tests: the work a slot or a change started is done). */
  async idle(): Promise<void> {
    while (this.syncing || this.inFlight.size > 0) {
      await this.syncing;
      await Promise.allSettled([...this.inFlight]);
    }
  }

  /** Local timers ← the running tasks in the table. Calls that overlap run one more pass after the current one. */
  sync(): Promise<void> {
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      do {
        this.syncAgain = false;
        try {
          await this.syncOnce();
        } catch (e) {
          this.report(e, 'reading the task table');
        }
      } while (this.syncAgain && this.active);
    })().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    if (!this.active) return;
    await this.recoverInterrupted();
    const rows = await this.host.database.db
      .selectFrom(TASK_TABLE)
      .select(['id', 'jobId', 'taskType', 'cron', 'every', 'startDate', 'endDate'])
      .where('status', '=', 1)
      .execute();
    if (!this.active) return;
    const seen = new Set<number>();
    for (const row of rows) {
      const id = Number(row.id);
      seen.add(id);
      const job = this.jobs.get(id);
      const jobId = (row.jobId as string | null) ?? null;
      if (job && job.jobId === jobId) continue;
      this.cancel(id);
      this.schedule(id, jobId, row);
    }
    for (const id of [...this.jobs.keys()]) if (!seen.has(id)) this.cancel(id);
  }

  /**
   * Runs claimed by a process that is gone (known dead on this host, or its lease run out without being renewed):
   * the lease is taken back at once, so the task runs at its next slot, and the run is logged as interrupted. Of
   * several processes doing this, the one whose UPDATE takes the lease writes the row.
   */
  private async recoverInterrupted(): Promise<void> {
    const db = this.host.database.db;
    for (const held of await heldLeases(db)) {
      if (held.lockOwner === PROCESS_OWNER) continue;
      if (!ownerGone(held.lockOwner) && !leaseExpired(held.lockExpireTime, this.now())) continue;
      if (!(await reclaimLease(db, held.id, held.lastSlot, held.lockOwner))) continue;
      await logInterrupted(this.host, held.id, held.lastSlot, held.lockOwner, this.now());
      this.host.app.log.warn(
        `scheduler: the run of task ${held.id} by ${held.lockOwner} was interrupted (its process ended); logged, and the task runs at its next slot`,
      );
    }
  }

  private schedule(id: number, jobId: string | null, row: Row): void {
    let plan: Plan;
    try {
      plan = planOf(row);
    } catch (e) {
      this.report(e, `task ${id} has a schedule that cannot be read`);
      return;
    }
    const job: Job = { id, jobId, plan, lastFired: this.now() };
    if (plan.next(job.lastFired) === null) {
      // No slot left (endDate passed while no process ran it): the task stops.
      void this.track(
        finishSchedule(this.host.database.db, id, jobId).catch((e: unknown) => this.report(e, `stopping task ${id}`)),
      );
      return;
    }
    this.jobs.set(id, job);
    this.arm(job);
  }

  private cancel(id: number): void {
    this.clock.clearTimeout(this.jobs.get(id)?.timer);
    this.jobs.delete(id);
  }

  private arm(job: Job): void {
    const slot = job.plan.next(job.lastFired);
    // The last slot has fired: the job stays (without a timer) so a sync does not take it for a new one; the process
    // that runs that slot stops the task.
    if (slot === null) return;
    const wait = slot - this.now();
    job.timer = this.clock.setTimeout(
      () => {
        if (this.jobs.get(job.id) !== job) return;
        if (this.now() < slot) return this.arm(job);
        job.lastFired = slot;
        this.arm(job);
        void this.track(this.runSlot(job, slot));
      },
      Math.min(Math.max(wait, 0), MAX_WAIT),
    );
  }

  /** One slot: claim it, run, give the lease back; the last run of a schedule stops the task. */
  private async runSlot(job: Job, slot: number): Promise<void> {
    const db = this.host.database.db;
    try {
      const next = job.plan.next(slot);
      if (
        !(await claimSlot(db, {
          id: job.id,
          jobId: job.jobId,
          slot,
          now: this.now(),
          leaseMs: this.leaseMs,
          next,
          owner: PROCESS_OWNER,
        }))
      )
        return;
      const heartbeat = setInterval(
        () => {
          renewLease(db, job.id, slot, this.now() + this.leaseMs).catch((e: unknown) =>
            this.report(e, `renewing the lease of task ${job.id}`),
          );
        },
        Math.max(1000, Math.floor(this.leaseMs / 3)),
      );
      try {
        const task = await db.selectFrom(TASK_TABLE).selectAll().where('id', '=', job.id).executeTakeFirst();
        if (!task) return;
        await runTask(this.host, task, slot, this.now());
        const limit = task.limit === null ? null : Number(task.limit);
        if (next === null || (limit !== null && limit > 0 && Number(task.runCount) >= limit)) {
          await finishSchedule(db, job.id, job.jobId);
          if (this.jobs.get(job.id) === job) this.cancel(job.id);
        }
      } finally {
        clearInterval(heartbeat);
        await releaseLease(db, job.id, slot);
      }
    } catch (e) {
      this.report(e, `running task ${job.id}`);
    }
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => undefined);
    return p;
  }

  private report(error: unknown, what: string): void {
    this.host.app.log.error({ err: error }, `scheduler: ${what}`);
  }
}
