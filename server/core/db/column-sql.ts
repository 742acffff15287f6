import { sql, type RawBuilder } from 'kysely';
import type { Field } from '../registry/entity-types.js';
import type { DialectName } from './database.js';

/** The SQL type of a field on a dialect. Times are stored as 'YYYY-MM-DD HH:mm:ss' text everywhere, booleans as 0/1, JSON as text. */
export function columnSqlType(field: Field, dialect: DialectName): RawBuilder<unknown> {
  return sql.raw(columnTypeText(field, dialect));
}

/** The SQL type of a field on a dialect, as text (migration proposals print it). */
export function columnTypeText(field: Field, dialect: DialectName): string {
  const longText = dialect === 'mysql' ? 'longtext' : 'text';
  switch (field.columnType) {
    // Secret fields store a derived value (a password hash), longer than what the client may send.
    case 'varchar':
      return `varchar(${field.secret ? Math.max(255, field.schema.maxLength ?? 0) : (field.schema.maxLength ?? 255)})`;
    case 'text':
    case 'json':
      return longText;
    case 'int':
      return 'integer';
    case 'bigint':
      return 'bigint';
    case 'tinyint':
    case 'boolean':
      return 'smallint';
    case 'decimal': {
      const x = field.schema['x-column'];
      return `decimal(${x?.precision ?? 12},${x?.scale ?? 2})`;
    }
    case 'datetime':
      return 'varchar(19)';
    case 'date':
      return 'varchar(10)';
  }
}

/**
 * The numbers a numeric column can hold on every dialect (PostgreSQL refuses out-of-range values with an error,
 * SQLite silently widens them): checked before a value reaches the database. `scale` = decimal places kept.
 */
export function columnRange(field: Field): { min: number; max: number; scale?: number } | undefined {
  switch (field.columnType) {
    case 'int':
      return { min: -2147483648, max: 2147483647 };
    case 'bigint':
      return { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };
    case 'tinyint':
    case 'boolean':
      return { min: -32768, max: 32767 };
    case 'decimal': {
      const x = field.schema['x-column'];
      const precision = x?.precision ?? 12;
      const scale = x?.scale ?? 2;
      const max = 10 ** (precision - scale) - 10 ** -scale;
      return { min: -max, max, scale };
    }
    default:
      return undefined;
  }
}

/** Coarse class of a column, to tell a compatible type from a destructive change. */
export function typeClass(dataType: string): 'text' | 'number' {
  return /char|text|clob|json|string/i.test(dataType) ? 'text' : 'number';
}

/** NOT NULL in the database only where a value is always present (required, or defaulted). */
export function dbNullable(field: Field): boolean {
  if (field.system) return field.name === 'tenantId';
  return field.nullable || (!field.required && field.schema.default === undefined);
}
