import { tooManyRequests } from '../errors.js';

/**
 * Counts failed logins in a sliding window: per user name (the 6th attempt gets 429) and per IP (more generous, since
 * an office shares one address; the 21st gets 429).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly maxPerUser = 5, private readonly maxPerIp = 20, private readonly windowMs = 15 * 60_000) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Throws 429 when the user name or the IP has used up its attempts. */
  check(username: string, ip: string, now = Date.now()): void {
    for (const [key, max] of [[`u:${username.toLowerCase()}`, this.maxPerUser], [`ip:${ip}`, this.maxPerIp]] as const) {
      if (this.recent(key, now).length >= max) {
        throw tooManyRequests('登录尝试过于频繁，请稍后再试 (too many failed logins, try again later)');
      }
    }
  }

  /** Records a failure; a wrong captcha counts against the IP only, so nobody can lock a user out without their password. */
  fail(username: string, ip: string, options: { againstUser?: boolean } = {}, now = Date.now()): void {
    const keys = options.againstUser === false ? [`ip:${ip}`] : [`u:${username.toLowerCase()}`, `ip:${ip}`];
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > 100_000) this.failures.clear();
  }

  succeed(username: string): void {
    this.failures.delete(`u:${username.toLowerCase()}`);
  }
}
