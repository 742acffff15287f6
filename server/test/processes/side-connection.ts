import pg from 'pg';
import mysql from 'mysql2/promise';
import type { TestApp } from '../support/harness.js';

/** A connection of the test's own to the app's database, for locks and for ending the app's connections. */
export type Side = {
  /** Holds a lock until release(): on a whole table, or on one row (`select … for update`). */
  lock(table: string, id?: number): Promise<void>;
  release(): Promise<void>;
  /** The app's connections whose transaction waits for a lock. */
  waiting(): Promise<number[]>;
  /**
   * The app's connections writing a table now: an UPDATE of it, or the `select … for update` an update reads its row
   * with first (its revision, server/core/crud/crud-service.ts findRow). On MariaDB an UPDATE blocked by the row lock was sometimes
   * in state "Updating" (and a locking read in "Sending data") without being listed as LOCK WAIT in innodb_trx (after the PostgreSQL run, in the same test
   * process): it is ended all the same, which is what the test needs (a connection ended mid-transaction).
   */
  updating(table: string): Promise<number[]>;
  /** Runs one statement on this connection (inside what it holds: `begin`, locks, writes, `rollback`). */
  query(text: string): Promise<unknown>;
  /** Ends one of the app's connections from the server side. */
  terminate(id: number): Promise<void>;
  end(): Promise<void>;
};

export async function sideConnection(t: TestApp): Promise<Side> {
  if (t.dialect === 'postgres') {
    const c = new pg.Client({ connectionString: t.url });
    await c.connect();
    return {
      lock: async (table, id) => {
        await c.query('begin');
        await c.query(
          id === undefined
            ? // Writes wait, reads go on (an upload reads its owner's quota from space_info before it stores files).
              `lock table ${table} in exclusive mode`
            : `select id from ${table} where id = ${Number(id)} for update`,
        );
      },
      release: async () => {
        await c.query('rollback');
      },
      waiting: async () =>
        (
          await c.query<{ pid: number }>(
            'select distinct pid from pg_locks where not granted and pid <> pg_backend_pid()',
          )
        ).rows.map((r) => r.pid),
      updating: async (table) =>
        (
          await c.query<{ pid: number }>(
            "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'active' and (query ilike $1 or (query ilike 'select %' and query ilike $2 and query ilike '% for update'))",
            [`update "${table}"%`, `% from "${table}" %`],
          )
        ).rows.map((r) => r.pid),
      terminate: async (pid) => {
        await c.query('select pg_terminate_backend($1)', [pid]);
      },
      query: (text) => c.query(text),
      end: () => c.end(),
    };
  }
  const c = await mysql.createConnection({ uri: t.url });
  let lastTrxRead = 0;
  return {
    lock: async (table, id) => {
      // Writes wait, reads go on (as on PostgreSQL).
      if (id === undefined) await c.query(`lock tables ${table} read`);
      else {
        await c.query('begin');
        await c.query(`select id from ${table} where id = ${Number(id)} for update`);
      }
    },
    release: async () => {
      await c.query('rollback');
      await c.query('unlock tables');
    },
    waiting: async () => {
      // InnoDB refreshes information_schema.innodb_trx only when it was last read more than 0.1 s before: a caller
      // polling faster would keep reading its first look (a transaction that began waiting since never shows).
      const since = Date.now() - lastTrxRead;
      if (since < 110) await new Promise((resolve) => setTimeout(resolve, 110 - since));
      lastTrxRead = Date.now();
      const [rows] =
        await c.query(`select trx_mysql_thread_id as id from information_schema.innodb_trx where trx_state = 'LOCK WAIT'
      union select id from information_schema.processlist where db = database() and id <> connection_id() and state like '%metadata lock%'`);
      return (rows as { id: number }[]).map((r) => Number(r.id));
    },
    updating: async (table) => {
      const [rows] = await c.query(
        `select id from information_schema.processlist where db = database() and id <> connection_id() and command = 'Query'
      and (info like ? or (info like 'select %' and info like ? and info like '% for update'))`,
        [`update \`${table}\`%`, `% from \`${table}\` %`],
      );
      return (rows as { id: number }[]).map((r) => Number(r.id));
    },
    terminate: async (id) => {
      await c.query(`kill ${Number(id)}`);
    },
    query: (text) => c.query(text),
    end: () => c.end(),
  };
}
