import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type DialectUnderTest, type TestApp } from '../support/harness.js';
import { RawConnection } from './keep-alive-client.js';
import { killServerProcess, startServerProcess, until, type ServerProcess } from './server-process.js';
import type { Row } from '../../core/db/row.js';

/**
 * Faults the server process must survive (issue 25 §5), on the real server in a process of its own where the fault
 * is the process's: SIGTERM with requests under way, and what /health says meanwhile.
 */
export function faultsShutdownSuite(dialect: DialectUnderTest): void {
  if (dialect === DIALECTS[0])
    describe(`SIGTERM with requests under way (${dialect})`, () => {
      let t: TestApp;
      let server: ServerProcess | undefined;

      beforeAll(async () => {
        t = await startApp(dialect, { scheduler: false });
        server = await startServerProcess(t);
      }, 180_000);
      afterAll(async () => {
        await killServerProcess(server);
        await t?.close();
      }, 30_000);

      it('answers every request it had accepted, closes idle keep-alive connections and exits 0', async () => {
        const connections = Array.from({ length: 6 }, () => new RawConnection(server!.port));
        // Every connection has been served once and is kept alive.
        for (const c of connections) {
          c.write('GET /health HTTP/1.1\r\nHost: joinery\r\n\r\n');
          const r = await c.reply();
          expect(r.status, r.body).toBe(200);
        }
        // Four requests under way: their heads read (the server said 100 Continue), their bodies still to come.
        const body = JSON.stringify({ username: 'admin', password: '123456' });
        const busy = connections.slice(0, 4);
        const idle = connections.slice(4);
        for (const c of busy) {
          c.write(
            `POST /admin/base/open/login HTTP/1.1\r\nHost: joinery\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
          );
          await c.continued();
        }
        server!.child.kill('SIGTERM');
        // The idle connections are closed by the server: it has begun to stop.
        await Promise.all(idle.map((c) => c.closedByServer()));
        // The requests under way get their bodies now, and their answers.
        for (const c of busy) c.write(body);
        const replies = await Promise.all(busy.map((c) => c.reply()));
        for (const r of replies) {
          expect(r.status, r.body).toBe(200);
          expect((JSON.parse(r.body) as Row).code).toBe(1000);
          expect(r.headers.connection).toBe('close');
        }
        await Promise.all(busy.map((c) => c.closedByServer()));
        expect(await server!.exited).toBe(0);
      }, 40_000);

      it('stops when the launcher that started it (npm start) ends without passing a signal on', async () => {
        // What scripts/start.mjs does (the server with an IPC channel to it); the launcher is then killed outright, as npm
        // run as a container's first process exits on SIGTERM without waiting for its children.
        const root = path.resolve(import.meta.dirname, '../../..');
        const launcher = spawn(
          process.execPath,
          [
            '-e',
            `
      const c = require('node:child_process').spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      console.log('server pid ' + c.pid);`,
          ],
          {
            cwd: root,
            stdio: ['ignore', 'pipe', 'pipe'],
            env: {
              ...process.env,
              DATABASE_URL: t.url,
              JOINERY_DATA_DIR: t.dataDir,
              JOINERY_UI_DIR: path.join(t.dataDir, 'no-ui'),
              PORT: '0',
              HOST: '127.0.0.1',
              JOINERY_LOG: 'warn',
              JOINERY_WORKERS: '1',
            },
          },
        );
        let said = '';
        launcher.stdout!.on('data', (chunk: Buffer) => {
          said += chunk.toString();
        });
        launcher.stderr!.on('data', (chunk: Buffer) => {
          said += chunk.toString();
        });
        await until(120_000, 'the launched server listening', () => said.includes('listening on'));
        const pid = Number(/server pid (\d+)/.exec(said)![1]);
        const alive = () => {
          try {
            process.kill(pid, 0);
            return true;
          } catch {
            return false;
          }
        };
        expect(alive()).toBe(true);
        launcher.kill('SIGKILL');
        try {
          await until(20_000, 'the server ending after its launcher', () => !alive());
        } finally {
          if (alive()) process.kill(pid, 'SIGKILL');
        }
      }, 180_000);
    });

  describe(`GET /health (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(dialect, { scheduler: false });
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    it('answers 200 without a token and says nothing but that it is up', async () => {
      const r = await t.call('GET', '/health');
      expect(r.status, r.raw).toBe(200);
      expect(r.body).toEqual({ code: 1000, message: 'success', data: { status: 'ok' } });
      expect(r.raw).not.toMatch(/sqlite|postgres|mysql|version|joinery_t_/i);
      expect((await t.call('GET', '/api/health')).status).toBe(200);
    });

    it.runIf(dialect === 'sqlite')(
      'a full disk is answered 503 naming SQLITE_FULL, not "cannot rollback"',
      async () => {
        const token = await t.login();
        const db = t.app.joinery.database.db;
        const pages = Number((await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0].page_count);
        await sql.raw(`pragma max_page_count = ${pages}`).execute(db);
        try {
          const long = 'x'.repeat(19_000);
          const r = await t.call('POST', '/admin/product/info/add', {
            token,
            headers: { language: 'en' },
            body: { name: 'Full disk chair', price: 100, categoryId: 1, description: long },
          });
          expect(r.status, r.raw).toBe(503);
          expect(r.body.code).toBe(1003);
          expect(String(r.body.message)).toContain('SQLITE_FULL');
          const tw = await t.call('POST', '/admin/product/info/add', {
            token,
            headers: { language: 'zh-tw' },
            body: { name: 'Full disk chair 2', price: 100, categoryId: 1, description: long },
          });
          expect(tw.status, tw.raw).toBe(503);
          expect(String(tw.body.message)).toContain('磁碟已滿');
        } finally {
          await sql.raw('pragma max_page_count = 1073741823').execute(db);
        }
        // The database works again once there is room.
        expect(
          (
            await t.call('POST', '/admin/product/info/add', {
              token,
              body: { name: 'Roomy chair', price: 100, categoryId: 1 },
            })
          ).status,
        ).toBe(200);
      },
    );

    it.runIf(dialect === 'sqlite')(
      'a read-only database is answered 503 naming SQLITE_READONLY; reads still work',
      async () => {
        const token = await t.login();
        const db = t.app.joinery.database.db;
        await sql`pragma query_only = 1`.execute(db);
        try {
          const r = await t.call('POST', '/admin/product/info/add', {
            token,
            headers: { language: 'en' },
            body: { name: 'Read-only chair', price: 100, categoryId: 1 },
          });
          expect(r.status, r.raw).toBe(503);
          expect(r.body).toEqual({
            code: 1003,
            message: 'The database cannot write: its file is read-only (SQLITE_READONLY)',
            errorCode: 'DB_READ_ONLY',
          });
          expect((await t.call('POST', '/admin/product/info/page', { token, body: {} })).status).toBe(200);
          expect((await t.call('GET', '/health')).status).toBe(200);
        } finally {
          await sql`pragma query_only = 0`.execute(db);
        }
      },
    );

    it.runIf(dialect === 'postgres')(
      "answers 503 in the envelope, in the caller's language, while the database is gone",
      async () => {
        const admin = new pg.Client({ connectionString: t.url.replace(/\/[^/]*$/, '/test') });
        await admin.connect();
        try {
          await admin.query(`drop database ${t.url.slice(t.url.lastIndexOf('/') + 1)} with (force)`);
        } finally {
          await admin.end();
        }
        const health = await t.call('GET', '/health', { headers: { language: 'en' } });
        expect(health.status, health.raw).toBe(503);
        expect(health.body).toEqual({
          code: 1003,
          message: 'The database is unavailable for the moment; please try again shortly',
        });
        const login = await t.call('POST', '/admin/base/open/login', {
          headers: { language: 'zh-tw' },
          body: { username: 'admin', password: '123456' },
        });
        expect(login.status, login.raw).toBe(503);
        expect(login.body).toEqual({
          code: 1003,
          message: '資料庫暫時無法使用，請稍後再試',
          errorCode: 'DB_UNAVAILABLE',
        });
        const cn = await t.call('GET', '/admin/base/open/captcha');
        expect(cn.status, cn.raw).toBe(503);
        expect(cn.body.message).toBe('数据库暂时不可用，请稍后重试');
      },
    );
  });
}
