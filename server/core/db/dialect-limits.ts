import type { Entity, Field } from '../registry/entity-types.js';
import type { DialectName } from './database.js';

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

export type LimitProblem = { limit: string; texts: { 'zh-cn': string; 'zh-tw': string; en: string } };

/** The column limit of the dialect, when `count` columns break it (checked before a schema is even validated). */
export function columnLimitProblem(count: number, dialect: DialectName): LimitProblem | undefined {
  const limits = DIALECT_LIMITS[dialect];
  const name = DIALECT_NAMES[dialect];
  if (count <= limits.columns) return undefined;
  return {
    limit: 'columns',
    texts: {
      'zh-cn': `${name} 的表最多 ${limits.columns} 列，该实体需要 ${count} 列（含系统字段）`,
      'zh-tw': `${name} 的資料表最多 ${limits.columns} 欄，該實體需要 ${count} 欄（含系統欄位）`,
      en: `${name} allows at most ${limits.columns} columns in a table; this entity needs ${count} (system fields included)`,
    },
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
        texts: {
          'zh-cn': `${name} 每行最多 65535 字节，这些字段需要 ${bytes} 字节：减少字段，或缩短字符串字段的长度、改用长文本`,
          'zh-tw': `${name} 每列最多 65535 位元組，這些欄位需要 ${bytes} 位元組：減少欄位，或縮短字串欄位的長度、改用長文字`,
          en: `${name} allows at most 65,535 bytes per row; these fields need ${bytes}: use fewer fields, shorter strings, or long text`,
        },
      };
  }
  return undefined;
}
