import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import mysql from 'mysql2/promise';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuildOptions } from '../app.js';
import { untyped } from '../core/crud/dynamic-db.js';
import type { Row } from '../core/db/row.js';

export type DialectUnderTest = 'sqlite' | 'postgres' | 'mysql';

/** Dialects the integration suite runs on. JOINERY_TEST_DIALECTS=sqlite limits it (PostgreSQL on 127.0.0.1:5432 and MariaDB on 127.0.0.1:3306 are on by default). */
export const DIALECTS: DialectUnderTest[] = (process.env.JOINERY_TEST_DIALECTS ?? 'sqlite,postgres,mysql')
  .split(',')
  .map((s) => s.trim()) as DialectUnderTest[];

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

async function mysqlAdmin(statement: string): Promise<void> {
  const c = await mysql.createConnection({ uri: MYSQL_ADMIN_URL });
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** A fresh, empty database for one test app; dropped by cleanup(). */
async function freshDatabase(
  dialect: DialectUnderTest,
): Promise<{ url: string; dataDir: string; cleanup(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-test-'));
  if (dialect === 'sqlite') {
    return {
      url: `sqlite:${path.join(dataDir, 'test.db')}`,
      dataDir,
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `joinery_t_${randomBytes(6).toString('hex')}`;
  if (dialect === 'mysql') {
    await mysqlAdmin(`create database ${name} ${MYSQL_DATABASE_OPTIONS}`);
    return {
      url: MYSQL_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
      dataDir,
      cleanup: async () => {
        await mysqlAdmin(`drop database if exists ${name}`);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    dataDir,
    cleanup: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  dialect: DialectUnderTest;
  dataDir: string;
  url: string;
  /** inject() with JSON; returns status and parsed body. */
  call(
    method: 'GET' | 'POST',
    url: string,
    options?: { token?: string; body?: unknown; query?: Record<string, string>; headers?: Record<string, string> },
  ): Promise<{ status: number; body: Row; raw: string }>;
  /** Logs in (captcha off) and returns the access token. */
  login(username?: string, password?: string): Promise<string>;
  /** All rows of a table, ordered by id (to assert on what is stored). */
  rows(table: string): Promise<Row[]>;
  /** Stops this app (keeping its database) and starts a new one on the same database and data folder. */
  restart(options?: BuildOptions): Promise<TestApp>;
  close(): Promise<void>;
};

/** Builds the real app on a fresh real database (captcha off unless asked). */
export async function startApp(dialect: DialectUnderTest, options: BuildOptions = {}): Promise<TestApp> {
  return wrapApp(dialect, await freshDatabase(dialect), options);
}

async function wrapApp(
  dialect: DialectUnderTest,
  db: Awaited<ReturnType<typeof freshDatabase>>,
  options: BuildOptions,
): Promise<TestApp> {
  const app = await buildApp({
    databaseUrl: db.url,
    dataDir: db.dataDir,
    captcha: false,
    seedHistory: false,
    uiDir: path.join(db.dataDir, 'no-ui'),
    ...options,
  });
  const call: TestApp['call'] = async (method, url, o = {}) => {
    const opts: InjectOptions = {
      method,
      url,
      headers: { ...(o.token ? { authorization: o.token } : {}), ...o.headers },
      query: o.query,
    };
    if (o.body !== undefined) opts.payload = o.body as InjectOptions['payload'];
    const res = await app.inject(opts);
    let body: Row = {};
    try {
      body = res.json() as Row;
    } catch {
      body = {};
    }
    return { status: res.statusCode, body, raw: res.body };
  };
  return {
    app,
    dialect,
    dataDir: db.dataDir,
    url: db.url,
    call,
    async login(username = 'admin', password = '123456') {
      const r = await call('POST', '/admin/base/open/login', { body: { username, password } });
      if (r.status !== 200) throw new Error(`login failed: ${r.raw}`);
      return (r.body.data as Row).token as string;
    },
    rows: async (table) =>
      (await untyped(app.joinery.database.db).selectFrom(table).selectAll().orderBy('id').execute()) as Row[],
    async restart(next = options) {
      await app.close();
      return wrapApp(dialect, db, next);
    },
    async close() {
      await app.close();
      await db.cleanup();
    },
  };
}
