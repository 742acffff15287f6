import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from './database.js';

/** Escapes LIKE wildcards so a keyword's % and _ match literally (escape character '!'). */
export function likePattern(value: string): string {
  return `%${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** Case-insensitive substring match, the same on every dialect. */
export function containsInsensitive(dialect: DialectName, column: Expression<unknown>, value: string): RawBuilder<SqlBool> {
  // MySQL's LIKE follows the column collation, which is binary (exact, like the other dialects' equality): lower both sides.
  if (dialect === 'mysql') return sql<SqlBool>`lower(${column}) like lower(${likePattern(value)}) escape '!'`;
  const op = dialect === 'postgres' ? sql`ilike` : sql`like`;
  return sql<SqlBool>`${column} ${op} ${likePattern(value)} escape '!'`;
}

/** True when the error is a unique-constraint violation on any dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errno?: number; message?: string };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === '23505' || e?.errno === 1062;
}
