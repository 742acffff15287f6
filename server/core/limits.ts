/**
 * The rate limits of what anonymous callers can make the server do (login, captcha, operation log). The defaults are
 * what a server runs with; tests pass others through buildApp({ limits }) (no environment variable).
 */
export type Limits = {
  /**
   * Failed logins per user name in the login window after which its logins need a captcha (from every address), and
   * after which one address waits before its next try on that name (server/core/auth/login-throttle.ts).
   */
  loginPerUser: number;
  /** Failed logins per client IP in the login window before that address waits between tries (an office shares one address). */
  loginPerIp: number;
  loginWindowMs: number;
  /** The first wait of a throttled address (ms); it doubles with each further failure up to loginDelayMaxMs. */
  loginDelayBaseMs: number;
  loginDelayMaxMs: number;
  /** Captchas one IP may ask for per captcha window (per server process); more get 429. */
  captchaPerIp: number;
  captchaWindowMs: number;
  /** Unused captchas kept at most; the oldest are dropped first. */
  captchaMaxLive: number;
  /** Operation-log rows per log window (per server process) for anonymous or refused (401/403/429) requests: per IP, and in all. */
  logUntrustedPerIp: number;
  logUntrustedTotal: number;
  logWindowMs: number;
  /** Longest stored params text of a log row: requests from signed-in users, and anonymous or refused ones. */
  logParamsMax: number;
  logUntrustedParamsMax: number;
  /** Shop visits one IP may record per visit window (per server process); more get 429. */
  visitPerIp: number;
  visitWindowMs: number;
  /** Distinct visitors stored per day (for de-duplication); past it, views still count but new visitors do not. */
  visitorsPerDay: number;
  /** Largest file one upload may carry, in bytes (one byte more is refused with 413). */
  uploadMaxBytes: number;
  /** Files one upload call may carry (a tenth is refused with 413). */
  uploadMaxFiles: number;
};

export const DEFAULT_LIMITS: Limits = {
  loginPerUser: 5,
  loginPerIp: 20,
  loginWindowMs: 15 * 60_000,
  loginDelayBaseMs: 1000,
  loginDelayMaxMs: 5 * 60_000,
  captchaPerIp: 60,
  captchaWindowMs: 60_000,
  captchaMaxLive: 10_000,
  logUntrustedPerIp: 10,
  logUntrustedTotal: 200,
  logWindowMs: 60_000,
  logParamsMax: 8192,
  logUntrustedParamsMax: 2048,
  visitPerIp: 60,
  visitWindowMs: 60_000,
  visitorsPerDay: 100_000,
  uploadMaxBytes: 50 * 1024 * 1024,
  uploadMaxFiles: 9,
};

export const limitsOf = (overrides?: Partial<Limits>): Limits => ({ ...DEFAULT_LIMITS, ...overrides });

/**
 * Counts events per key in this process's memory, each key in windows of its own: a key's window opens at its first
 * event and lasts windowMs, so a quick burst is counted whole. (Windows shared by all keys and aligned to the clock
 * restarted a burst's count from zero when it straddled a window's end: the 61st of 60 a minute could pass.) Keys
 * whose window has ended are dropped at most once a window: memory is bounded by the keys of about two windows and
 * by maxKeys.
 */
export class WindowCounter {
  private readonly counts = new Map<string, { start: number; n: number }>();
  private swept = 0;

  constructor(private readonly windowMs: number, private readonly maxKeys = 100_000) {}

  /** Adds one event for a key and returns how many the key has had in its current window, this one included. */
  hit(key: string, now = Date.now()): number {
    // A window also ends when the clock has been set back past its start (else a key could stay refused for as long).
    const ended = (start: number) => now - start >= this.windowMs || now < start;
    if (ended(this.swept)) {
      this.swept = now;
      for (const [k, c] of this.counts) if (ended(c.start)) this.counts.delete(k);
    }
    const counted = this.counts.get(key);
    if (counted && !ended(counted.start)) return ++counted.n;
    // Past maxKeys keys a new one is not remembered (memory stays bounded); callers keep a global cap for that case.
    if (counted || this.counts.size < this.maxKeys) this.counts.set(key, { start: now, n: 1 });
    return 1;
  }
}
