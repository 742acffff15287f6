import { CompiledQuery, type Kysely, sql } from 'kysely';
import { SqliteLogThread, type LogStatement } from './log-thread.js';
import { openMysql, openPostgres } from './pool-open.js';
import { openSqlite } from './sqlite-open.js';
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
