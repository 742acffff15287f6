import path from 'node:path';
import { inject, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuildOptions } from '../../app.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import type { Row } from '../../core/db/row.js';
import {
  copyOfTemplate,
  DIALECTS,
  emptyDatabase,
  type DialectUnderTest,
  type SeededTemplate,
  type TestDatabase,
} from './test-databases.js';

export { DIALECTS, type DialectUnderTest };

/**
 * One dialect's file of a suite split into a file per dialect: `<name>.suite.ts` exports the suite as a function of
 * the dialect, `<name>.<dialect>.test.ts` calls this. A suite that takes more than ~30 s on one dialect is split so,
 * so that its dialects run side by side on the workers; vitest-sequencer.ts starts these files first. A dialect that
 * JOINERY_TEST_DIALECTS leaves out leaves its file with one skipped test.
 */
export function dialectFile(dialect: DialectUnderTest, suite: (dialect: DialectUnderTest) => void): void {
  if (DIALECTS.includes(dialect)) suite(dialect);
  else it.skip(`${dialect} is not in JOINERY_TEST_DIALECTS`, () => undefined);
}

/** The dialects with a database server of their own (a suite about connections, pauses or a second process). */
export const SERVER_DIALECTS = DIALECTS.filter((d) => d !== 'sqlite');

/** A file whose suites run on SERVER_DIALECTS only says so with one skipped test when JOINERY_TEST_DIALECTS has none. */
export function skippedWithoutServerDialects(): void {
  if (SERVER_DIALECTS.length === 0) it.skip('needs postgres or mysql in JOINERY_TEST_DIALECTS', () => undefined);
}

/**
 * What the first start writes (tables, keyword indexes, seeded rows, the secret) is the same for every test app that
 * only changes how the server runs: such apps start on a copy of a database seeded once per run (global-templates.ts)
 * — a second start of the same data, as after any restart. Options that change what is seeded or which tables exist
 * (`schemasDir`, `seed`, `seedHistory`, `clock`, `databaseUrl`, `dataDir`…) get an empty database and a first start,
 * as does every app when `JOINERY_TEST_TEMPLATES=off`.
 */
const RUN_ONLY_OPTIONS = new Set([
  'scheduler',
  'limits',
  'captcha',
  'accessTtl',
  'refreshTtl',
  's3',
  'epsPublic',
  'errorStatus',
  'uiDir',
  'logger',
  'sessionClock',
  'loginClock',
]);

function templateFor(dialect: DialectUnderTest, options: BuildOptions): SeededTemplate | undefined {
  if (process.env.JOINERY_TEST_TEMPLATES === 'off') return undefined;
  if (!Object.keys(options).every((k) => RUN_ONLY_OPTIONS.has(k))) return undefined;
  return inject('joineryTemplates')?.[dialect];
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
  const template = templateFor(dialect, options);
  return wrapApp(dialect, template ? await copyOfTemplate(template) : await emptyDatabase(dialect), options);
}

async function wrapApp(dialect: DialectUnderTest, db: TestDatabase, options: BuildOptions): Promise<TestApp> {
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
