import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { batchedLines } from './core/http/request-log.js';

const config = readConfig();
const asked = Number(process.env.JOINERY_WORKERS ?? 1);
const workers = Number.isInteger(asked) && asked > 0 ? Math.min(asked, 64) : 1;
const sqlite = config.databaseUrl.startsWith('sqlite');

/** JOINERY_LOG: `info` (default) logs every request to stdout; `warn` only warnings and errors (the operation log still records every call). */
const level =
  process.env.JOINERY_LOG === 'warn' || process.env.JOINERY_LOG === 'error' ? process.env.JOINERY_LOG : 'info';

/** One server process: builds the app and listens (a cluster worker shares the primary's port). */
async function serve(options: { seed?: boolean } = {}): Promise<void> {
  const app = await buildApp({ logger: { stream: batchedLines(process.stdout), level }, ...options });
  await app.listen({ port: config.port, host: config.host });
  if (level !== 'info') console.log(`Joinery listening on http://${config.host}:${config.port}`);
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= shutDown(app);
    return stopping;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop());
  // Started by `npm start` (scripts/start.mjs) with an IPC channel: when the launcher goes away (npm killed by the
  // container's SIGTERM, a crash), the server stops too rather than running on unowned.
  if (process.connected) process.once('disconnect', () => void stop());
}

/**
 * JOINERY_SHUTDOWN_GRACE_MS (default 10000): how long SIGTERM/SIGINT waits for requests under way before the
 * connections left are closed.
 */
function shutdownGrace(): number {
  const raw = process.env.JOINERY_SHUTDOWN_GRACE_MS;
  const n = raw === undefined || raw === '' ? 10_000 : Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 600_000) {
    console.warn(
      `JOINERY_SHUTDOWN_GRACE_MS must be a whole number of milliseconds up to 600000, got "${raw}"; using 10000`,
    );
    return 10_000;
  }
  return n;
}

/**
 * Stops one server process: no new connections; requests under way are answered (with `Connection: close`, app.ts)
 * and idle keep-alive connections are closed as soon as they are idle; after the grace the connections left are cut.
 * Then the scheduler stops (a run under way finishes and logs), the operation log is written, the pools close, exit 0.
 * A process that still has not closed 5 s after the grace exits 1.
 */
async function shutDown(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  const grace = shutdownGrace();
  const idle = setInterval(() => app.server.closeIdleConnections(), 50);
  const cut = setTimeout(() => {
    app.log.warn(`shutdown: requests still under way after ${grace} ms; closing their connections`);
    app.server.closeAllConnections();
  }, grace);
  const give = setTimeout(() => {
    console.error('Joinery did not stop in time; exiting');
    process.exit(1);
  }, grace + 5000);
  give.unref();
  try {
    await app.close();
  } catch (error) {
    console.error(`Joinery stopped with an error: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
  process.exit(process.exitCode ?? 0);
}

/**
 * JOINERY_WORKERS=N on PostgreSQL or MySQL: N processes on one port (node:cluster). The primary prepares the database
 * once (tables, first seed) before forking, so the workers never race to seed; a worker that dies is replaced.
 * Caches, the scheduler lease and plugins follow each other through the database (see README).
 */
async function primary(): Promise<void> {
  const prepare = await buildApp({ logger: false, scheduler: false });
  await prepare.close();
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork({ JOINERY_WORKER_INDEX: String(i) });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`Joinery worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    const all = Object.values(cluster.workers ?? {});
    let left = all.length;
    if (left === 0) process.exit(0);
    for (const w of all) {
      w?.once('exit', () => {
        if (--left === 0) process.exit(0);
      });
      w?.process.kill('SIGTERM');
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stopAll);
  // Started by `npm start` with an IPC channel: the workers stop when the launcher goes away (see serve()).
  if (process.connected) process.once('disconnect', stopAll);
  console.log(`Joinery: ${workers} workers on port ${config.port}`);
}

try {
  if (cluster.isPrimary && workers > 1 && sqlite) {
    console.warn(
      `JOINERY_WORKERS=${workers} is ignored: SQLite has one writer, so Joinery runs one process on it. Use PostgreSQL or MySQL (DATABASE_URL) for several workers.`,
    );
    await serve();
  } else if (cluster.isPrimary && workers > 1) {
    await primary();
  } else {
    await serve(cluster.isWorker ? { seed: false } : {});
  }
} catch (error) {
  console.error(`Joinery could not start: ${(error as Error).message}`);
  process.exit(1);
}
