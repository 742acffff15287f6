import type { SchedulerClock } from '../../modules/task/scheduler-clock.js';

type Timer = { at: number; fn: () => void; every?: number };

/**
 * A scheduler clock moved by hand: its time stands still until `advance`, which fires the timers that fall due in
 * order of their time and, after each, awaits `settle` (the work the timer started: a slot's run, a sync). A schedule's
 * slots then fire when the test says, deterministically and without waiting for the wall clock.
 */
export class ManualClock implements SchedulerClock {
  private time: number;
  private seq = 0;
  private flip = false;
  private readonly timers = new Map<number, Timer>();

  /** Starts at `start` (ms; default: the next whole second of the system clock, plus 100 ms). */
  constructor(start = Math.ceil(Date.now() / 1000) * 1000 + 100) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    this.timers.set(++this.seq, { at: this.time + Math.max(0, ms), fn });
    return this.seq;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  setInterval(fn: () => void, ms: number): unknown {
    this.timers.set(++this.seq, { at: this.time + ms, fn, every: Math.max(1, ms) });
    return this.seq;
  }

  clearInterval(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** A whole second `s` seconds after the clock's second, as the tests pass it to `startDate` / `endDate` (ms). */
  secondFromNow(s: number): number {
    return Math.floor(this.time / 1000) * 1000 + s * 1000;
  }

  /**
   * Moves the time `ms` forward, firing what falls due on the way: the timers due at the same instant all fire before
   * `settle` is awaited (so several schedulers on this clock race for a slot as processes do), then the next instant.
   * `settle` is also awaited first, so work started before the call (a sync after a write) is done.
   */
  async advance(ms: number, settle: () => Promise<void>): Promise<void> {
    const until = this.time + ms;
    await settle();
    for (;;) {
      let at = Number.POSITIVE_INFINITY;
      for (const timer of this.timers.values()) at = Math.min(at, timer.at);
      if (at > until) break;
      this.time = Math.max(this.time, at);
      // Due together: fired in turn first-set-first, then last-set-first, so no scheduler is always the first to try.
      const due = [...this.timers].filter(([, timer]) => timer.at === at);
      if (this.flip) due.reverse();
      this.flip = !this.flip;
      for (const [id, timer] of due) {
        if (timer.every) timer.at += timer.every;
        else this.timers.delete(id);
        timer.fn();
      }
      await settle();
    }
    this.time = until;
  }
}
