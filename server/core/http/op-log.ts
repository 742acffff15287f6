import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { nowText } from '../db/time.js';
import { untyped } from '../crud/dynamic-db.js';

/** Argument names whose values are never written anywhere (operation log, request log). */
export const SECRET_KEY = /pass(word)?|token|secret|verifycode|captcha|authorization/i;
const MAX_PARAMS = 10_000;

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

type LogRow = { userId: number | null; action: string; ip: string; params: string; createTime: string; updateTime: string };

/** Writes the operation log in small batches so a busy server does one transaction per batch, not per request. */
export class OpLogWriter {
  private queue: LogRow[] = [];
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly database: Database, private readonly delayMs = 200) {}

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
      try {
        await untyped(this.database.db).insertInto('base_sys_log').values(batch).execute();
      } catch (error) {
        // The log must never take a request down; report it on the console instead.
        console.error('operation log write failed', error);
      }
    });
    return this.flushing;
  }
}

/** Logs every /admin request after it is answered (who, path, IP, redacted arguments). */
export function installOpLog(app: FastifyInstance, writer: OpLogWriter): void {
  app.addHook('onResponse', async (request) => {
    const path = request.url.split('?')[0];
    if (!path.startsWith('/admin/')) return;
    const args = request.method === 'GET' ? request.query : request.body;
    let params = JSON.stringify(redact(args ?? {})) ?? '{}';
    if (params.length > MAX_PARAMS) params = JSON.stringify({ truncated: params.slice(0, MAX_PARAMS) });
    writer.push({ userId: request.user?.id ?? null, action: path.slice(0, 255), ip: request.ip.slice(0, 50), params });
  });
}
