/**
 * The limits of what callers can make the server do (login, captcha, operation log, request bodies, per-user quotas,
 * pictures). The defaults are
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
  /** Bytes of files one user may upload per day (server's calendar day, counted from `space_info`); past it, 413. */
  uploadBytesPerUserPerDay: number;
  /** Largest request body of an ordinary JSON route (a route may set its own); one byte more is 413, unread. */
  bodyMaxBytes: number;
  /** Largest request body of routes that take a few small fields: login, refresh, logout, person update, upload's JSON. */
  bodySmallMaxBytes: number;
  /** One screen preference (`comm/pref`): largest value (as JSON), keys per user, bytes of all values per user. */
  prefValueMaxBytes: number;
  prefKeysPerUser: number;
  prefBytesPerUser: number;
  /** Operation-log rows per log window for one signed-in user (then one note; the rest go unlogged), and the bytes of
   * params stored for them in the window at full length (past it, params are cut to logUntrustedParamsMax). */
  logUserPerWindow: number;
  logUserParamsPerWindow: number;
  /** Largest picture (width × height, read from its header) that is decoded; a larger one is refused with 413. */
  pictureMaxPixels: number;
  /** Pictures decoded at once in this process (thumbnails, sizes); more wait their turn. */
  pictureConcurrency: number;
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
  uploadBytesPerUserPerDay: 1024 * 1024 * 1024,
  bodyMaxBytes: 1024 * 1024,
  bodySmallMaxBytes: 8 * 1024,
  prefValueMaxBytes: 64 * 1024,
  prefKeysPerUser: 200,
  prefBytesPerUser: 1024 * 1024,
  logUserPerWindow: 600,
  logUserParamsPerWindow: 256 * 1024,
  pictureMaxPixels: 50_000_000,
  pictureConcurrency: 1,
};

/** A byte count as people read a limit: "64 KB", "1 MB", or exact bytes when it is not a whole number of either. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** The limits an operator sets in the environment (README, configuration table); each a whole number in its range. */
const FROM_ENV: [variable: string, limit: keyof Limits, min: number, max: number][] = [
  ['JOINERY_BODY_MAX_BYTES', 'bodyMaxBytes', 64 * 1024, 64 * 1024 * 1024],
  ['JOINERY_UPLOAD_BYTES_PER_DAY', 'uploadBytesPerUserPerDay', 1024 * 1024, Number.MAX_SAFE_INTEGER],
  ['JOINERY_PICTURE_MAX_PIXELS', 'pictureMaxPixels', 1_000_000, 100_000_000],
  ['JOINERY_PICTURE_THREADS', 'pictureConcurrency', 1, 16],
];

/** Limits given by environment variables (a wrong value stops the start with its reason). */
export function limitsFromEnv(env: NodeJS.ProcessEnv): Partial<Limits> {
  const out: Partial<Limits> = {};
  for (const [variable, limit, min, max] of FROM_ENV) {
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < min || n > max)
      throw new Error(`${variable} must be a whole number from ${min} to ${max}, got "${raw}"`);
    out[limit] = n;
  }
  return out;
}

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

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Adds one event (or `amount`, such as bytes) for a key and returns the key's total in its current window, this one included. */
  hit(key: string, now = Date.now(), amount = 1): number {
    // A window also ends when the clock has been set back past its start (else a key could stay refused for as long).
    const ended = (start: number) => now - start >= this.windowMs || now < start;
    if (ended(this.swept)) {
      this.swept = now;
      for (const [k, c] of this.counts) if (ended(c.start)) this.counts.delete(k);
    }
    const counted = this.counts.get(key);
    if (counted && !ended(counted.start)) {
      counted.n += amount;
      return counted.n;
    }
    // Past maxKeys keys a new one is not remembered (memory stays bounded); callers keep a global cap for that case.
    if (counted || this.counts.size < this.maxKeys) this.counts.set(key, { start: now, n: amount });
    return amount;
  }
}
