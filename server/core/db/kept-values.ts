import { sql } from 'kysely';
import { untyped } from '../crud/dynamic-db.js';
import type { Database } from './database.js';
import { formatDateTime } from './time.js';

/**
 * Values an evolve took out of an entity's table — a dropped field's values, and the old values of rows a `convert`
 * choice shortened or emptied — kept here, one row per value, until an admin purges them
 * (`POST /admin/base/coding/purge`). `value` is the stored value as JSON; `reason` is `dropped` or `converted`.
 */
export const KEPT_TABLE = 'joinery_kept_value';

export type KeptValue = { field: string; rowId: number; value: unknown; reason: 'dropped' | 'converted' };

/** Creates the table if it is missing (before the evolve's transaction: MySQL commits DDL at once). */
export async function ensureKeptTable(database: Database): Promise<void> {
  const { dialect } = database;
  let b = untyped(database.db).schema.createTable(KEPT_TABLE).ifNotExists();
  b =
    dialect === 'postgres'
      ? b.addColumn('id', 'serial', (c) => c.primaryKey())
      : b.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  if (dialect === 'mysql') b = b.modifyEnd(sql.raw('character set utf8mb4 collate utf8mb4_bin'));
  await b
    .addColumn('prefix', 'varchar(200)', (c) => c.notNull())
    .addColumn('field', 'varchar(100)', (c) => c.notNull())
    .addColumn('row_id', 'bigint', (c) => c.notNull())
    .addColumn('value', sql.raw(dialect === 'mysql' ? 'longtext' : 'text'))
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('kept_at', 'varchar(19)', (c) => c.notNull())
    .execute();
}

/** Keeps values (in the caller's transaction). */
export async function keepValues(db: Database['db'], prefix: string, values: KeptValue[]): Promise<void> {
  const keptAt = formatDateTime(new Date());
  for (let i = 0; i < values.length; i += 200) {
    await untyped(db)
      .insertInto(KEPT_TABLE)
      .values(
        values.slice(i, i + 200).map((v) => ({
          prefix,
          field: v.field,
          row_id: v.rowId,
          value: JSON.stringify(v.value),
          reason: v.reason,
          kept_at: keptAt,
        })),
      )
      .execute();
  }
}

export type KeptSummary = { field: string; reason: string; rows: number; keptAt: string };

/** What is kept for an entity, per field and reason. */
export async function keptSummary(database: Database, prefix: string): Promise<KeptSummary[]> {
  if (!(await hasKeptTable(database))) return [];
  const rows = await untyped(database.db)
    .selectFrom(KEPT_TABLE)
    .select(['field', 'reason', (eb) => eb.fn.countAll().as('rows'), (eb) => eb.fn.max('kept_at').as('keptAt')])
    .where('prefix', '=', prefix)
    .groupBy(['field', 'reason'])
    .orderBy('field')
    .execute();
  return rows.map((r) => ({ field: r.field, reason: r.reason, rows: Number(r.rows), keptAt: String(r.keptAt) }));
}

/** The kept values of one field (or of the entity), at most `limit`, oldest first. */
export async function keptValues(
  database: Database,
  prefix: string,
  field: string | undefined,
  limit = 200,
): Promise<{ field: string; rowId: number; value: unknown; reason: string; keptAt: string }[]> {
  if (!(await hasKeptTable(database))) return [];
  let q = untyped(database.db).selectFrom(KEPT_TABLE).selectAll().where('prefix', '=', prefix);
  if (field) q = q.where('field', '=', field);
  const rows = await q.orderBy('id').limit(limit).execute();
  return rows.map((r) => ({
    field: r.field,
    rowId: Number(r.row_id),
    value: r.value === null ? null : (JSON.parse(String(r.value)) as unknown),
    reason: r.reason,
    keptAt: r.kept_at,
  }));
}

/** Deletes the kept values of an entity (or of one of its fields); how many went. */
export async function purgeKept(database: Database, prefix: string, field?: string): Promise<number> {
  if (!(await hasKeptTable(database))) return 0;
  let q = untyped(database.db).deleteFrom(KEPT_TABLE).where('prefix', '=', prefix);
  if (field) q = q.where('field', '=', field);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function hasKeptTable(database: Database): Promise<boolean> {
  return (await database.db.introspection.getTables()).some((t) => t.name === KEPT_TABLE);
}
