import { createHash } from 'node:crypto';
import { untyped } from '../core/crud/dynamic-db.js';
import type { TestApp } from './harness.js';

/** The operation log records every request, rejected ones included, by design: it is the one table left out. */
const WRITTEN_BY_EVERY_REQUEST = new Set(['base_sys_log']);

/**
 * A hash of every row of every table, one entry per table so a difference names the table that changed.
 * The whole test database is a few hundred rows, so reading it all is cheaper than being clever.
 */
export async function dbFingerprint(t: TestApp): Promise<Record<string, string>> {
  const db = untyped(t.app.joinery.database.db);
  const tables = [...new Set(t.app.joinery.registry.all().map((e) => e.table))].filter((n) => !WRITTEN_BY_EVERY_REQUEST.has(n)).sort();
  const entries = await Promise.all(tables.map(async (table) => {
    const rows = await db.selectFrom(table).selectAll().orderBy('id').execute();
    return [table, createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16)] as const;
  }));
  return Object.fromEntries(entries);
}
