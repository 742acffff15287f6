import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { killServerProcess, startServerProcess, type ServerProcess } from './server-process.js';
import type { Row } from '../../core/db/row.js';
import { openDatabase } from '../../core/db/database.js';
import { loadOrCreateSecret } from '../../core/auth/secret.js';

/** Faults once a run, on the first dialect under test: processes that do not share a data folder, and SQLite ending
 * a transaction by itself. */
const dialect = DIALECTS[0];

describe(`processes with separate data dirs (${dialect})`, () => {
  let t: TestApp;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    t = await startApp(dialect, { scheduler: false });
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) await killServerProcess(s);
    await t?.close();
  }, 30_000);

  it("accept each other's tokens when JOINERY_JWT_SECRET gives them one secret, and refuse them without it", async () => {
    const token = await t.login();
    const secret = fs.readFileSync(path.join(t.dataDir, 'jwt-secret'), 'utf8').trim();
    const person = (s: ServerProcess) =>
      fetch(`${s.base}/admin/base/comm/person`, { headers: { authorization: token } });
    const ownDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-other-'));

    const alone = await startServerProcess({ url: t.url, dataDir: ownDir() }, {});
    servers.push(alone);
    expect((await person(alone)).status).toBe(401);

    const file = path.join(ownDir(), 'secret');
    fs.writeFileSync(file, `${secret}\n`);
    const shared = await startServerProcess({ url: t.url, dataDir: ownDir() }, { JOINERY_JWT_SECRET_FILE: file });
    servers.push(shared);
    const r = await person(shared);
    expect(r.status, await r.clone().text()).toBe(200);
    expect(((await r.json()) as { data: Row }).data.username).toBe('admin');
    // The variable itself wins over the data dir's file.
    expect(loadOrCreateSecret(ownDir(), { JOINERY_JWT_SECRET: secret })).toBe(secret);
  }, 240_000);

  it('a weak or unreadable shared secret stops the start with its reason', () => {
    expect(() => loadOrCreateSecret(t.dataDir, { JOINERY_JWT_SECRET: 'secret' })).toThrow(
      /JWT secret is shorter than 32 characters/,
    );
    expect(() => loadOrCreateSecret(t.dataDir, { JOINERY_JWT_SECRET: 'a'.repeat(64) })).toThrow(/too simple/);
    expect(() => loadOrCreateSecret(t.dataDir, { JOINERY_JWT_SECRET_FILE: path.join(t.dataDir, 'none') })).toThrow(
      /JOINERY_JWT_SECRET_FILE .* cannot be read/,
    );
  });
});

// Needs no server and no dialect under test: once a run.
describe('SQLite ends a transaction by itself (disk full, I/O error)', () => {
  it('the caller gets the statement\'s own error, not "cannot rollback - no transaction is active"', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-rollback-'));
    const database = await openDatabase(`sqlite:${path.join(dir, 'x.db')}`);
    try {
      await sql`create table t (id integer primary key)`.execute(database.db);
      const failed = database.db.transaction().execute(async (trx) => {
        await sql`insert into t (id) values (1)`.execute(trx);
        // What SQLite does after SQLITE_FULL or SQLITE_IOERR: the transaction is gone when the error reaches us.
        await sql`rollback`.execute(trx);
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      });
      await expect(failed).rejects.toMatchObject({ code: 'SQLITE_FULL', message: 'database or disk is full' });
      // The connection is usable afterwards.
      await sql`insert into t (id) values (2)`.execute(database.db);
      expect((await sql<{ n: number }>`select count(*) as n from t`.execute(database.db)).rows[0].n).toBe(1);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
