import { sql } from 'kysely';
import type { Database } from './database.js';

/** A column of a table the server makes itself: its SQL type (the same on every dialect) and whether it has a default. */
export type ServerColumn = {
  name: string;
  sql: 'varchar(10)' | 'char(16)' | 'smallint' | 'integer' | 'bigint';
  default?: number;
};

/**
 * A table the server creates outside the entity schemas (counters and rollups the dashboard and the auth layer keep;
 * no screen, no routes). Its columns are declared here once: `createServerTable` makes the table from them and
 * `joinery types --server-tables` types them in `system-tables.generated.ts`. Every column is NOT NULL.
 */
export type ServerTable = { table: string; doc: string; columns: ServerColumn[]; primaryKey: string[] };

export const SERVER_TABLES = [
  {
    table: 'dashboard_order_day',
    doc: 'Per-day order totals kept by triggers on order_info (server/modules/dashboard/sales-rollup.ts).',
    columns: [
      { name: 'day', sql: 'varchar(10)' },
      { name: 'order_count', sql: 'integer', default: 0 },
      { name: 'paid_count', sql: 'integer', default: 0 },
      { name: 'paid_amount', sql: 'bigint', default: 0 },
    ],
    primaryKey: ['day'],
  },
  {
    table: 'dashboard_visit_hour',
    doc: 'Views and first visits of the day per hour (server/modules/dashboard/visit-counter.ts).',
    columns: [
      { name: 'day', sql: 'varchar(10)' },
      { name: 'hour', sql: 'smallint' },
      { name: 'views', sql: 'bigint', default: 0 },
      { name: 'visitors', sql: 'integer', default: 0 },
    ],
    primaryKey: ['day', 'hour'],
  },
  {
    table: 'dashboard_visitor',
    doc: 'The visitors seen today, as a 16-hex digest, to count each once (server/modules/dashboard/visit-counter.ts).',
    columns: [
      { name: 'day', sql: 'varchar(10)' },
      { name: 'visitor', sql: 'char(16)' },
    ],
    primaryKey: ['day', 'visitor'],
  },
  {
    table: 'joinery_rights_version',
    doc: 'One row (id 1) whose version every process bumps when it drops cached rights (server/core/auth/auth-service.ts).',
    columns: [
      { name: 'id', sql: 'integer' },
      { name: 'version', sql: 'bigint', default: 0 },
    ],
    primaryKey: ['id'],
  },
] as const satisfies readonly ServerTable[];

export type ServerTableName = (typeof SERVER_TABLES)[number]['table'];

/** Creates one of the server's own tables if it is missing. */
export async function createServerTable(database: Database, name: ServerTableName): Promise<void> {
  const t: ServerTable = SERVER_TABLES.find((x) => x.table === name)!;
  const single = t.primaryKey.length === 1 ? t.primaryKey[0] : undefined;
  const columns = t.columns.map(
    (c) =>
      `${c.name} ${c.sql} not null${c.default === undefined ? '' : ` default ${c.default}`}${c.name === single ? ' primary key' : ''}`,
  );
  if (!single) columns.push(`primary key (${t.primaryKey.join(', ')})`);
  await sql.raw(`create table if not exists ${t.table} (${columns.join(', ')})`).execute(database.db);
}
