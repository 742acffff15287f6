import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, SqliteDialect } from 'kysely';
import type { Database } from './database.js';
import { queryLog } from './query-log.js';
import type { SystemTables } from './system-tables.generated.js';
import { TrackedKysely } from './transaction-guard.js';

/**
 * The SQLite connection (better-sqlite3): its pragmas, a statement cache by SQL text, and `readNow` — reads run at
 * once outside Kysely's queue, with rows built in one object shape per statement.
 */

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

/** Opens a SQLite file (WAL, synchronous=FULL, foreign keys, 5 s busy timeout) with its statement cache. */
export async function openSqlite(
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
