import { sql } from 'kysely';
import type { Entity } from '../registry/entity-types.js';
import type { Database } from './database.js';

/**
 * The exact number of rows of each entity table, kept by triggers in `joinery_row_count` (inside each write's own
 * transaction), so an unfiltered list tells its total without counting a million rows. SQLite only: it has one
 * writer at a time, so the one counter row per table costs nothing; on PostgreSQL and MySQL concurrent writers would
 * queue on that row (and could deadlock across tables), so there the total is counted.
 */
const COUNTS = 'joinery_row_count';
const counted = new WeakSet<Entity>();
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

function triggers(table: string): string[] {
  const where = `WHERE tbl = '${table.replace(/'/g, "''")}'`;
  return [
    `CREATE TRIGGER ${q(`${table}__n_ai`)} AFTER INSERT ON ${q(table)} BEGIN UPDATE ${COUNTS} SET n = n + 1 ${where}; END`,
    `CREATE TRIGGER ${q(`${table}__n_ad`)} AFTER DELETE ON ${q(table)} BEGIN UPDATE ${COUNTS} SET n = n - 1 ${where}; END`,
  ];
}

/** Part of the schema sync: the counter row and its triggers, counted once when they are made. */
export async function ensureRowCount(database: Database, entity: Entity): Promise<void> {
  if (database.dialect !== 'sqlite') return;
  const { db } = database;
  await sql.raw(`CREATE TABLE IF NOT EXISTS ${COUNTS} (tbl TEXT PRIMARY KEY, n INTEGER NOT NULL)`).execute(db);
  const want = triggers(entity.table);
  const found = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and tbl_name = ${entity.table} and name in (${`${entity.table}__n_ai`}, ${`${entity.table}__n_ad`})`.execute(db);
  const row = await sql<{ n: number }>`select n from ${sql.table(COUNTS)} where tbl = ${entity.table}`.execute(db);
  if (found.rows.length !== 2 || !want.every((t) => found.rows.some((r) => r.sql === t)) || row.rows.length === 0) {
    for (const suffix of ['ai', 'ad']) await sql.raw(`DROP TRIGGER IF EXISTS ${q(`${entity.table}__n_${suffix}`)}`).execute(db);
    for (const t of want) await sql.raw(t).execute(db);
    await sql`insert or replace into ${sql.table(COUNTS)} (tbl, n) values (${entity.table}, (select count(*) from ${sql.table(entity.table)}))`.execute(db);
  }
  counted.add(entity);
}

/** The table's row count from its counter; undefined where no counter is kept. */
export async function storedRowCount(database: Database, db: Database['db'], entity: Entity): Promise<number | undefined> {
  if (database.dialect !== 'sqlite' || !counted.has(entity)) return undefined;
  const row = await sql<{ n: number }>`select n from ${sql.table(COUNTS)} where tbl = ${entity.table}`.execute(db);
  return row.rows.length ? Number(row.rows[0].n) : undefined;
}
