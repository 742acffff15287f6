import { sql } from 'kysely';
import type { Entity } from '../registry/entity-types.js';
import type { Database } from './database.js';
import { COUNTS, inTransaction, lit, q, VALUES } from './row-count-sql.js';

/**
 * The kept row counts on SQLite (see row-count.ts): one writer at a time, so row triggers update one counter row per
 * table (`joinery_row_count`) and per counted value (`joinery_value_count`).
 */

function sqliteTriggers(table: string, fields: string[]): string[] {
  const where = `WHERE tbl = ${lit(table)}`;
  const out = [
    `CREATE TRIGGER ${q(`${table}__n_ai`)} AFTER INSERT ON ${q(table)} BEGIN UPDATE ${COUNTS} SET n = n + 1 ${where}; END`,
    `CREATE TRIGGER ${q(`${table}__n_ad`)} AFTER DELETE ON ${q(table)} BEGIN UPDATE ${COUNTS} SET n = n - 1 ${where}; END`,
  ];
  if (fields.length === 0) return out;
  const bump = (row: 'new' | 'old', by: number) =>
    fields
      .map(
        (f) =>
          `INSERT INTO ${VALUES} (tbl, k, n) SELECT ${lit(table)}, ${lit(`${f}=`)} || ${row}.${q(f)}, ${by} WHERE ${row}.${q(f)} IS NOT NULL ON CONFLICT (tbl, k) DO UPDATE SET n = n + excluded.n;`,
      )
      .join(' ');
  const changed = fields.map((f) => `old.${q(f)} IS NOT new.${q(f)}`).join(' OR ');
  out.push(
    `CREATE TRIGGER ${q(`${table}__v_ai`)} AFTER INSERT ON ${q(table)} BEGIN ${bump('new', 1)} END`,
    `CREATE TRIGGER ${q(`${table}__v_ad`)} AFTER DELETE ON ${q(table)} BEGIN ${bump('old', -1)} END`,
    `CREATE TRIGGER ${q(`${table}__v_au`)} AFTER UPDATE OF ${fields.map(q).join(', ')} ON ${q(table)} WHEN ${changed} BEGIN ${bump('old', -1)} ${bump('new', 1)} END`,
  );
  return out;
}

/** Makes (or remakes) the counters and triggers of one table, recounting it, unless they are already as wanted. */
export async function ensureSqlite(database: Database, entity: Entity, fields: string[]): Promise<void> {
  const { db } = database;
  const table = entity.table;
  await sql.raw(`CREATE TABLE IF NOT EXISTS ${COUNTS} (tbl TEXT PRIMARY KEY, n INTEGER NOT NULL)`).execute(db);
  await sql
    .raw(
      `CREATE TABLE IF NOT EXISTS ${VALUES} (tbl TEXT NOT NULL, k TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (tbl, k))`,
    )
    .execute(db);
  const want = sqliteTriggers(table, fields);
  const names = ['n_ai', 'n_ad', 'v_ai', 'v_ad', 'v_au'].map((s) => `${table}__${s}`);
  const found = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'trigger' and tbl_name = ${table} and name in (${sql.join(names)})`.execute(
    db,
  );
  const row = await sql<{ n: number }>`select n from ${sql.table(COUNTS)} where tbl = ${table}`.execute(db);
  if (
    found.rows.length === want.length &&
    want.every((t) => found.rows.some((r) => r.sql === t)) &&
    row.rows.length > 0
  )
    return;
  // Made (again) in one transaction: SQLite has one writer, so the recount sees every row and misses no write.
  await inTransaction(db, async (trx) => {
    for (const name of names) await sql.raw(`DROP TRIGGER IF EXISTS ${q(name)}`).execute(trx);
    for (const t of want) await sql.raw(t).execute(trx);
    await sql`insert or replace into ${sql.table(COUNTS)} (tbl, n) values (${table}, (select count(*) from ${sql.table(table)}))`.execute(
      trx,
    );
    await sql`delete from ${sql.table(VALUES)} where tbl = ${table}`.execute(trx);
    for (const f of fields) {
      await sql
        .raw(
          `INSERT INTO ${VALUES} (tbl, k, n) SELECT ${lit(table)}, ${lit(`${f}=`)} || ${q(f)}, count(*) FROM ${q(table)} WHERE ${q(f)} IS NOT NULL GROUP BY ${q(f)}`,
        )
        .execute(trx);
    }
  });
}
