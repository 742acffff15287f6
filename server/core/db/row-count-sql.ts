import type { Database } from './database.js';

/**
 * What the kept row counts (row-count.ts and its per-dialect parts) share: the names of their tables, the quoting of
 * names and literals in trigger text, and the sync's transaction helper (also used by the keyword index).
 */
export const COUNTS = 'joinery_row_count';
export const VALUES = 'joinery_value_count';
export const DELTAS = 'joinery_row_delta';

export const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const bq = (name: string) => `\`${name.replace(/`/g, '``')}\``;
export const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Runs the work in a transaction of its own, or in the caller's when the sync already runs in one (registerEntity
 * syncs a new entity inside the transaction that also writes its menu and definition: Kysely cannot nest them).
 */
export function inTransaction<T>(db: Database['db'], work: (trx: Database['db']) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
