import type { Kysely } from 'kysely';
import type { SystemTables } from '../db/database.js';

/**
 * Entity tables in general are only known at run time (AI-code, plugins), so Kysely cannot type queries that name a
 * table by `entity.table`. This is the one place the query layer steps outside Kysely's typing; values are checked by
 * the entity schema instead. Code that names a built-in table uses `Database.db` (typed by `SystemTables`) directly.
 */
// biome-ignore lint/suspicious/noExplicitAny: tables are only known at run time
export type UntypedDb = Kysely<any>;

export const untyped = (db: Kysely<SystemTables>): UntypedDb => db as unknown as UntypedDb;
