import { sql } from 'kysely';
import type { Entity } from '../registry/entity-types.js';
import type { Database } from './database.js';
import { bq, DELTAS, lit } from './row-count-sql.js';

/**
 * The kept row counts on MySQL and MariaDB (see row-count.ts): row triggers insert one `joinery_row_delta` row per
 * written row and key; a compaction folds a table's rows into one per key, in steps.
 */

/** Rows one compaction step takes on MySQL (ids are listed in the statement). */
const MYSQL_COMPACT_STEP = 5000;

/**
 * The row triggers. Each delta is its own single-row `INSERT … VALUES` (skipped for a NULL value, which no key
 * counts): an `INSERT … SELECT` is a bulk insert to InnoDB, which then holds the table's AUTO-INC lock to the end of
 * the whole statement that fired the trigger — a `delete from base_sys_log` of thousands of rows held it while it
 * waited for a row lock of a writer that itself waited for AUTO-INC: a deadlock that failed the op log's write and a
 * compaction with "Failed to read auto-increment value" (seen in the permission matrix). Single-row inserts take the
 * counter under a short mutex (innodb_autoinc_lock_mode 1, the default, and 2) and hold nothing.
 */
function mysqlTriggers(table: string, fields: string[]): { name: string; event: string; body: string }[] {
  const insert = (key: string, sign: 1 | -1) =>
    `INSERT INTO ${DELTAS} (tbl, k, n) VALUES (${lit(table)}, ${key}, ${sign})`;
  const deltas = (row: 'NEW' | 'OLD', sign: 1 | -1) =>
    fields.map(
      (f) => `IF ${row}.${bq(f)} IS NOT NULL THEN ${insert(`CONCAT(${lit(`${f}=`)}, ${row}.${bq(f)})`, sign)}; END IF;`,
    );
  const body = (statements: string[]) => `BEGIN ${statements.join(' ')} END`;
  const out = [
    { name: `${table.slice(0, 56)}__n_ai`, event: 'INSERT', body: body([`${insert("''", 1)};`, ...deltas('NEW', 1)]) },
    {
      name: `${table.slice(0, 56)}__n_ad`,
      event: 'DELETE',
      body: body([`${insert("''", -1)};`, ...deltas('OLD', -1)]),
    },
  ];
  if (fields.length) {
    const changed = fields.map((f) => `NOT (OLD.${bq(f)} <=> NEW.${bq(f)})`).join(' OR ');
    // Both sides of every counted field, when one of them changed; an unchanged field adds -1 and +1 to the same key.
    out.push({
      name: `${table.slice(0, 56)}__n_au`,
      event: 'UPDATE',
      body: body([`IF ${changed} THEN ${[...deltas('OLD', -1), ...deltas('NEW', 1)].join(' ')} END IF;`]),
    });
  }
  return out;
}

