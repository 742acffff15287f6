import { type AppError, appError, E } from '../errors.js';
import { isRolledBackToRetry } from './contention.js';

/**
 * Errors that say the database cannot be reached or cannot write right now (not that the request was wrong): a
 * connection the server ended (restart, failover, `pg_terminate_backend`, idle-in-transaction timeout), a refused or
 * timed-out connect, a pool that had no connection to give within its acquire timeout, a dropped database, SQLite's
 * full disk, read-only or unreadable file, a lock not granted within the busy timeout, a deadlock that a write met
 * each time it was run (contention.ts). They are answered 503 in the envelope (the client may try again), never 500;
 * the log keeps the driver's own message and code.
 */
const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** mysql2's own codes for a lost or refused connection, and MySQL server errors meaning the same. */
const MYSQL_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_BAD_DB_ERROR',
  'ER_CONNECTION_KILLED',
  'ER_QUERY_INTERRUPTED',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_SERVER_GONE_ERROR',
  'ER_SERVER_LOST',
  'ER_OPTION_PREVENTS_STATEMENT',
]);
/** PostgreSQL SQLSTATEs: 08 connection exceptions, 57P01-03 (admin shutdown / crash shutdown / cannot connect now), 3D000 no such database, 53300 too many connections, 57014 statement timeout, 25006 read-only transaction. */
const PG_STATES = /^(08...|57P0[1-3]|3D000|53300|57014|25006)$/;
/** pg's client-side messages when the socket ends or a timeout fires (they carry no code). */
const PG_MESSAGES =
  /^(Connection terminated|Client was closed and is not queryable|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection terminated due to connection timeout|Cannot use a pool after calling end)/;
/** SQLite result codes (better-sqlite3 puts them in `code`). */
const SQLITE_CODES = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY|LOCKED|NOTADB|CORRUPT|PERM)/;

export type Unavailable = { cause: string };

/** The reason the database failed, when the failure is the database's state rather than the request. */
export function databaseUnavailable(error: unknown): Unavailable | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = String((error as { code?: unknown }).code ?? '');
  const withCode = (what: string) => ({ cause: code ? `${what} (${code})` : what });
  if (SQLITE_CODES.test(code)) return withCode(error.message);
  if (NODE_CODES.has(code) || MYSQL_CODES.has(code)) return withCode(error.message);
  if (PG_STATES.test(code) && 'severity' in error) return withCode(error.message);
  if (PG_MESSAGES.test(error.message)) return { cause: error.message };
  // A deadlock met on every attempt of a write (contention.ts writeWithRetry).
  if (isRolledBackToRetry(error)) return { cause: `${error.message} (${code || 'deadlock'})` };
  // A statement stopped by max_statement_time (MariaDB 1969, which mysql2 has no name for) or max_execution_time (MySQL 3024).
  const errno = (error as { errno?: unknown }).errno;
  if ((errno === 1969 || errno === 3024) && 'sqlState' in error) return { cause: `${error.message} (errno ${errno})` };
  // mysql2 marks a failure of the connection itself `fatal` (the ROLLBACK after a lost connection fails with "Can't add
  // new command when connection is in closed state", fatal, without a code).
  if ((error as { fatal?: unknown }).fatal === true) return withCode(error.message);
  return undefined;
}

/** The 503 a request gets when the database is unavailable (SQLite's full disk and read-only file named as such). */
export function unavailableError(error: unknown): AppError {
  // A deadlock still there after the write was run again (contention.ts): nothing was saved, and trying again helps.
  if (isRolledBackToRetry(error)) return appError(E.DB_WRITE_MET_ANOTHER);
  const code = String((error as { code?: unknown }).code ?? '');
  if (code === 'SQLITE_FULL') return appError(E.DB_DISK_FULL);
  return appError(code.startsWith('SQLITE_READONLY') ? E.DB_READ_ONLY : E.DB_UNAVAILABLE);
}
