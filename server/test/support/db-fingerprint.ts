import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from './harness.js';
import { untyped } from '../../core/crud/dynamic-db.js';

/** The operation log records every request, rejected ones included, by design: it is the one table left out. */
// The shared rights version (bumped after a write that changes rights, to tell other processes) is bookkeeping too.
const WRITTEN_BY_EVERY_REQUEST = new Set(['base_sys_log', 'joinery_rights_version']);

/** The row counters (server/core/db/row-count.ts): derived from their tables, and compacted at any time. */
const COUNTERS = new Set(['joinery_row_count', 'joinery_value_count', 'joinery_row_delta']);

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const mysqlIdent = (name: string) => `\`${name.replace(/`/g, '``')}\``;
const text = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Statements by app: tables and columns come from the database itself, so the dump covers exactly what is stored. */
const statements = new WeakMap<TestApp, { version: number; sql: string }>();

/**
 * One statement that renders every row of every table as text, table by table, in id order. On MariaDB,
 * `CHECKSUM TABLE` of the same tables instead: a checksum of every row's stored values, per table, ~30× faster than
 * rendering them there (25–140 ms a fingerprint with group_concat, which made the bad-input walk take 10 minutes).
 */
async function dumpStatement(t: TestApp): Promise<string> {
  const { registry, database } = t.app.joinery;
  const cached = statements.get(t);
  if (cached?.version === registry.version) return cached.sql;
  // The keyword index tables (`<table>__kw…`, SQLite FTS5; MySQL's postings `<table>__kwt`) and the row counters are
  // derived from their tables, which are in the dump (the operation log's counter moves with every request).
  const tables = (await database.db.introspection.getTables())
    .filter(
      (tb) => !WRITTEN_BY_EVERY_REQUEST.has(tb.name) && !/__kwt?(_[a-z]+)?$/.test(tb.name) && !COUNTERS.has(tb.name),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
  if (t.dialect === 'mysql') {
    const checksum = `checksum table ${tables.map((tb) => mysqlIdent(tb.name)).join(', ')}`;
    statements.set(t, { version: registry.version, sql: checksum });
    return checksum;
  }
  const dump = tables
    .map((tb) => {
      const hasId = tb.columns.some((c) => c.name === 'id');
      if (t.dialect === 'postgres')
        return `select ${text(tb.name)} as t, md5(coalesce(string_agg(x::text, '|' order by ${hasId ? 'x.id' : 'x::text'}), '')) as d from ${ident(tb.name)} x`;
      const row = tb.columns.map((c) => `quote(${ident(c.name)})`).join(" || ',' || ");
      return `select ${text(tb.name)} as t, coalesce((select group_concat(r, '|') from (select ${row} as r from ${ident(tb.name)} order by ${hasId ? 'id' : 'r'})), '') as d`;
    })
    .join(' union all ');
  statements.set(t, { version: registry.version, sql: dump });
  return dump;
}

/**
 * A hash of every row of every table, one entry per table so a difference names the table that changed.
 * The whole test database is a few hundred rows and one statement renders it all, so a fingerprint costs a few ms.
 */
export async function dbFingerprint(t: TestApp, options: { history?: boolean } = {}): Promise<Record<string, string>> {
  if (options.history === false) return withoutHistory(t);
  const statement = await dumpStatement(t);
  if (t.dialect === 'mysql') {
    const { rows } = await sql
      .raw<{ Table: string; Checksum: number | null }>(statement)
      .execute(t.app.joinery.database.db);
    return Object.fromEntries(rows.map((r) => [r.Table.replace(/^[^.]*\./, ''), String(r.Checksum)]));
  }
  const { rows } = await sql.raw<{ t: string; d: string }>(statement).execute(t.app.joinery.database.db);
  // PostgreSQL hashes its rendering itself (md5), so only the hashes cross the connection.
  if (t.dialect === 'postgres') return Object.fromEntries(rows.map((r) => [r.t, r.d.slice(0, 16)]));
  return Object.fromEntries(rows.map((r) => [r.t, createHash('sha256').update(r.d).digest('hex').slice(0, 16)]));
}

/**
 * The fingerprint without the field history and every `revision` column (a restore comes back at a new revision,
 * recorded: issue 31): each table's rows read through the driver, compared as sets.
 */
async function withoutHistory(t: TestApp): Promise<Record<string, string>> {
  const tables = Object.keys(await dbFingerprint(t)).filter((table) => table !== 'base_sys_history');
  const db = untyped(t.app.joinery.database.db);
  const rows = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()));
  return Object.fromEntries(
    tables.map((table, i) => [
      table,
      createHash('sha256')
        .update(JSON.stringify(rows[i].map(({ revision: _, ...row }) => JSON.stringify(row)).sort()))
        .digest('hex')
        .slice(0, 16),
    ]),
  );
}

/** A row without its `revision`: a restored record is back as it was, at a new revision (issue 31). */
export function withoutRevision<T extends Record<string, unknown> | undefined>(row: T): T {
  if (!row) return row;
  const { revision: _revision, ...rest } = row;
  return rest as T;
}
