import type { PoolConnection } from 'mysql2';
import fs from 'node:fs';
import path from 'node:path';
import {
  CompiledQuery,
  type Kysely,
  MysqlDialect,
  PostgresDialect,
  SqliteDialect,
  sql,
  type LogEvent,
  type MysqlPool,
} from 'kysely';
import { SqliteLogThread, type LogStatement } from './log-thread.js';
import { TrackedKysely } from './transaction-guard.js';
import type { SystemTables } from './system-tables.generated.js';

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/**
 * The built-in tables, typed from their schemas (`system-tables.generated.ts`): hand-written code gets column names
 * and types checked. Tables of entities added at run time (AI-code page, plugins) are reached through `untyped`
 * (`server/core/crud/dynamic-db.ts`), as the generic crud layer does for every entity.
 */
export type { SystemTables };

export type Database = {
  db: Kysely<SystemTables>;
  dialect: DialectName;
  url: string;
  /**
   * Runs statements (the operation log's INSERTs, with the dialect's placeholders) in one transaction whose last
   * moments a crash may lose. SQLite file: on a connection of its own in a worker thread (`log-thread.ts`), committed
   * with synchronous=NORMAL, so the event loop that answers requests does not pay for the log's B-tree, keyword-index
   * and WAL work; every other write keeps synchronous=FULL on the main connection. If that thread cannot run (or for
   * `:memory:`), on the main connection with synchronous=NORMAL for that one commit. PostgreSQL and MySQL: a
   * transaction like any other.
   */
  writeLog(statements: LogStatement[]): Promise<void>;
  /**
   * SQLite only: runs a read-only statement at once, outside Kysely's queue for the one connection, when no transaction
   * is open on it (another request's open transaction would otherwise let this read see its uncommitted rows);
   * undefined when it cannot (a transaction is open, or not SQLite) — the caller then goes through Kysely.
   */
  readNow?(sqlText: string, params: readonly unknown[]): Record<string, unknown>[] | undefined;
  close(): Promise<void>;
};

type SqliteHandle = import('better-sqlite3').Database;

/**
 * Kysely prepares every query anew; reusing prepared statements by SQL text saves most of that work. When full, the
 * oldest statement made goes (a statement in steady use is made again once, which costs less than keeping the
 * cache in recently-used order on every query).
 */
function withStatementCache(sqlite: SqliteHandle, max = 500) {
  const cache = new Map<string, ReturnType<SqliteHandle['prepare']>>();
  return {
    handle: sqlite,
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      // Kysely begins transactions with a deferred BEGIN. The operation log is written by a second connection (a
      // worker thread): a deferred transaction that read before that connection committed could not write after it
      // (SQLITE_BUSY_SNAPSHOT, no retry). Taking the write lock at BEGIN waits (busy timeout) instead.
      if (sqlText === 'begin') sqlText = 'begin immediate';
      // SQLite ends a transaction by itself when a statement fails with SQLITE_FULL, SQLITE_IOERR or SQLITE_NOMEM;
      // Kysely's ROLLBACK after it would then throw "cannot rollback - no transaction is active" in place of the
      // real cause. With no transaction open there is nothing to roll back: a no-op lets the cause reach the caller.
      if (sqlText === 'rollback' && !sqlite.inTransaction) sqlText = 'select 1 where 0';
      let stmt = cache.get(sqlText);
      if (!stmt) {
        stmt = sqlite.prepare(sqlText);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
        cache.set(sqlText, stmt);
      }
      return stmt;
    },
  };
}

/**
 * JOINERY_SQL_LOG=<file>: every statement run, one JSON line each ({sql, params, ms}) — for benchmarks that replay
 * the page call's SQL by hand, and for looking at what a screen costs. Off by default.
 */
function queryLog(): { log?: (event: LogEvent) => void } {
  const file = process.env.JOINERY_SQL_LOG;
  if (!file) return {};
  return {
    log: (event) => {
      if (event.level !== 'query') return;
      fs.appendFileSync(
        file,
        `${JSON.stringify({ sql: event.query.sql, params: event.query.parameters, ms: event.queryDurationMillis })}\n`,
      );
    },
  };
}

type SqliteStatement = ReturnType<SqliteHandle['prepare']>;
type RowBuilder = (values: unknown[]) => Record<string, unknown>;

/**
 * A function that makes a row object from a statement's raw values, compiled once per statement from its column
 * names: every row of a statement then gets one object shape (better-sqlite3 adds the columns one by one, which costs
 * more to make and later to serialise). Null where the driver's own objects are used: a statement whose columns
 * may change under it (`*` follows the table's columns, and the statement is re-prepared when the schema changes) or
 * a column named `__proto__` (an object literal would set the prototype).
 */
