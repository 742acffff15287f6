import type { Kysely, Transaction } from 'kysely';

/**
 * Two transactions that met (server/core/db/README.md, "Transactions that meet"). A deadlock or a serialization
 * failure ends one of them: the database has rolled it back whole and asks for it to be run again — MySQL 1213
 * (ER_LOCK_DEADLOCK), PostgreSQL 40P01 (deadlock_detected) and 40001 (serialization_failure).
 */
export function isRolledBackToRetry(error: unknown): boolean {
  const e = error as { errno?: unknown; code?: unknown } | null;
  return (
    (typeof e?.errno === 'number' && e.errno === 1213 && 'sqlState' in (e as object)) ||
    (typeof e?.code === 'string' && (e.code === '40P01' || e.code === '40001') && 'severity' in (e as object))
  );
}

/**
 * Any write refused only for meeting another transaction: the above, a lock wait that ran out (MySQL 1205), an
 * AUTO-INC lock it could not take (1467), SQLite busy. The operation log writes its batch again for these
 * (op-log.ts); a staff write is run again only for the above (a lock wait already took its full timeout).
 */
export function isContention(error: unknown): boolean {
  const e = error as { errno?: unknown; code?: unknown } | null;
  return (
    isRolledBackToRetry(error) ||
    (typeof e?.errno === 'number' && (e.errno === 1205 || e.errno === 1467)) ||
    e?.code === 'SQLITE_BUSY'
  );
}

/** How many times a write transaction is run when the database keeps choosing it to roll back. */
export const WRITE_ATTEMPTS = 3;

/**
 * Runs `work` in one transaction, and again (up to WRITE_ATTEMPTS in all, a few milliseconds apart) when the
 * database rolled it back for a deadlock with another transaction: a staff member's save then goes through instead
 * of failing for something they did not do. `work` must only write through `trx` and keep its results to itself (a
 * second run starts from nothing: what the first run wrote was rolled back); what happens after the commit (caches,
 * the scheduler) stays outside. Past the last attempt the error goes up (answered 503, db-errors.ts).
 *
 * SQLite has one writer and never deadlocks; there this is one plain transaction.
 */
export async function writeWithRetry<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= WRITE_ATTEMPTS || !isRolledBackToRetry(error)) throw error;
      // The other transaction usually needs only a moment to finish; a random share keeps two retries apart.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
