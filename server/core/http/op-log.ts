import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import type { LogStatement } from '../db/log-thread.js';
import { nowText } from '../db/time.js';
import { DEFAULT_LIMITS, WindowCounter, type Limits } from '../limits.js';
import { getOrSet } from '../get-or-set.js';
import { classStatus } from './error-status.js';
import { isContention } from '../db/contention.js';

/** Argument names whose values are never written anywhere (operation log, request log). */
export const SECRET_KEY = /pass(word)?|token|secret|verifycode|captcha|authorization/i;

/** A copy of request arguments with secret values replaced (recursively). */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8) return '…';
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '******' : redact(v, depth + 1);
    return out;
  }
  return value;
}

type LogRow = {
  userId: number | null;
  action: string;
  ip: string;
  params: string;
  createTime: string;
  updateTime: string;
};
const LOG_COLUMNS = ['userId', 'action', 'ip', 'params', 'createTime', 'updateTime'] as const;
/** Rows per INSERT: a batch is written in statements of these sizes, so the database sees four statement texts
 * (each prepared once) rather than one per batch length. */
const CHUNKS = [64, 16, 4, 1];

/** INSERT INTO base_sys_log of `rows` rows, as text with the dialect's placeholders (written once per size). */
function insertText(dialect: Database['dialect'], rows: number): string {
  const q = dialect === 'mysql' ? (n: string) => `\`${n}\`` : (n: string) => `"${n}"`;
  let n = 0;
  const row = () => `(${LOG_COLUMNS.map(() => (dialect === 'postgres' ? `$${++n}` : '?')).join(', ')})`;
  return `insert into ${q('base_sys_log')} (${LOG_COLUMNS.map(q).join(', ')}) values ${Array.from({ length: rows }, row).join(', ')}`;
}

/**
 * Writes the operation log in small batches so a busy server does one transaction per batch, not per request, and off
 * the disk flush every data write waits for: a crash may lose the last moments of log rows, never a data write
 * (PROTOCOL §0 in the README). On SQLite the batches are written by a worker thread on a connection of its own
 * (`Database.writeLog`), off the event loop.
 */
export class OpLogWriter {
  private queue: LogRow[] = [];
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  private readonly texts = new Map<number, string>();

  constructor(
    private readonly database: Database,
    private readonly delayMs = 200,
  ) {}

  /** The batch as a few INSERT statements of fixed sizes, built as text (no query builder on this path). */
  private statements(batch: LogRow[]): LogStatement[] {
    const out: LogStatement[] = [];
    let at = 0;
    for (const size of CHUNKS) {
      for (; batch.length - at >= size; at += size) {
        const text = getOrSet(this.texts, size, () => insertText(this.database.dialect, size));
        const params: unknown[] = [];
        for (const row of batch.slice(at, at + size)) for (const c of LOG_COLUMNS) params.push(row[c]);
        out.push([text, params]);
      }
    }
    return out;
  }

  push(row: Omit<LogRow, 'createTime' | 'updateTime'>): void {
    const now = nowText();
    this.queue.push({ ...row, createTime: now, updateTime: now });
    if (this.queue.length >= 200) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Writes what is queued; resolves when it is stored. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return this.flushing;
    this.flushing = this.flushing.then(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          await this.database.writeLog(this.statements(batch));
          return;
        } catch (error) {
          // Met another write (a log clear's long delete beside requests being logged, on MariaDB): the batch was
          // rolled back whole and goes again, a moment later, as the database asks.
          if (attempt < LOG_WRITE_ATTEMPTS && isContention(error)) {
            await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
            continue;
          }
          // The log must never take a request down; report it on the console instead.
          console.error('operation log write failed', error);
          return;
        }
      }
    });
    return this.flushing;
  }
}

/** How many times a batch of the log is written before it is given up (reported on the console). */
const LOG_WRITE_ATTEMPTS = 4;

/** The params text cut to at most max characters (still JSON: the start of the text and its full length). */
export function capParams(params: string, max: number): string {
  if (params.length <= max) return params;
  let keep = max;
  for (;;) {
    const text = JSON.stringify({ truncated: params.slice(0, keep), length: params.length });
    if (text.length <= max || keep === 0) return text;
    keep = Math.max(0, keep - (text.length - max) - 8);
  }
}

