import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../core/db/database.js';
import { SqliteLogThread } from '../../core/db/log-thread.js';

// SQLite only: the operation log's second connection (a worker thread) beside the main one, and rows read at once.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const opened: { database: Database; dir: string }[] = [];
afterEach(async () => {
  for (const { database, dir } of opened.splice(0)) {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

async function fileDatabase(): Promise<Database> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-conn-'));
  const database = await openDatabase(`sqlite:${path.join(dir, 'x.db')}`);
  opened.push({ database, dir });
  await sql`create table t (id integer primary key, n integer not null)`.execute(database.db);
  await sql`create table l (id integer primary key autoincrement, x text not null)`.execute(database.db);
  await sql`insert into t (id, n) values (1, 0)`.execute(database.db);
  return database;
}

const count = async (database: Database, table: 'l' | 't') =>
  Number((await sql<{ c: number }>`select count(*) as c from ${sql.table(table)}`.execute(database.db)).rows[0].c);
const counter = async (database: Database) =>
  Number((await sql<{ n: number }>`select n from t where id = 1`.execute(database.db)).rows[0].n);

describe('SQLite: the log written by its own thread beside the main connection', () => {
  it('a transaction that reads, lets the log thread try to commit, then writes, still commits (and so does the log)', async () => {
    const database = await fileDatabase();
    let logged: Promise<void> | undefined;
    await database.db.transaction().execute(async (trx) => {
      const before = Number((await sql<{ n: number }>`select n from t where id = 1`.execute(trx)).rows[0].n);
      logged = database.writeLog([['insert into l (x) values (?)', ['during']]]);
      // Long enough for the thread to commit if nothing held it back: a deferred BEGIN would then fail the UPDATE
      // below with SQLITE_BUSY_SNAPSHOT (its snapshot predates the thread's commit).
      await sleep(300);
      await sql`update t set n = ${before + 1} where id = 1`.execute(trx);
    });
    await logged;
    expect(await counter(database)).toBe(1);
    expect(await count(database, 'l')).toBe(1);
  });

  it('any mix of concurrent read-then-write transactions and log batches: every call succeeds, nothing is lost or doubled', async () => {
    const database = await fileDatabase();
    let increments = 0;
    let rows = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('tx' as const), pause: fc.integer({ min: 0, max: 15 }) }),
            fc.record({ kind: fc.constant('log' as const), size: fc.integer({ min: 1, max: 70 }) }),
          ),
          { minLength: 1, maxLength: 12 },
        ),
        async (calls) => {
          await Promise.all(
            calls.map(async (call) => {
              if (call.kind === 'log') {
                rows += call.size;
                await database.writeLog(
                  Array.from({ length: call.size }, (_, i) => ['insert into l (x) values (?)', [`row ${i}`]] as const),
                );
                return;
              }
              increments++;
              await database.db.transaction().execute(async (trx) => {
                const n = Number((await sql<{ n: number }>`select n from t where id = 1`.execute(trx)).rows[0].n);
                await sleep(call.pause);
                await sql`update t set n = ${n + 1} where id = 1`.execute(trx);
              });
            }),
          );
          expect(await counter(database)).toBe(increments);
          expect(await count(database, 'l')).toBe(rows);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('an in-memory database writes its log on the main connection', async () => {
    const database = await openDatabase('sqlite::memory:');
    opened.push({ database, dir: fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-conn-')) });
    await sql`create table l (id integer primary key autoincrement, x text not null)`.execute(database.db);
    await database.writeLog([
      ['insert into l (x) values (?)', ['a']],
      ['insert into l (x) values (?)', ['b']],
    ]);
    expect(await count(database, 'l')).toBe(2);
  });

  it('a log thread that cannot run says so once on the console and refuses its batches (they go to the main connection)', async () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const thread = new SqliteLogThread(path.join(os.tmpdir(), `joinery-no-such-dir-${process.pid}`, 'x.db'));
      await expect(thread.write([['select 1', []]])).rejects.toThrow();
      expect(thread.broken).toBe(true);
      await expect(thread.write([['select 1', []]])).rejects.toThrow();
      await sleep(50);
      const lines = said.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('operation log thread ended'));
      expect(lines).toHaveLength(1);
      await thread.close();
      expect(
        said.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('operation log thread ended')),
      ).toHaveLength(1);
    } finally {
      said.mockRestore();
    }
  });

  it('closing a database whose log thread ran lets its process end by itself, with every batch sent written', () => {
    // A shutting-down server awaits this close with nothing else to keep it alive: an unreferenced thread made the
    // process end mid-close (code 13, unsettled await), before the last batch and the rest of the shutdown.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-conn-'));
    try {
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'log-close-child.ts'), path.join(dir, 'x.db')],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(child.stderr).toBe('');
      expect(child.status).toBe(0);
      expect(JSON.parse(child.stdout)).toEqual({ rows: 2 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rows read at once have the same columns, order and values as through Kysely, and follow a table change', async () => {
    const database = await fileDatabase();
    await sql`create table p (id integer primary key, name text, "__note" text, price real, data blob)`.execute(
      database.db,
    );
    await sql`insert into p values (1, 'a', null, 1.5, x'00ff'), (2, '木', 'x', null, null)`.execute(database.db);
    const text =
      'select "p"."id", "p"."name", "p"."__note", "p"."price", "p"."data", "p"."name" as "again" from "p" order by "p"."id"';
    const through = (await sql.raw(text).execute(database.db)).rows as Record<string, unknown>[];
    const now = database.readNow?.(text, []);
    expect(now).toEqual(through);
    expect(now?.map((r) => Object.keys(r))).toEqual(through.map((r) => Object.keys(r)));
    // `*` follows the table's columns: a column added later is in the next read.
    expect(Object.keys(database.readNow?.('select * from "p"', [])?.[0] ?? {})).toEqual([
      'id',
      'name',
      '__note',
      'price',
      'data',
    ]);
    await sql`alter table p add column extra text`.execute(database.db);
    expect(Object.keys(database.readNow?.('select * from "p"', [])?.[0] ?? {})).toEqual([
      'id',
      'name',
      '__note',
      'price',
      'data',
      'extra',
    ]);
    // A column named __proto__ never becomes the row's prototype: the row is what the driver makes of it.
    const odd = 'select 1 as "__proto__", 2 as "b"';
    const oddNow = database.readNow?.(odd, []);
    expect(Object.getPrototypeOf(oddNow?.[0])).toBe(Object.prototype);
    expect(oddNow).toEqual((await sql.raw(odd).execute(database.db)).rows);
  });
});
