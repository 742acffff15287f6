import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from './harness.js';

/** The operation log records every request, rejected ones included, by design: it is the one table left out. */
// The shared rights version (bumped after a write that changes rights, to tell other processes) is bookkeeping too.
const WRITTEN_BY_EVERY_REQUEST = new Set(['base_sys_log', 'joinery_rights_version']);

/** The row counters (server/core/db/row-count.ts): derived from their tables, and compacted at any time. */
const COUNTERS = new Set(['joinery_row_count', 'joinery_value_count', 'joinery_row_delta']);

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const mysqlIdent = (name: string) => `\`${name.replace(/`/g, '``')}\``;
const text = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Statements by app: tables and columns come from the database itself, so the dump covers exactly what is stored. */
const statements = new WeakMap<TestApp, { version: number; sql: string; history: boolean }>();

/**
 * One statement that renders every row of every table as text, table by table, in id order. `history: false` leaves
 * out the field history and every `revision` column: a restore comes back at a new revision, recorded (issue 31).
 */
async function dumpStatement(t: TestApp, history: boolean): Promise<string> {
  const { registry, database } = t.app.joinery;
  const cached = statements.get(t);
  if (cached?.version === registry.version && cached.history === history) return cached.sql;
  // The keyword index tables (`<table>__kw…`, SQLite FTS5) and the row counters are derived from their tables,
  // which are in the dump (the operation log's counter moves with every request).
  const tables = (await database.db.introspection.getTables())
    .filter(
      (tb) =>
        !WRITTEN_BY_EVERY_REQUEST.has(tb.name) &&
        !/__kw(_[a-z]+)?$/.test(tb.name) &&
        !COUNTERS.has(tb.name) &&
        (history || tb.name !== 'base_sys_history'),
    )
    .map((tb) => (history ? tb : { ...tb, columns: tb.columns.filter((c) => c.name !== 'revision') }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const dump = tables
    .map((tb) => {
      const hasId = tb.columns.some((c) => c.name === 'id');
      if (t.dialect === 'postgres') {
        // The whole row as text, or (without the history's columns) the row of the columns kept.
        const row = history ? 'x::text' : `row(${tb.columns.map((c) => `x.${ident(c.name)}`).join(', ')})::text`;
        return `select ${text(tb.name)} as t, coalesce(string_agg(${row}, '|' order by ${hasId ? 'x.id' : row}), '') as d from ${ident(tb.name)} x`;
      }
      if (t.dialect === 'mysql') {
        const row = `concat_ws(',', ${tb.columns.map((c) => `quote(${mysqlIdent(c.name)})`).join(', ')})`;
        return `select ${text(tb.name)} as t, coalesce((select group_concat(${row} order by ${hasId ? mysqlIdent('id') : row} separator '|') from ${mysqlIdent(tb.name)}), '') as d`;
      }
      const row = tb.columns.map((c) => `quote(${ident(c.name)})`).join(" || ',' || ");
      return `select ${text(tb.name)} as t, coalesce((select group_concat(r, '|') from (select ${row} as r from ${ident(tb.name)} order by ${hasId ? 'id' : 'r'})), '') as d`;
    })
    .join(' union all ');
  statements.set(t, { version: registry.version, sql: dump, history });
  return dump;
}

/**
 * A hash of every row of every table, one entry per table so a difference names the table that changed.
 * The whole test database is a few hundred rows and one statement renders it all, so a fingerprint costs a few ms.
 */
export async function dbFingerprint(t: TestApp, options: { history?: boolean } = {}): Promise<Record<string, string>> {
  const statement = sql.raw<{ t: string; d: string }>(await dumpStatement(t, options.history ?? true));
  const { rows } =
    t.dialect === 'mysql'
      ? // group_concat is cut at group_concat_max_len (1 KB by default): raised on the one connection that runs the dump.
        await t.app.joinery.database.db.connection().execute(async (c) => {
          await sql`set session group_concat_max_len = 1073741824`.execute(c);
          return statement.execute(c);
        })
      : await statement.execute(t.app.joinery.database.db);
  return Object.fromEntries(rows.map((r) => [r.t, createHash('sha256').update(r.d).digest('hex').slice(0, 16)]));
}

/** A row without its `revision`: a restored record is back as it was, at a new revision (issue 31). */
export function withoutRevision<T extends Record<string, unknown> | undefined>(row: T): T {
  if (!row) return row;
  const { revision: _revision, ...rest } = row;
  return rest as T;
}
