import { sql } from 'kysely';
import type { Entity, Field } from '../registry/entity-types.js';
import type { Database } from './database.js';
import { compactMysql, ensureMysql } from './row-count-mysql.js';
import { compactPostgres, ensurePostgres } from './row-count-postgres.js';
import { COUNTS, DELTAS, VALUES } from './row-count-sql.js';
import { ensureSqlite } from './row-count-sqlite.js';

/**
 * Exact row counts kept by triggers inside each write's own transaction, so a list tells its total without counting
 * a million rows (server/core/db/README.md, "Row counts"):
 * - the whole table (what an unfiltered list counts: deletes are real deletes, the recycle bin keeps copies elsewhere);
 * - per value of each few-valued equality field (an enum or a boolean searched by `eq`/`in`, not a relation), for a
 *   list filtered by that one field only (a status tab).
 * SQLite has one writer at a time, so one counter row per table and value costs nothing (`joinery_row_count`, and
 * `joinery_value_count` for the values). PostgreSQL and MySQL have concurrent writers, which would queue on such a row
 * (and could deadlock across tables), so there each write *inserts* its change as a new row of `joinery_row_delta`
 * (PostgreSQL: one row per statement and value, from statement triggers with transition tables; MySQL: row triggers,
 * one row per written row and value) and a count is the SUM of a table's rows. Writers never update or lock a shared
 * row. A read that finds many rows compacts them (in the background: each row it can lock without waiting, SKIP
 * LOCKED, is deleted and replaced by one row per key holding their sum, in one statement or transaction), so neither
 * the reads nor the table grow with the writes.
 */

/** Rows of one table's deltas a read sums before it asks for a compaction. */
const COMPACT_AFTER = 64;

/** Entities whose counters the sync made or found, with the fields counted per value. */
const counted = new WeakMap<Entity, Set<string>>();

/**
 * Fields counted per value: few values (an enum or a boolean), searched by equality only, stored as integers or
 * short text (their text form is the same in SQL and in JavaScript), not a relation.
 */
export function countedFields(entity: Entity): Field[] {
  return entity.fields.filter(
    (f) =>
      !f.virtual &&
      f.name !== 'id' &&
      f.search.length > 0 &&
      f.search.every((m) => m === 'eq' || m === 'in') &&
      (Array.isArray(f.schema.enum) || f.storage === 'boolean') &&
      !f.schema['x-ref'] &&
      ['integer', 'boolean', 'string'].includes(f.storage) &&
      ['int', 'bigint', 'tinyint', 'boolean', 'varchar'].includes(f.columnType),
  );
}

/** The counter key of one value of a counted field ('' is the whole table). */
export const valueKey = (field: string, value: unknown) => `${field}=${String(value)}`;

/** Part of the schema sync: the counters and their triggers, counted once when they are made (or their fields change). */
export async function ensureRowCount(
  database: Database,
  entity: Entity,
  mysqlTableOptions?: () => Promise<string>,
): Promise<void> {
  const fields = countedFields(entity).map((f) => f.name);
  if (database.dialect === 'sqlite') await ensureSqlite(database, entity, fields);
  else if (database.dialect === 'postgres') await ensurePostgres(database, entity, fields);
  else
    await ensureMysql(
      database,
      entity,
      fields,
      mysqlTableOptions ? await mysqlTableOptions() : 'character set utf8mb4',
    );
  counted.set(entity, new Set(fields));
}

const compacting = new Map<string, Promise<void>>();

/** Compacts a table's delta rows in the background (once at a time per table and process); errors are only logged. */
function compactSoon(database: Database, table: string): void {
  const key = `${database.url}\n${table}`;
  if (compacting.has(key)) return;
  const done = (database.dialect === 'postgres' ? compactPostgres(database, table) : compactMysql(database, table))
    .catch((error) =>
      console.warn(
        `[joinery] compacting the row counts of ${table} failed (they stay exact): ${(error as Error).message}`,
      ),
    )
    .finally(() => compacting.delete(key));
  compacting.set(key, done);
}

/** Resolves when the background compactions under way in this process have ended (tests wait on it). */
export async function compactionsSettled(): Promise<void> {
  while (compacting.size > 0) await Promise.all([...compacting.values()]);
}

/** Compacts a table's delta rows now (PostgreSQL, MySQL; tests and tools). */
export async function compactRowCount(database: Database, entity: Entity): Promise<void> {
  if (database.dialect === 'postgres') await compactPostgres(database, entity.table);
  else if (database.dialect === 'mysql') await compactMysql(database, entity.table);
}

/** The kept count of the rows holding one of `keys` ('' = every row); undefined where none is kept. */
async function keptCount(
  database: Database,
  db: Database['db'],
  entity: Entity,
  keys: string[],
): Promise<number | undefined> {
  if (!counted.has(entity)) return undefined;
  const table = entity.table;
  if (database.dialect === 'sqlite') {
    if (keys.length === 1 && keys[0] === '') {
      const row = await sql<{ n: number }>`select n from ${sql.table(COUNTS)} where tbl = ${table}`.execute(db);
      return row.rows.length ? Number(row.rows[0].n) : undefined;
    }
    const row = await sql<{
      n: number | null;
    }>`select sum(n) as n from ${sql.table(VALUES)} where tbl = ${table} and k in (${sql.join(keys)})`.execute(db);
    return Number(row.rows[0]?.n ?? 0);
  }
  const row = await sql<{
    n: number | string | null;
    c: number | string;
  }>`select sum(n) as n, count(*) as c from ${sql.table(DELTAS)} where tbl = ${table} and k in (${sql.join(keys)})`.execute(
    db,
  );
  if (Number(row.rows[0]?.c ?? 0) > COMPACT_AFTER) compactSoon(database, table);
  return Number(row.rows[0]?.n ?? 0);
}

/** The table's row count from its counter; undefined where no counter is kept. */
export function storedRowCount(database: Database, db: Database['db'], entity: Entity): Promise<number | undefined> {
  return keptCount(database, db, entity, ['']);
}

/** The number of rows whose `field` holds one of `values` (a counted field); undefined where no counter is kept. */
export function storedValueCount(
  database: Database,
  db: Database['db'],
  entity: Entity,
  field: string,
  values: unknown[],
): Promise<number | undefined> {
  if (!counted.get(entity)?.has(field)) return Promise.resolve(undefined);
  return keptCount(database, db, entity, [...new Set(values.map((v) => valueKey(field, v)))]);
}
