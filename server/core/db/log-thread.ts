import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** One statement for the log thread: SQL text with `?` placeholders and its values. */
export type LogStatement = readonly [sql: string, params: readonly unknown[]];

/**
 * The worker's code. It is plain JavaScript run with `eval` (the same text under Vitest's TypeScript sources and in
 * the bundled server; no second entry file to build). It opens its own connection to the database file and runs each
 * batch it is sent in one `BEGIN IMMEDIATE` transaction, with synchronous=NORMAL (a crash may lose the last commits of
 * this connection, never another connection's), and answers `{ id }` or `{ id, error }`.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = ' + workerData.busyMs);
db.pragma('synchronous = NORMAL');
const prepared = new Map();
parentPort.on('message', (message) => {
  if (message.close) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    db.exec('begin immediate');
    try {
      for (const [text, params] of message.statements) {
        let stmt = prepared.get(text);
        if (!stmt) prepared.set(text, (stmt = db.prepare(text)));
        const started = workerData.sqlLog ? performance.now() : 0;
        stmt.run(params);
        if (workerData.sqlLog) fs.appendFileSync(workerData.sqlLog, JSON.stringify({ sql: text, params, ms: performance.now() - started }) + '\\n');
      }
      db.exec('commit');
    } catch (error) {
      if (db.inTransaction) db.exec('rollback');
      throw error;
    }
    parentPort.postMessage({ id: message.id });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: String((error && error.message) || error) });
  }
});
`;

/**
 * Writes batches of statements to a SQLite file from a worker thread, on a connection of its own, so their cost
 * (B-tree and keyword-index updates, WAL writes, checkpoints) is not paid on the event loop that answers requests.
 *
 * The main connection must then begin every transaction with `BEGIN IMMEDIATE` (sqlite-open.ts does): a deferred
 * transaction that read before this thread committed could not write afterwards (SQLITE_BUSY_SNAPSHOT). Each side
 * waits for the other's write lock through its busy timeout; a batch holds it for a few milliseconds.
 */
export class SqliteLogThread {
  private worker?: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private failed?: Error;

  constructor(
    private readonly file: string,
    private readonly busyMs = 30_000,
  ) {}

  /** True once the thread has ended (it failed to start or died, or was closed): batches go elsewhere. */
  get broken(): boolean {
    return this.failed !== undefined;
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        file: this.file,
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        busyMs: this.busyMs,
        sqlLog: process.env.JOINERY_SQL_LOG,
      },
    });
    // The thread never keeps the process alive; close() drains it first where that matters.
    worker.unref();
    worker.on('message', (answer: { id: number; error?: string }) => {
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (answer.error === undefined) waiting?.resolve();
      else waiting?.reject(new Error(answer.error));
    });
    const gone = (error: Error) => {
      // Said once, unless close() ended it: from here the log's batches go to the main connection.
      if (!this.failed)
        console.error(`operation log thread ended (${error.message}); log rows are written on the main connection`);
      this.failed = error;
      this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`log thread exited (${code})`)));
    return worker;
  }

  /** Runs the statements in one transaction on the thread's connection; resolves when committed. */
  write(statements: LogStatement[]): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (!this.worker) this.worker = this.start();
    const worker = this.worker;
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, statements });
    });
  }

  /** Ends the thread after the batches sent so far (it closes its connection). */
  async close(): Promise<void> {
    const worker = this.worker;
    // Closed for good: a batch sent after this (a late request's row) goes to the main connection, not a new thread.
    this.failed = new Error('log thread closed');
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    // Held now: with nothing else left to do (a server shutting down), the process would otherwise end before the
    // thread has written its last batches and closed its connection (an unsettled await, exit code 13).
    worker.ref();
    worker.postMessage({ close: true });
    await exited;
  }
}
