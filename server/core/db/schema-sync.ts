import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Entity, Field } from '../registry/entity-types.js';
import type { Database, DialectName } from './database.js';
import { columnSqlType, columnTypeText, dbNullable, typeClass } from './column-sql.js';
import { encodeValue } from './row-codec.js';
import { ensureKeywordIndex } from './keyword-index.js';
import { ensureRowCount } from './row-count.js';

type TableInfo = { name: string; columns: { name: string; dataType: string }[] };

function storageClass(field: Field): 'text' | 'number' {
  return ['string', 'json', 'datetime', 'date'].includes(field.storage) ? 'text' : 'number';
}

function defaultSql(field: Field) {
  const value = encodeValue(field, field.schema.default);
  if (value === undefined || value === null) return undefined;
  return typeof value === 'number' ? sql.raw(String(value)) : sql.lit(String(value));
}

/**
 * MySQL tables are created utf8mb4 (emoji) with a binary, no-pad collation, whatever the database default is:
 * text then compares as on SQLite and PostgreSQL (unique keys case-sensitive, 'a ' ≠ 'a'). MariaDB calls it
 * utf8mb4_nopad_bin, MySQL 8 utf8mb4_0900_bin; utf8mb4_bin (pads spaces) only where neither exists.
 */
async function mysqlTableOptions(database: Database): Promise<string> {
  const found = await sql<{
    c: string;
  }>`select collation_name as c from information_schema.collations where collation_name in ('utf8mb4_nopad_bin', 'utf8mb4_0900_bin')`.execute(
    database.db,
  );
  return `character set utf8mb4 collate ${found.rows[0]?.c ?? 'utf8mb4_bin'}`;
}

async function createTable(database: Database, entity: Entity, mysqlOptions?: string): Promise<void> {
  const { db, dialect } = database;
  let builder = db.schema.createTable(entity.table).ifNotExists();
  if (mysqlOptions) builder = builder.modifyEnd(sql.raw(mysqlOptions));
  for (const field of entity.fields.filter((f) => !f.virtual)) {
    if (field.name === 'id') {
      builder =
        dialect === 'postgres'
          ? builder.addColumn('id', 'serial', (c) => c.primaryKey())
          : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      continue;
    }
    const def = defaultSql(field);
    // MySQL cannot give text columns a default; the crud layer fills defaults anyway.
    const allowDefault = def !== undefined && !(dialect === 'mysql' && ['text', 'json'].includes(field.columnType));
    builder = builder.addColumn(field.name, columnSqlType(field, dialect), (c) => {
      let col = dbNullable(field) ? c : c.notNull();
      if (allowDefault) col = col.defaultTo(def);
      return col;
    });
  }
  await builder.execute();
}

async function addColumn(database: Database, entity: Entity, field: Field): Promise<void> {
  const def = defaultSql(field);
  // A column added to a table that already has rows must accept them: NOT NULL only with a default.
  const notNull = !dbNullable(field) && def !== undefined;
  await database.db.schema
    .alterTable(entity.table)
    .addColumn(field.name, columnSqlType(field, database.dialect), (c) => {
      let col = notNull ? c.notNull() : c;
      if (def !== undefined && !(database.dialect === 'mysql' && ['text', 'json'].includes(field.columnType)))
        col = col.defaultTo(def);
      return col;
    })
    .execute();
}

/**
 * Indexes that follow from the schema: fields searched by equality or range, sortable list columns and single
 * relations. Long text and JSON columns are left out (MySQL cannot index them whole; a keyword index covers text).
 */
function derivedIndex(f: Field): boolean {
  if (f.virtual || f.name === 'id' || ['text', 'json'].includes(f.columnType) || f.storage === 'json') return false;
  if (f.storage === 'string' && (f.schema.maxLength ?? 255) > 255) return false;
  const list = f.schema['x-list'];
  const ref = f.schema['x-ref'];
  return (
    f.search.some((m) => m === 'eq' || m === 'in' || m === 'range') ||
    (typeof list === 'object' && list !== null && list.sortable === true) ||
    (ref !== undefined && !ref.multiple)
  );
}

async function ensureIndexes(database: Database, entity: Entity): Promise<void> {
  const { db } = database;
  const wanted: { name: string; columns: string[]; unique: boolean }[] = [];
  // A field that leads a composite unique index is searched through that index: no second one to keep up on writes
  // (the history table's entityPrefix, first of entityPrefix + recordId + version).
  const leading = new Set(entity.uniques.map((u) => u[0]));
  for (const f of entity.fields) {
    if (f.unique) wanted.push({ name: `uq_${entity.table}_${f.name}`, columns: [f.name], unique: true });
    else if (f.index || (derivedIndex(f) && !leading.has(f.name)))
      wanted.push({ name: `ix_${entity.table}_${f.name}`, columns: [f.name], unique: false });
  }
  for (const u of entity.uniques) wanted.push({ name: `uq_${entity.table}_${u.join('_')}`, columns: u, unique: true });
  for (const w of wanted) {
    const name = w.name.slice(0, 63);
    let b = db.schema.createIndex(name).ifNotExists().on(entity.table).columns(w.columns);
    if (w.unique) b = b.unique();
    if (database.dialect === 'mysql') {
      // MySQL has no CREATE INDEX IF NOT EXISTS: look first.
      const found = await sql<{
        n: number;
      }>`select count(*) as n from information_schema.statistics where table_schema = database() and table_name = ${entity.table} and index_name = ${name}`.execute(
        db,
      );
      if (Number(found.rows[0]?.n) > 0) continue;
      b = db.schema.createIndex(name).on(entity.table).columns(w.columns);
      if (w.unique) b = b.unique();
    }
    await b.execute();
  }
}

