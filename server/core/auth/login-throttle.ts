import { tooManyRequests } from '../errors.js';

/** Counts failed logins per user name and per IP in a sliding window; the 6th attempt inside it gets 429. */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly maxFailures = 5, private readonly windowMs = 15 * 60_000) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Throws 429 when the user name or the IP has used up its attempts. */
  check(username: string, ip: string, now = Date.now()): void {
    for (const key of [`u:${username.toLowerCase()}`, `ip:${ip}`]) {
      if (this.recent(key, now).length >= this.maxFailures) {
        throw tooManyRequests('登录尝试过于频繁，请稍后再试 (too many failed logins, try again later)');
      }
    }
  }

  fail(username: string, ip: string, now = Date.now()): void {
    for (const key of [`u:${username.toLowerCase()}`, `ip:${ip}`]) this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > 100_000) this.failures.clear();
  }

  succeed(username: string): void {
    this.failures.delete(`u:${username.toLowerCase()}`);
  }
}
