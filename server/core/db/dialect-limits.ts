import type { Entity, Field } from '../registry/entity-types.js';
import type { DialectName } from './database.js';
import { type AppError, E, errorOn } from '../errors.js';

/**
 * What each database allows a table (checked before a schema is applied, so an entity too wide for the database is
 * refused with a 400 naming the limit instead of failing half-way with the driver's error):
 * - SQLite: 2,000 columns (SQLITE_MAX_COLUMN, the default build);
 * - PostgreSQL: 1,600 columns;
 * - MySQL/MariaDB (InnoDB): 1,017 columns, and 65,535 bytes per row counting each varchar(n) as 4n + 2 bytes
 *   (utf8mb4), text as 12, integer 4, bigint 8, smallint 2, decimal(12,2) 6.
 */
export const DIALECT_LIMITS = {
  sqlite: { columns: 2000 },
  postgres: { columns: 1600 },
  mysql: { columns: 1017, rowBytes: 65535 },
} as const;

const DIALECT_NAMES: Record<DialectName, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL', mysql: 'MySQL/MariaDB' };

/** Bytes MySQL counts for a column towards its 65,535-byte row limit. */
function mysqlBytes(field: Field): number {
  switch (field.columnType) {
    case 'varchar': {
      const n = field.secret ? Math.max(255, field.schema.maxLength ?? 0) : (field.schema.maxLength ?? 255);
      return 4 * n + (4 * n > 255 ? 2 : 1);
    }
    case 'datetime':
      return 77;
    case 'date':
      return 41;
    case 'text':
    case 'json':
      return 12;
    case 'bigint':
      return 8;
    case 'tinyint':
    case 'boolean':
      return 2;
    case 'decimal': {
      const x = field.schema['x-column'];
      return Math.ceil((x?.precision ?? 12) / 2) + 1;
    }
    default:
      return 4;
  }
}

/** A limit the entity breaks, and the error naming it (the catalogue's CODING_TOO_MANY_COLUMNS or CODING_ROW_TOO_WIDE). */
export type LimitProblem = { limit: string; error: AppError };

/** The column limit of the dialect, when `count` columns break it (checked before a schema is even validated). */
export function columnLimitProblem(count: number, dialect: DialectName): LimitProblem | undefined {
  const limits = DIALECT_LIMITS[dialect];
  const name = DIALECT_NAMES[dialect];
  if (count <= limits.columns) return undefined;
  return {
    limit: 'columns',
    error: errorOn('fields', E.CODING_TOO_MANY_COLUMNS, { db: name, max: limits.columns, count }),
  };
}

/** The first limit of the dialect the entity's table would break, or undefined. */
export function dialectLimitProblem(entity: Entity, dialect: DialectName): LimitProblem | undefined {
  const columns = entity.fields.filter((f) => !f.virtual);
  const name = DIALECT_NAMES[dialect];
  const wide = columnLimitProblem(columns.length, dialect);
  if (wide) return wide;
  if (dialect === 'mysql') {
    const bytes = columns.reduce((n, f) => n + mysqlBytes(f), 0);
    if (bytes > DIALECT_LIMITS.mysql.rowBytes)
      return {
        limit: 'rowBytes',
        error: errorOn('fields', E.CODING_ROW_TOO_WIDE, { db: name, max: DIALECT_LIMITS.mysql.rowBytes, bytes }),
      };
  }
  return undefined;
}