const rowBuilders = new WeakMap<SqliteStatement, RowBuilder | null>();
function rowBuilder(stmt: SqliteStatement, sqlText: string): RowBuilder | null {
  let build = rowBuilders.get(stmt);
  if (build === undefined) {
    const names = /\bselect\s+\*|\.\*/i.test(sqlText) ? undefined : stmt.columns().map((c) => c.name);
    build =
      !names || names.includes('__proto__')
        ? null
        : // Keys are JSON string literals (valid JavaScript string literals); values are read by position.
          (new Function(
            'v',
            `return {${names.map((n, i) => `${JSON.stringify(n)}: v[${i}]`).join(', ')}};`,
          ) as RowBuilder);
    rowBuilders.set(stmt, build);
  }
  return build;
}

/** All rows of a read statement, as objects (one shape per statement where it can). */
function allRows(stmt: SqliteStatement, sqlText: string, params: readonly unknown[]): Record<string, unknown>[] {
  const build = rowBuilder(stmt, sqlText);
  if (!build) return stmt.all(params) as Record<string, unknown>[];
  // The statement is shared with Kysely (the statement cache): raw mode only for this synchronous call.
  stmt.raw(true);
  try {
    return (stmt.all(params) as unknown[][]).map(build);
  } finally {
    stmt.raw(false);
  }
}

/** Database.readNow for one SQLite connection (the statement cache's), logged like Kysely's queries. */
function sqliteReadNow(statements: ReturnType<typeof withStatementCache>): NonNullable<Database['readNow']> {
  const { log } = queryLog();
  return (sqlText, params) => {
    if (statements.handle.inTransaction) return undefined;
    const stmt = statements.prepare(sqlText);
    if (!stmt.reader || !stmt.readonly) return undefined;
    if (!log) return allRows(stmt, sqlText, params);
    const started = performance.now();
    const rows = allRows(stmt, sqlText, params);
    log({
      level: 'query',
      query: { sql: sqlText, parameters: params, query: undefined as never, queryId: undefined as never },
      queryDurationMillis: performance.now() - started,
    });
    return rows;
  };
}

async function openSqlite(
  file: string,
): Promise<{ db: Kysely<SystemTables>; readNow: NonNullable<Database['readNow']> }> {
  const { default: SQLite } = await import('better-sqlite3');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const statements = withStatementCache(sqlite);
  return {
    db: new TrackedKysely<SystemTables>({ dialect: new SqliteDialect({ database: statements }), ...queryLog() }),
    readNow: sqliteReadNow(statements),
  };
}

/**
 * JOINERY_DB_CONNECT_TIMEOUT_MS (default 5000): how long a request waits to open a connection or, on PostgreSQL, to
 * be given one by the pool; JOINERY_DB_STATEMENT_TIMEOUT_MS (default 60000): the longest statement (PostgreSQL).
 * After either the request is answered 503.
 */
export function databaseTimeouts(env: NodeJS.ProcessEnv = process.env): { connectMs: number; statementMs: number } {
  const read = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 100 || n > 3_600_000)
      throw new Error(`${name} must be a whole number of milliseconds from 100 to 3600000, got "${raw}"`);
    return n;
  };
  return {
    connectMs: read('JOINERY_DB_CONNECT_TIMEOUT_MS', 5000),
    statementMs: read('JOINERY_DB_STATEMENT_TIMEOUT_MS', 60_000),
  };
}

async function openPostgres(url: string): Promise<Kysely<SystemTables>> {
  const pg = await import('pg');
  // int8 and numeric arrive as strings by default; our columns fit in a double.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  pg.default.types.setTypeParser(1700, (v: string) => Number(v));
  const t = databaseTimeouts();
  const pool = new pg.default.Pool({
    connectionString: url,
    max: 10,
    // Waiting for a free connection and opening one (a paused or unreachable server) both end after this: the
    // request is answered 503 instead of hanging.
    connectionTimeoutMillis: t.connectMs,
    // The server ends a statement that runs longer (57014), and the client gives up on a server that stopped
    // answering a little later; either way the request is answered 503.
    statement_timeout: t.statementMs,
    query_timeout: t.statementMs + 5000,
    keepAlive: true,
  });
  // An idle connection the server ends (restart, failover, idle timeout, DROP DATABASE … FORCE) is reported here;
  // without a listener node treats it as an unhandled 'error' event and the whole process exits. The pool replaces it.
  pool.on('error', (error) => console.error('PostgreSQL connection lost while idle:', error.message));
  // The same for a connection that is checked out (a request's transaction) when the server ends it: the pool listens
  // only to idle ones. The query under way fails with the cause (answered 503) and the pool drops the connection.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.error('PostgreSQL connection lost while in use:', error.message));
  });
  return new TrackedKysely<SystemTables>({ dialect: new PostgresDialect({ pool }), ...queryLog() });
}

