import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import mysql from 'mysql2/promise';

/**
 * The databases test apps run on: an empty one per app (a first start seeds it), or a copy of a template seeded once
 * per run (global-templates.ts). PostgreSQL copies with `CREATE DATABASE … TEMPLATE`, MariaDB table by table (its
 * tables with their AUTO_INCREMENT, rows, then the keyword triggers), SQLite by copying the data folder.
 */
export type DialectUnderTest = 'sqlite' | 'postgres' | 'mysql';

/** Dialects the integration suite runs on. JOINERY_TEST_DIALECTS=sqlite limits it (PostgreSQL on 127.0.0.1:5432 and MariaDB on 127.0.0.1:3306 are on by default). */
export const DIALECTS: DialectUnderTest[] = (process.env.JOINERY_TEST_DIALECTS ?? 'sqlite,postgres,mysql')
  .split(',')
  .map((s) => s.trim()) as DialectUnderTest[];

export type TestDatabase = { url: string; dataDir: string; cleanup(): Promise<void> };

/** A seeded database and data folder (its secret) that copies are made of; never used by an app itself. */
export type SeededTemplate = { dialect: DialectUnderTest; url: string; dataDir: string; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded templates of the run, by dialect (global-templates.ts provides them, harness.ts copies them). */
    joineryTemplates: Partial<Record<DialectUnderTest, SeededTemplate>>;
  }
}

const PG_ADMIN_URL = process.env.JOINERY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL_ADMIN_URL = process.env.JOINERY_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

/**
 * utf8mb4 so emoji are stored. utf8mb4_nopad_bin (MariaDB) compares exactly like SQLite and PostgreSQL do:
 * case-sensitive, and without PAD SPACE, so unique keys treat 'Admin' / 'admin' / 'admin ' as different values
 * (a *_ci collation would reject them as duplicates). Case-insensitive keyword search does not rely on the
 * collation: the dialect layer lowers both sides (server/core/db/dialect-sql.ts). Schema sync gives every table
 * this collation itself, so a production database with another default behaves the same; the database default
 * here only covers what the app creates outside schema sync.
 */
const MYSQL_DATABASE_OPTIONS = 'character set utf8mb4 collate utf8mb4_nopad_bin';

async function withMysql<T>(work: (c: mysql.Connection) => Promise<T>, multipleStatements = false): Promise<T> {
  const c = await mysql.createConnection({ uri: MYSQL_ADMIN_URL, multipleStatements });
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

async function withPg<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

function databaseUrl(dialect: DialectUnderTest, name: string, dataDir: string): string {
  if (dialect === 'sqlite') return `sqlite:${path.join(dataDir, 'test.db')}`;
  return (dialect === 'mysql' ? MYSQL_ADMIN_URL : PG_ADMIN_URL).replace(/\/[^/]*$/, `/${name}`);
}

async function dropDatabase(dialect: DialectUnderTest, name: string, dataDir: string): Promise<void> {
  if (dialect === 'mysql') await withMysql((c) => c.query(`drop database if exists ${name}`));
  if (dialect === 'postgres') await withPg((c) => c.query(`drop database if exists ${name} with (force)`));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A new database under a random name with its data folder, made by `create` (nothing for SQLite: the file is the app's). */
async function newDatabase(
  dialect: DialectUnderTest,
  prefix: string,
  create: (name: string, dataDir: string) => Promise<void>,
): Promise<TestDatabase & { name: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const name = `${prefix.replace(/-/g, '_')}_${randomBytes(6).toString('hex')}`;
  await create(name, dataDir);
  return {
    name,
    url: databaseUrl(dialect, name, dataDir),
    dataDir,
    cleanup: () => dropDatabase(dialect, name, dataDir),
  };
}

/** A fresh, empty database for one test app; dropped by cleanup(). */
export function emptyDatabase(
  dialect: DialectUnderTest,
  prefix = 'joinery-t',
): Promise<TestDatabase & { name: string }> {
  return newDatabase(dialect, prefix, async (name) => {
    if (dialect === 'mysql') await withMysql((c) => c.query(`create database ${name} ${MYSQL_DATABASE_OPTIONS}`));
    if (dialect === 'postgres') await withPg((c) => c.query(`create database ${name}`));
  });
}

/** PostgreSQL refuses a copy while another session is still on the template (55006): wait for it, a few times. */
async function pgCopy(name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await withPg((c) => c.query(`create database ${name} template ${template}`));
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== '55006' || attempt >= 20) throw e;
      await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
    }
  }
}

/** MariaDB has no template databases: its tables as created (AUTO_INCREMENT included), their rows, then triggers. */
async function mysqlCopy(name: string, template: string): Promise<void> {
  await withMysql(async (c) => {
    const [tables] = (await c.query(
      "select table_name as t from information_schema.tables where table_schema = ? and table_type = 'BASE TABLE'",
      [template],
    )) as unknown as [{ t: string }[]];
    const [triggers] = (await c.query(
      'select trigger_name as t from information_schema.triggers where trigger_schema = ? order by action_order',
      [template],
    )) as unknown as [{ t: string }[]];
    const statements = [
      `create database ${name} ${MYSQL_DATABASE_OPTIONS}`,
      `use ${name}`,
      'set foreign_key_checks = 0',
    ];
    for (const { t } of tables) {
      const [[made]] = (await c.query(`show create table \`${template}\`.\`${t}\``)) as unknown as [
        { 'Create Table': string }[],
      ];
      statements.push(made['Create Table'], `insert into \`${t}\` select * from \`${template}\`.\`${t}\``);
    }
    for (const { t } of triggers) {
      const [[made]] = (await c.query(`show create trigger \`${template}\`.\`${t}\``)) as unknown as [
        { 'SQL Original Statement': string }[],
      ];
      statements.push(made['SQL Original Statement']);
    }
    await c.query(statements.join(';\n'));
  }, true);
}

/** A copy of a seeded template, for one test app; dropped by cleanup(). */
export function copyOfTemplate(template: SeededTemplate): Promise<TestDatabase> {
  return newDatabase(template.dialect, 'joinery-t', async (name, dataDir) => {
    fs.cpSync(template.dataDir, dataDir, { recursive: true });
    if (template.dialect === 'postgres') await pgCopy(name, template.name);
    if (template.dialect === 'mysql') await mysqlCopy(name, template.name);
  });
}

/** Drops a template made by global-templates.ts. */
export function dropTemplate(template: SeededTemplate): Promise<void> {
  return dropDatabase(template.dialect, template.name, template.dataDir);
}
