import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type DialectUnderTest, type TestApp } from '../support/harness.js';
import { sideConnection } from './side-connection.js';
import { killServerProcess, startServerProcess, until, type ServerProcess } from './server-process.js';
import type { Row } from '../../core/db/row.js';

/**
 * Faults the server process must survive (issue 25 §5), on the real server in a process of its own where the fault
 * is the process's: a database connection ended mid-transaction, requests stuck behind the database.
 */
export function faultsDatabaseSuite(dialect: DialectUnderTest): void {
  if (dialect !== 'sqlite')
    describe(`the database ends a connection mid-transaction (${dialect})`, () => {
      let t: TestApp;
      let server: ServerProcess | undefined;
      let token: string;

      beforeAll(async () => {
        t = await startApp(dialect, { scheduler: false });
        token = await t.login();
        server = await startServerProcess(t);
      }, 180_000);
      afterAll(async () => {
        await killServerProcess(server);
        await t?.close();
      }, 30_000);

      const update = (id: number, name: string) =>
        fetch(`${server!.base}/admin/product/info/update`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json', language: 'en' },
          body: JSON.stringify({ id, name }),
        });

      it('answers that request 503, keeps running, and the next request works', async () => {
        const added = await t.call('POST', '/admin/product/info/add', {
          token,
          body: { name: 'Oak chair', price: 100, categoryId: 1 },
        });
        expect(added.status, added.raw).toBe(200);
        const id = Number((added.body.data as Row).id);
        const side = await sideConnection(t);
        let pending: Promise<Response> | undefined;
        try {
          // The update's transaction has read the row and now waits to write it.
          await side.lock('product_info', id);
          pending = update(id, 'Cut-off chair');
          let ids: number[] = [];
          await until(20_000, 'the update waiting on the row lock inside its transaction', async () => {
            ids = [...new Set([...(await side.waiting()), ...(await side.updating('product_info'))])];
            return ids.length > 0;
          });
          for (const waiting of ids) await side.terminate(waiting);
        } finally {
          await side.release();
          await side.end();
        }
        const cut = await pending!;
        const body = (await cut.json()) as Row;
        expect(cut.status, `${JSON.stringify(body)}\n${server!.output()}`).toBe(503);
        expect(body).toEqual({
          code: 1003,
          message: 'The database is unavailable for the moment; please try again shortly',
          errorCode: 'DB_UNAVAILABLE',
        });
        // The process is still there, and answers.
        expect(server!.child.exitCode).toBeNull();
        const next = await update(id, 'Next chair');
        expect(next.status, await next.clone().text()).toBe(200);
        expect((await fetch(`${server!.base}/health`)).status).toBe(200);
        expect(server!.child.exitCode).toBeNull();
        expect((await t.rows('product_info')).find((r) => Number(r.id) === id)?.name).toBe('Next chair');
      }, 60_000);
    });

  if (dialect !== 'sqlite')
    describe(`requests stuck behind the database (${dialect})`, () => {
      let t: TestApp;
      let server: ServerProcess | undefined;

      beforeAll(async () => {
        t = await startApp(dialect, { scheduler: false });
        server = await startServerProcess(t, {
          JOINERY_DB_CONNECT_TIMEOUT_MS: '1000',
          JOINERY_DB_STATEMENT_TIMEOUT_MS: '3000',
        });
      }, 180_000);
      afterAll(async () => {
        await killServerProcess(server);
        await t?.close();
      }, 30_000);

      it('are answered 503 when no connection is free or a statement runs too long, never left hanging', async () => {
        const token = await t.login();
        const added = await t.call('POST', '/admin/product/info/add', {
          token,
          body: { name: 'Busy chair', price: 100, categoryId: 1 },
        });
        const id = Number((added.body.data as Row).id);
        const update = (name: string) =>
          fetch(`${server!.base}/admin/product/info/update`, {
            method: 'POST',
            headers: { authorization: token, 'content-type': 'application/json', language: 'en' },
            body: JSON.stringify({ id, name }),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as Row }));
        const side = await sideConnection(t);
        let replies: { status: number; body: Row }[];
        try {
          // Twelve writes of a locked row: ten hold the pool's connections waiting for the lock, two wait for a connection.
          await side.lock('product_info', id);
          replies = await Promise.all(Array.from({ length: 12 }, (_, i) => update(`Busy chair ${i}`)));
        } finally {
          await side.release();
          await side.end();
        }
        for (const r of replies)
          expect(r).toEqual({
            status: 503,
            body: {
              code: 1003,
              message: 'The database is unavailable for the moment; please try again shortly',
              errorCode: 'DB_UNAVAILABLE',
            },
          });
        expect(server!.child.exitCode).toBeNull();
        const after = await update('Free chair');
        expect(after.status, JSON.stringify(after.body)).toBe(200);
      }, 60_000);
    });
}