async function openMysql(url: string): Promise<Kysely<SystemTables>> {
  const mysql = await import('mysql2');
  const t = databaseTimeouts();
  const pool = mysql.createPool({
    uri: url,
    connectionLimit: 10,
    decimalNumbers: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    dateStrings: true,
    connectTimeout: t.connectMs,
    enableKeepAlive: true,
  });
  // The longest statement, lock waits included: MariaDB's max_statement_time (seconds), else MySQL's
  // max_execution_time (ms, SELECTs only). Queued on a new connection before its first use.
  pool.on('connection', (connection) => {
    connection.query(`set session max_statement_time = ${t.statementMs / 1000}`, (error) => {
      if (error) connection.query(`set session max_execution_time = ${t.statementMs}`, () => undefined);
    });
  });
  // mysql2's pool queues a request for a connection without end; after connectMs the request is answered 503 instead
  // (a connection given later goes straight back to the pool).
  const bounded: MysqlPool = {
    getConnection(callback) {
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        callback(
          Object.assign(new Error(`no MySQL connection was free within ${t.connectMs} ms`), { code: 'ETIMEDOUT' }),
          undefined as never,
        );
      }, t.connectMs);
      pool.getConnection((error, connection) => {
        if (settled) {
          if (!error) connection.release();
          return;
        }
        settled = true;
        clearTimeout(timer);
        callback(error, (error ? connection : answerWithin(connection, t.statementMs + 5000)) as never);
      });
    },
    end: (callback) => pool.end(callback),
  };
  return new TrackedKysely<SystemTables>({ dialect: new MysqlDialect({ pool: bounded }), ...queryLog() });
}

/**
 * A pooled MySQL connection whose statements give up when the server sends nothing back for `ms` (a paused or
 * partitioned server: max_statement_time runs on the server, which then answers nothing). A connection that timed
 * out is destroyed instead of going back to the pool, where its stuck command would hold every later statement.
 */
function answerWithin(connection: PoolConnection, ms: number): PoolConnection {
  let stuck = false;
  return new Proxy(connection, {
    get(target, key, receiver) {
      if (key === 'query')
        return (sqlText: unknown, values: unknown, callback?: (error: unknown, ...rest: unknown[]) => void) => {
          const options = typeof sqlText === 'string' ? { sql: sqlText, timeout: ms } : sqlText;
          if (!callback) return target.query(options as never, values as never);
          return target.query(options as never, values as never, (error: unknown, ...rest: unknown[]) => {
            if ((error as { code?: string } | null)?.code === 'PROTOCOL_SEQUENCE_TIMEOUT') stuck = true;
            callback(error, ...rest);
          });
        };
      if (key === 'release') return () => (stuck ? target.destroy() : target.release());
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Opens the database named by a URL: sqlite:<file>, sqlite::memory:, postgres://…, mysql://…. */
export async function openDatabase(url: string): Promise<Database> {
  let db: Kysely<SystemTables>;
  let dialect: DialectName;
  let readNow: Database['readNow'];
  if (url.startsWith('sqlite:')) {
    ({ db, readNow } = await openSqlite(url.slice('sqlite:'.length)));
    dialect = 'sqlite';
  } else if (/^postgres(ql)?:\/\//.test(url)) {
    db = await openPostgres(url);
    dialect = 'postgres';
  } else if (/^mysql:\/\//.test(url)) {
    db = await openMysql(url);
    dialect = 'mysql';
  } else {
    throw new Error(`DATABASE_URL "${url}" is not understood: use sqlite:<file>, postgres://… or mysql://…`);
  }
  const runAll = (on: Kysely<SystemTables>, statements: LogStatement[]) =>
    on.transaction().execute(async (trx) => {
      for (const [text, params] of statements) await trx.executeQuery(CompiledQuery.raw(text, [...params]));
    });
  const relaxed =
    dialect === 'sqlite'
      ? // One connection held for the three statements, so no other write can commit while the setting is relaxed.
        (statements: LogStatement[]) =>
          db.connection().execute(async (c) => {
            await sql`pragma synchronous = NORMAL`.execute(c);
            try {
              await runAll(c, statements);
            } finally {
              await sql`pragma synchronous = FULL`.execute(c);
            }
          })
      : (statements: LogStatement[]) => runAll(db, statements);
  const file = dialect === 'sqlite' ? url.slice('sqlite:'.length) : '';
  const thread = file !== '' && file !== ':memory:' ? new SqliteLogThread(file) : undefined;
  const writeLog = async (statements: LogStatement[]) => {
    if (thread && !thread.broken) {
      try {
        return await thread.write(statements);
      } catch (error) {
        // A statement that failed is reported; a thread that is gone leaves the batch to the main connection.
        if (!thread.broken) throw error;
      }
    }
    await relaxed(statements);
  };
  return {
    db,
    dialect,
    url,
    writeLog,
    readNow,
    close: async () => {
      await thread?.close();
      await db.destroy();
    },
  };
}