/** A change the sync will not make by itself. */
export class DestructiveChangeError extends Error {}

function writeMigration(dataDir: string | undefined, entity: Entity, statements: string[]): string | undefined {
  if (!dataDir) return undefined;
  const dir = path.join(dataDir, 'migrations');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(
    dir,
    `${new Date()
      .toISOString()
      .replace(/[-:.TZ]/g, '')
      .slice(0, 14)}-${entity.table}.sql`,
  );
  fs.writeFileSync(
    file,
    `-- Proposed by Joinery's schema sync for review; it is not applied automatically.\n${statements.join('\n')}\n`,
  );
  return file;
}

/** What the sync would do to one entity's table. */
export type TablePlan = {
  entity: Entity;
  create: boolean;
  addColumns: string[];
  problems: string[];
  statements: string[];
};

async function readTables(database: Database): Promise<Map<string, TableInfo>> {
  return new Map(
    (await database.db.introspection.getTables()).map((t) => [
      t.name,
      { name: t.name, columns: t.columns.map((c) => ({ name: c.name, dataType: c.dataType })) },
    ]),
  );
}

/** An identifier as the dialect quotes it. */
const quote = (dialect: DialectName, name: string) => (dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);

/**
 * The statements that change a column's type, as the dialect can run them. SQLite has no ALTER COLUMN: the column is
 * renamed, added again with the new type, filled with the converted values and the old one dropped (SQLite 3.35+;
 * an index on the column must be dropped first).
 */
function changeTypeSql(dialect: DialectName, table: string, field: Field): string[] {
  const t = quote(dialect, table);
  const c = quote(dialect, field.name);
  const type = columnTypeText(field, dialect);
  const notNull = dbNullable(field) ? '' : ' NOT NULL';
  if (dialect === 'postgres')
    return [`ALTER TABLE ${t} ALTER COLUMN ${c} TYPE ${type} USING ${c}::${type}; -- check the conversion first`];
  if (dialect === 'mysql')
    return [`ALTER TABLE ${t} MODIFY COLUMN ${c} ${type}${notNull}; -- check the conversion first`];
  const old = quote(dialect, `${field.name}_old`);
  return [
    "-- SQLite cannot change a column's type: copy it into a new column (drop an index on it first)",
    `ALTER TABLE ${t} RENAME COLUMN ${c} TO ${old};`,
    `ALTER TABLE ${t} ADD COLUMN ${c} ${type};`,
    `UPDATE ${t} SET ${c} = CAST(${old} AS ${type});`,
    `ALTER TABLE ${t} DROP COLUMN ${old};`,
  ];
}

function planTable(entity: Entity, existing: TableInfo | undefined, dialect: DialectName): TablePlan {
  if (!existing) return { entity, create: true, addColumns: [], problems: [], statements: [] };
  const problems: string[] = [];
  const statements: string[] = [];
  const have = new Map(existing.columns.map((c) => [c.name, c]));
  for (const field of entity.fields.filter((f) => !f.virtual)) {
    const col = have.get(field.name);
    if (col && field.name !== 'id' && typeClass(col.dataType) !== storageClass(field)) {
      problems.push(
        `column "${field.name}" is ${col.dataType} in the database but the schema makes it ${field.columnType}`,
      );
      statements.push(...changeTypeSql(dialect, entity.table, field));
    }
  }
  for (const col of existing.columns) {
    if (!entity.fieldMap.has(col.name)) {
      problems.push(`column "${col.name}" exists in the database but not in the schema (dropping it would lose data)`);
      statements.push(`ALTER TABLE ${quote(dialect, entity.table)} DROP COLUMN ${quote(dialect, col.name)};`);
    }
  }
  const addColumns = entity.fields.filter((f) => !f.virtual && !have.has(f.name)).map((f) => f.name);
  return { entity, create: false, addColumns, problems, statements };
}

/** What the next start would change in this database, without changing anything (`joinery check`). */
export async function planSchemaSync(database: Database, entities: Entity[]): Promise<TablePlan[]> {
  const tables = await readTables(database);
  return entities.map((e) => planTable(e, tables.get(e.table), database.dialect));
}

/** Brings the database in line with the entities: creates tables, columns and indexes; refuses destructive changes. */
export async function syncSchema(
  database: Database,
  entities: Entity[],
  options: { dataDir?: string } = {},
): Promise<void> {
  const tables = await readTables(database);
  let mysqlOptions: string | undefined;
  for (const entity of entities) {
    const plan = planTable(entity, tables.get(entity.table), database.dialect);
    if (plan.create) {
      if (database.dialect === 'mysql') mysqlOptions ??= await mysqlTableOptions(database);
      await createTable(database, entity, mysqlOptions);
    } else {
      if (plan.problems.length) {
        const file = writeMigration(options.dataDir, entity, plan.statements);
        throw new DestructiveChangeError(
          `Schema sync refused a destructive change to table "${entity.table}" (${entity.origin}): ${plan.problems.join('; ')}. ` +
            `Restore the field in the schema, or apply a reviewed migration${file ? ` (proposal written to ${file})` : ''} and start again.`,
        );
      }
      for (const name of plan.addColumns) await addColumn(database, entity, entity.fieldMap.get(name)!);
    }
    await ensureIndexes(database, entity);
    await ensureKeywordIndex(database, entity);
    await ensureRowCount(database, entity, async () => (mysqlOptions ??= await mysqlTableOptions(database)));
  }
}
