import type { FastifyRequest } from 'fastify';

/**
 * Progress of a long call (a batch `add`, an `import`), for the caller to poll while it waits (PROTOCOL §0 in README).
 * The caller names the call with an `x-progress-id` header (8–64 letters, digits, _ or -) and asks
 * `GET /admin/base/comm/progress?id=…` meanwhile: `{ phase, done, total }`. Entries are per process, per user, and
 * bounded: a user has at most PER_USER of them and one is forgotten KEEP_MS after its call ends.
 */
export const PROGRESS_HEADER = 'x-progress-id';
const ID = /^[A-Za-z0-9_-]{8,64}$/;
const PER_USER = 16;
const KEEP_MS = 5 * 60_000;

/** `check`: validating and hashing before the write; `write`: in the transaction; `done`: answered. */
export type ProgressPhase = 'check' | 'write' | 'done';
export type ProgressState = { phase: ProgressPhase; done: number; total: number };

/** What a long operation reports: how many items it has and how many it has checked so far. */
export type ProgressReporter = {
  start(total: number): void;
  step(count?: number): void;
  phase(phase: ProgressPhase): void;
};

type Entry = ProgressState & { userId: number; endedAt?: number };

export class ProgressBoard {
  private readonly entries = new Map<string, Entry>();
  private readonly ofRequest = new WeakMap<FastifyRequest, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A reporter for the request when it names a progress id and is signed in; undefined otherwise. */
  reporter(request: FastifyRequest): ProgressReporter | undefined {
    const id = request.headers[PROGRESS_HEADER];
    const userId = request.user?.id;
    if (typeof id !== 'string' || !ID.test(id) || userId === undefined) return undefined;
    this.sweep(userId);
    const key = `${userId}:${id}`;
    const entry: Entry = { userId, phase: 'check', done: 0, total: 0 };
    this.entries.set(key, entry);
    this.ofRequest.set(request, entry);
    return {
      start: (total) => {
        entry.total = total;
        entry.done = 0;
      },
      step: (count = 1) => {
        entry.done = Math.min(entry.total, entry.done + count);
      },
      phase: (phase) => {
        entry.phase = phase;
        if (phase === 'done') this.end(entry);
      },
    };
  }

  /** The state of one of the user's calls, or null when there is none (unknown, another user's, or forgotten). */
  read(userId: number, id: string): ProgressState | null {
    const entry = ID.test(id) ? this.entries.get(`${userId}:${id}`) : undefined;
    if (!entry) return null;
    return { phase: entry.phase, done: entry.done, total: entry.total };
  }

  /** The request was answered (or failed): its call is done. From the app's onResponse hook. */
  finish(request: FastifyRequest): void {
    const entry = this.ofRequest.get(request);
    if (entry) this.end(entry);
  }

  private end(entry: Entry) {
    entry.phase = 'done';
    entry.done = entry.total;
    entry.endedAt ??= this.now();
  }

  /** Forgets ended entries past their time, and the user's oldest when they hold too many. */
  private sweep(userId: number) {
    const now = this.now();
    const mine: string[] = [];
    for (const [key, e] of this.entries) {
      if (e.endedAt !== undefined && now - e.endedAt > KEEP_MS) this.entries.delete(key);
      else if (e.userId === userId) mine.push(key);
    }
    for (const key of mine.slice(0, Math.max(0, mine.length - PER_USER + 1))) this.entries.delete(key);
  }
}
