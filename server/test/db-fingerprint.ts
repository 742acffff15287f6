import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from './harness.js';

/** The operation log records every request, rejected ones included, by design: it is the one table left out. */
const WRITTEN_BY_EVERY_REQUEST = new Set(['base_sys_log']);

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const text = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** One statement that renders every row of every table as text, table by table, in id order. */
function dumpStatement(t: TestApp): string {
  const entities = t.app.joinery.registry.all().filter((e) => !WRITTEN_BY_EVERY_REQUEST.has(e.table));
  return entities.map((e) => (t.dialect === 'postgres'
    ? `select ${text(e.table)} as t, coalesce(string_agg(x::text, '|' order by x.id), '') as d from ${ident(e.table)} x`
    : `select ${text(e.table)} as t, coalesce((select group_concat(r, '|') from (select ${e.fields.map((f) => `quote(${ident(f.name)})`).join(" || ',' || ")} as r from ${ident(e.table)} order by id)), '') as d`
  )).join(' union all ');
}

/**
 * A hash of every row of every table, one entry per table so a difference names the table that changed.
 * The whole test database is a few hundred rows and one statement renders it all, so a fingerprint costs a few ms.
 */
export async function dbFingerprint(t: TestApp): Promise<Record<string, string>> {
  const { rows } = await sql.raw<{ t: string; d: string }>(dumpStatement(t)).execute(t.app.joinery.database.db);
  return Object.fromEntries(rows.map((r) => [r.t, createHash('sha256').update(r.d).digest('hex').slice(0, 16)]).sort(([a], [b]) => a.localeCompare(b)));
}
