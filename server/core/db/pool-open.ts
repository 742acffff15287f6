import type { PoolConnection } from 'mysql2';
import { type Kysely, MysqlDialect, type MysqlPool, PostgresDialect } from 'kysely';
import { queryLog } from './query-log.js';
import type { SystemTables } from './system-tables.generated.js';
import { TrackedKysely } from './transaction-guard.js';

/**
 * The PostgreSQL and MySQL connection pools: their connect and statement timeouts (a request waiting on a paused or
 * unreachable server is answered 503 instead of hanging) and what keeps a lost connection from ending the process.
 */

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

/** A PostgreSQL pool of 10 with the timeouts above; numbers arrive as numbers. */
export async function openPostgres(url: string): Promise<Kysely<SystemTables>> {
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

/** A MySQL/MariaDB pool of 10 with the timeouts above, a bounded wait for a connection and a reply timeout. */
export async function openMysql(url: string): Promise<Kysely<SystemTables>> {
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
