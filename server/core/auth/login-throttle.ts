import type { Database } from '../db/database.js';
import { nowText } from '../db/time.js';
import { tooManyRequests } from '../errors.js';
import { DEFAULT_LIMITS, type Limits } from '../limits.js';

const TABLE = 'base_sys_login_attempt';

const tooMany = () => tooManyRequests({ 'zh-cn': '登录尝试过于频繁，请稍后再试', 'zh-tw': '登入嘗試過於頻繁，請稍後再試', en: 'Too many failed logins, try again later' });

/** One login attempt under way. It holds a place in the user name's counter and in the IP's until it ends. */
export type LoginAttempt = {
  /** The password was right: the IP's place is given back and the user name's failures are forgotten. */
  succeed(): Promise<void>;
  /** A failure that says nothing about the password (wrong captcha): only the IP keeps the place. */
  failIpOnly(): Promise<void>;
  /** Not a failure at all (a right password refused for another reason): both places are given back. */
  release(): Promise<void>;
};

/**
 * Counts login attempts in a sliding window, per user name (the 6th gets 429) and per IP (more generous, since an
 * office shares one address; the 21st gets 429). An attempt takes its places BEFORE the password is hashed, so that
 * concurrent guesses cannot all pass the check while the first ones are still hashing; a failed attempt simply keeps
 * them. The counters are rows in base_sys_login_attempt, so every server process on one database shares them.
 */
export class LoginThrottle {
  private lastPurge = 0;

  constructor(private readonly database: Database, private readonly limits: Pick<Limits, 'loginPerUser' | 'loginPerIp' | 'loginWindowMs'> = DEFAULT_LIMITS) {}

  private get db() {
    return this.database.db;
  }

  private async insert(bucket: string, at: number): Promise<number> {
    const now = nowText();
    const q = this.db.insertInto(TABLE).values({ bucket, at, createTime: now, updateTime: now });
    if (this.database.dialect === 'mysql') return Number((await q.executeTakeFirstOrThrow()).insertId);
    return (await q.returning('id').executeTakeFirstOrThrow()).id;
  }

  private async count(bucket: string, now: number): Promise<number> {
    const row = await this.db.selectFrom(TABLE).select((eb) => eb.fn.countAll().as('n'))
      .where('bucket', '=', bucket).where('at', '>', now - this.limits.loginWindowMs).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  private async remove(ids: number[]): Promise<void> {
    if (ids.length) await this.db.deleteFrom(TABLE).where('id', 'in', ids).execute();
  }

  /** Expired rows go, at most once a minute per process. */
  private async purge(now: number): Promise<void> {
    if (now - this.lastPurge < 60_000) return;
    this.lastPurge = now;
    await this.db.deleteFrom(TABLE).where('at', '<=', now - this.limits.loginWindowMs).execute();
  }

  /**
   * Takes a place for the user name and for the IP; throws 429 (taking nothing) when either already holds its limit.
   * Each place is a row inserted first and counted after, so of any number of concurrent attempts at most the limit
   * see themselves within it (under a burst some of those may be refused too: the throttle errs on the side of refusing).
   */
  async begin(username: string, ip: string, now = Date.now()): Promise<LoginAttempt> {
    await this.purge(now);
    const user = `u:${username.toLowerCase()}`.slice(0, 160);
    const addr = `ip:${ip}`.slice(0, 160);
    const userId = await this.insert(user, now);
    const ipId = await this.insert(addr, now);
    const [users, ips] = [await this.count(user, now), await this.count(addr, now)];
    if (users > this.limits.loginPerUser || ips > this.limits.loginPerIp) {
      await this.remove([userId, ipId]);
      throw tooMany();
    }
    return {
      succeed: async () => {
        await this.remove([ipId]);
        await this.db.deleteFrom(TABLE).where('bucket', '=', user).execute();
      },
      failIpOnly: () => this.remove([userId]),
      release: () => this.remove([userId, ipId]),
    };
  }
}
