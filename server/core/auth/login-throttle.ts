import type { Database } from '../db/database.js';
import { nowText } from '../db/time.js';
import { appError, E } from '../errors.js';
import { DEFAULT_LIMITS, type Limits } from '../limits.js';

const TABLE = 'base_sys_login_attempt';

const tooSoon = (ms: number) => {
  const s = Math.max(1, Math.ceil(ms / 1000));
  const e = appError(E.LOGIN_TOO_SOON, { seconds: s });
  e.retryAfter = s;
  return e;
};

/** One login attempt under way. It holds a place in each of its counters until it ends. */
export type LoginAttempt = {
  /**
   * The user name has failed `loginPerUser` times or more in the window (from any address): this attempt must carry a
   * right captcha, even when the captcha is switched off, before its password is checked.
   */
  readonly needsCaptcha: boolean;
  /** The password was right: the places are given back and the user name's failures (everywhere) are forgotten. */
  succeed(): Promise<void>;
  /** A failure that says nothing about the password (a wrong or missing captcha): only the address keeps its place. */
  failIpOnly(): Promise<void>;
  /** Not a failure at all (a right password refused for another reason): every place is given back. */
  release(): Promise<void>;
};

type Bucket = { key: string; free: number };

/**
 * Slows whoever guesses passwords, never locks the owner out (ASVS 2.2.1). Failed attempts are rows in
 * base_sys_login_attempt (so every server process on one database shares them), counted in a sliding window:
 *
 * - per client address (`ip:`): after `loginPerIp` failures, that address waits after each further failure — 1 s,
 *   then 2 s, 4 s … up to `loginDelayMaxMs` — and an attempt it makes sooner is answered 429 with Retry-After;
 * - per user name from one address (`p:`): the same after `loginPerUser` failures, for that address on that name only;
 * - per user name from everywhere (`u:`): after `loginPerUser` failures the name's logins need a captcha (the
 *   console always shows one). No delay is kept per name alone: a delay anyone can set off from other addresses
 *   would lock the owner out, which is what this replaces.
 *
 * An attempt takes its places BEFORE the password is hashed (rows inserted first, counted after), so concurrent
 * guesses cannot all pass while the first ones are still hashing: of a burst at most the free number see themselves
 * within it (a burst may be held back more than needed, never less). A refused attempt gives its places back, so
 * knocking during a delay does not lengthen it.
 */
export class LoginThrottle {
  private lastPurge = 0;

  constructor(
    private readonly database: Database,
    private readonly limits: Pick<
      Limits,
      'loginPerUser' | 'loginPerIp' | 'loginWindowMs' | 'loginDelayBaseMs' | 'loginDelayMaxMs'
    > = DEFAULT_LIMITS,
    /** The time of an attempt (ms); tests hold it still, so a wait does not run out while slow password checks run. */
    private readonly clock: () => number = Date.now,
  ) {}

  private get db() {
    return this.database.db;
  }

  private async insert(bucket: string, at: number): Promise<number> {
    const now = nowText();
    const q = this.db.insertInto(TABLE).values({ bucket, at, createTime: now, updateTime: now });
    if (this.database.dialect === 'mysql') return Number((await q.executeTakeFirstOrThrow()).insertId);
    return (await q.returning('id').executeTakeFirstOrThrow()).id;
  }

  /** The other attempts of a bucket in the window (failures, and attempts still under way): how many, and the latest. */
  private async others(bucket: string, mine: number, now: number): Promise<{ n: number; last: number }> {
    const row = await this.db
      .selectFrom(TABLE)
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('at').as('last')])
      .where('bucket', '=', bucket)
      .where('at', '>', now - this.limits.loginWindowMs)
      .where('id', '<>', mine)
      .executeTakeFirst();
    return { n: Number(row?.n ?? 0), last: Number(row?.last ?? 0) };
  }

  /** How long a bucket holding `n` other attempts, `free` of them free, waits after its latest one. */
  private delayOf(n: number, free: number): number {
    if (n < free) return 0;
    return Math.min(this.limits.loginDelayMaxMs, this.limits.loginDelayBaseMs * 2 ** Math.min(n - free, 30));
  }

  private async remove(ids: number[]): Promise<void> {
    if (ids.length) await this.db.deleteFrom(TABLE).where('id', 'in', ids).execute();
  }

  /** Expired rows go, at most once a minute per process. */
  private async purge(now: number): Promise<void> {
    if (now - this.lastPurge < 60_000) return;
    this.lastPurge = now;
    await this.db
      .deleteFrom(TABLE)
      .where('at', '<=', now - this.limits.loginWindowMs)
      .execute();
  }

  /**
   * Takes a place for the address, the name from this address and the name; throws 429 (taking nothing) when the
   * address, or this address on this name, is still waiting out its delay.
   */
  async begin(username: string, ip: string, now = this.clock()): Promise<LoginAttempt> {
    await this.purge(now);
    const name = username.toLowerCase();
    const addr: Bucket = { key: `ip:${ip}`.slice(0, 160), free: this.limits.loginPerIp };
    const pair: Bucket = { key: `p:${ip}|${name}`.slice(0, 160), free: this.limits.loginPerUser };
    const user = `u:${name}`.slice(0, 160);
    const ipId = await this.insert(addr.key, now);
    const pairId = await this.insert(pair.key, now);
    const userId = await this.insert(user, now);
    let wait = 0;
    for (const [b, id] of [
      [addr, ipId],
      [pair, pairId],
    ] as const) {
      const o = await this.others(b.key, id, now);
      // Within the free number there is no wait at all: an attempt under way that began a moment after this one (a
      // later `at`) must not make this one wait for it.
      const delay = this.delayOf(o.n, b.free);
      if (delay > 0) wait = Math.max(wait, o.last + delay - now);
    }
    if (wait > 0) {
      await this.remove([ipId, pairId, userId]);
      throw tooSoon(wait);
    }
    const needsCaptcha = (await this.others(user, userId, now)).n >= this.limits.loginPerUser;
    return {
      needsCaptcha,
      succeed: async () => {
        await this.remove([ipId, pairId]);
        await this.db.deleteFrom(TABLE).where('bucket', 'in', [user, pair.key]).execute();
      },
      failIpOnly: () => this.remove([pairId, userId]),
      release: () => this.remove([ipId, pairId, userId]),
    };
  }
}