/** Makes (or remakes) the delta table and triggers of one table, recounting it, unless already as wanted. */
export async function ensureMysql(
  database: Database,
  entity: Entity,
  fields: string[],
  tableOptions: string,
): Promise<void> {
  const { db } = database;
  const table = entity.table;
  const want = mysqlTriggers(table, fields);
  await sql
    .raw(
      `create table if not exists ${DELTAS} (id bigint not null auto_increment primary key, tbl varchar(64) not null, k varchar(191) not null, n bigint not null, key ${DELTAS}_tbl (tbl, k, n)) ${tableOptions}`,
    )
    .execute(db);
  const check = async (c: Database['db']) => {
    const found = await sql<{
      name: string;
      body: string;
    }>`select trigger_name as name, action_statement as body from information_schema.triggers
      where event_object_schema = database() and event_object_table = ${table} and trigger_name like ${`${table.slice(0, 56)}\\_\\_n\\_%`}`.execute(
      c,
    );
    const seeded = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(DELTAS)} where tbl = ${table} and k = ''`.execute(c);
    return (
      found.rows.length === want.length &&
      Number(seeded.rows[0]?.n) > 0 &&
      want.every((t) => found.rows.some((r) => r.name === t.name && r.body === t.body))
    );
  };
  if (await check(db)) return;
  // MySQL commits around CREATE TRIGGER, so the table locks (not a transaction) keep writers out until the recount is
  // in: other servers starting together wait here too, and find the work done.
  await db.connection().execute(async (c) => {
    await sql.raw(`lock tables ${bq(table)} write, ${DELTAS} write`).execute(c);
    try {
      if (await check(c)) return;
      for (const suffix of ['ai', 'ad', 'au'])
        await sql.raw(`drop trigger if exists ${bq(`${table.slice(0, 56)}__n_${suffix}`)}`).execute(c);
      for (const t of want)
        await sql
          .raw(`create trigger ${bq(t.name)} after ${t.event} on ${bq(table)} for each row ${t.body}`)
          .execute(c);
      await sql`delete from ${sql.table(DELTAS)} where tbl = ${table}`.execute(c);
      await sql`insert into ${sql.table(DELTAS)} (tbl, k, n) select ${table}, '', count(*) from ${sql.table(table)}`.execute(
        c,
      );
      for (const f of fields) {
        await sql
          .raw(
            `insert into ${DELTAS} (tbl, k, n) select ${lit(table)}, concat(${lit(`${f}=`)}, ${bq(f)}), count(*) from ${bq(table)} where ${bq(f)} is not null group by ${bq(f)}`,
          )
          .execute(c);
      }
    } finally {
      await sql.raw('unlock tables').execute(c);
    }
  });
}

/**
 * Steps of: lock what can be locked without waiting (READ COMMITTED: no gap locks, so a writer's insert never waits
 * on a compaction), delete those rows by id and add their sums, commit.
 *
 * The DELETE must read no row but those it locked: InnoDB locks every row a DELETE reads (no semi-consistent read as
 * an UPDATE has), and reading an open writer's uncommitted delta row waits for that writer to end. `WHERE id IN (…)`
 * does not ensure it: where the ids are a good part of the table (a compacted delta table is small: one row per key),
 * MariaDB 10.11 scans the whole table, and a single-table DELETE takes no index hint (the multi-table form kept the
 * scan under FORCE INDEX). So the ids come from JSON_TABLE (MariaDB 10.6, MySQL 8.0.4; SKIP LOCKED needs as much) and
 * STRAIGHT_JOIN reaches each of their rows by its primary key (eq_ref), and no other row.
 */
export async function compactMysql(database: Database, table: string): Promise<void> {
  await database.db.connection().execute(async (c) => {
    for (;;) {
      const more = await c
        .transaction()
        .setIsolationLevel('read committed')
        .execute(async (trx) => {
          const rows = await sql<{
            id: number;
            k: string;
            n: number;
          }>`select id, k, n from ${sql.table(DELTAS)} where tbl = ${table} order by id limit ${MYSQL_COMPACT_STEP} for update skip locked`.execute(
            trx,
          );
          if (rows.rows.length < 2) return false;
          const sums = new Map<string, number>();
          for (const r of rows.rows) sums.set(r.k, (sums.get(r.k) ?? 0) + Number(r.n));
          await sql`delete d from json_table(${JSON.stringify(rows.rows.map((r) => Number(r.id)))}, '$[*]' columns (id bigint path '$')) j straight_join ${sql.table(DELTAS)} d on d.id = j.id`.execute(
            trx,
          );
          const kept = [...sums].filter(([k, n]) => n !== 0 || k === '');
          if (kept.length)
            await sql`insert into ${sql.table(DELTAS)} (tbl, k, n) values ${sql.join(kept.map(([k, n]) => sql`(${table}, ${k}, ${n})`))}`.execute(
              trx,
            );
          return rows.rows.length === MYSQL_COMPACT_STEP;
        });
      if (!more) return;
    }
  });
}
