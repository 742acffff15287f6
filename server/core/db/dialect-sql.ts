import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from './database.js';

/** Escapes LIKE wildcards so a keyword's % and _ match literally (escape character '!'). */
export function likePattern(value: string): string {
  return `%${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * True when no character of the text has a case (Chinese, digits, punctuation: 木, 沙发, 2024): folding case changes
 * neither it nor what it can match, since no other character folds to a character without case.
 */
export function caseless(text: string): boolean {
  return text.toLowerCase() === text && text.toUpperCase() === text;
}

/** Case-insensitive substring match, the same on every dialect. */
export function containsInsensitive(
  dialect: DialectName,
  column: Expression<unknown>,
  value: string,
): RawBuilder<SqlBool> {
  const pattern = likePattern(value);
  // PostgreSQL's ILIKE and MySQL's lower() fold every row's text first (five times the cost of LIKE over a million
  // rows); a keyword without case matches the same rows with a plain LIKE (binary on MySQL's columns).
  if (dialect !== 'sqlite' && caseless(value)) return sql<SqlBool>`${column} like ${pattern} escape '!'`;
  // MySQL's LIKE follows the column collation, which is binary (exact, like the other dialects' equality): lower both sides.
  if (dialect === 'mysql') return sql<SqlBool>`lower(${column}) like lower(${pattern}) escape '!'`;
  const op = dialect === 'postgres' ? sql`ilike` : sql`like`;
  return sql<SqlBool>`${column} ${op} ${pattern} escape '!'`;
}

/** True when the error is a unique-constraint violation on any dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errno?: number; message?: string };
  return (
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e?.code === '23505' ||
    e?.errno === 1062
  );
}