/** Statuses of requests the server refused for who sent them. */
const REFUSED = new Set([401, 403, 429]);

/**
 * Logs every /admin request after it is answered (who, path, IP, redacted arguments). Anonymous and refused requests
 * cannot fill the disk: their params are cut short, and each IP gets a few rows per minute (then one row saying that
 * the rest go unlogged), with a cap over all IPs as well. Signed-in users get more rows and longer params, bounded
 * per user and window too (limits.logUserPerWindow, logUserParamsPerWindow).
 */
export function installOpLog(app: FastifyInstance, writer: OpLogWriter, limits: Limits = DEFAULT_LIMITS): void {
  const untrustedRows = new WindowCounter(limits.logWindowMs);
  const userRows = new WindowCounter(limits.logWindowMs);
  const userParams = new WindowCounter(limits.logWindowMs);
  app.addHook('onResponse', (request, reply, done) => {
    try {
      logResponse(request, reply);
    } catch (error) {
      // The log must never take a request down.
      request.log.error(error, 'operation log');
    }
    done();
  });

  function logResponse(request: FastifyRequest, reply: FastifyReply): void {
    const path = request.url.split('?')[0];
    if (!path.startsWith('/admin/')) return;
    // Routes that count traffic (the shop's visit counter) would flood the log with their successes.
    if (request.routeOptions.config?.opLog === false && classStatus(reply) < 400) return;
    const action = path.slice(0, 255);
    const ip = request.ip.slice(0, 50);
    const untrusted = !request.user || REFUSED.has(classStatus(reply));
    if (untrusted) {
      const fromIp = untrustedRows.hit(`ip:${ip}`);
      if (fromIp > limits.logUntrustedPerIp + 1) return;
      const total = untrustedRows.hit('*');
      if (total > limits.logUntrustedTotal + 1) return;
      const minutes = Math.round(limits.logWindowMs / 60_000) || 1;
      const note =
        total === limits.logUntrustedTotal + 1
          ? `more than ${limits.logUntrustedTotal} anonymous or refused requests in ${minutes} min: the rest of them are not logged`
          : fromIp === limits.logUntrustedPerIp + 1
            ? `more than ${limits.logUntrustedPerIp} anonymous or refused requests from this IP in ${minutes} min: the rest of them are not logged`
            : undefined;
      if (note) {
        writer.push({ userId: request.user?.id ?? null, action, ip, params: JSON.stringify({ note }) });
        return;
      }
    }
    let paramsMax = untrusted ? limits.logUntrustedParamsMax : limits.logParamsMax;
    if (!untrusted) {
      // A signed-in user, whatever their role, cannot fill the disk either: a few hundred rows per window, and their
      // params at full length only up to a budget per window (then cut short like an anonymous caller's).
      const user = `user:${request.user!.id}`;
      const rows = userRows.hit(user);
      if (rows > limits.logUserPerWindow + 1) return;
      if (rows === limits.logUserPerWindow + 1) {
        const minutes = Math.round(limits.logWindowMs / 60_000) || 1;
        writer.push({
          userId: request.user!.id,
          action,
          ip,
          params: JSON.stringify({
            note: `more than ${limits.logUserPerWindow} requests from this user in ${minutes} min: the rest of them are not logged`,
          }),
        });
        return;
      }
      if (userParams.hit(user, undefined, 0) >= limits.logUserParamsPerWindow)
        paramsMax = Math.min(paramsMax, limits.logUntrustedParamsMax);
    }
    const args = request.method === 'GET' ? request.query : request.body;
    // A plain JSON object body (every key written as it parses) with no secret-looking name anywhere in it is stored
    // as sent; anything else is redacted value by value.
    const plain = request.method === 'GET' ? undefined : request.plainJson;
    const text =
      plain?.trimStart().startsWith('{') && !SECRET_KEY.test(plain)
        ? plain
        : (JSON.stringify(redact(args ?? {})) ?? '{}');
    const params = capParams(text, paramsMax);
    if (!untrusted) userParams.hit(`user:${request.user!.id}`, undefined, params.length);
    writer.push({ userId: request.user?.id ?? null, action, ip, params });
  }
}
