import type { Kysely } from 'kysely';
import type { DynamicDb } from '../db/database.js';

/**
 * Entity tables are only known at run time, so Kysely cannot type their queries.
 * This is the one place the query layer steps outside Kysely's typing; values are checked by the entity schema instead.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type UntypedDb = Kysely<any>;

export const untyped = (db: Kysely<DynamicDb>): UntypedDb => db as UntypedDb;
