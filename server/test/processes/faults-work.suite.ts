import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type DialectUnderTest, type TestApp } from '../support/harness.js';
import { sideConnection } from './side-connection.js';
import { killServerProcess, startServerProcess, until, type ServerProcess } from './server-process.js';
import type { Row } from '../../core/db/row.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { formatDateTime } from '../../core/db/time.js';

/**
 * Faults the server process must survive (issue 25 §5), on the real server in a process of its own where the fault
 * is the process's: a task run killed mid-run, an upload cut off by the end of its process.
 */
export function faultsWorkSuite(dialect: DialectUnderTest): void {
  if (dialect !== 'sqlite')
    describe(`a task run killed mid-run (${dialect})`, () => {
      let t: TestApp;
      let server: ServerProcess | undefined;

      beforeAll(async () => {
        t = await startApp(dialect, { scheduler: false });
      }, 60_000);
      afterAll(async () => {
        await killServerProcess(server);
        await t?.close();
      }, 30_000);

      it('is logged as interrupted after a restart, and the task runs again at its next slot', async () => {
        server = await startServerProcess(t);
        const token = await t.login();
        const side = await sideConnection(t);
        let taskId = 0;
        let held: Row;
        try {
          // The handler deletes from the operation log; while the lock is held its run cannot end.
          await side.lock('base_sys_log');
          const added = await t.call('POST', '/admin/task/info/add', {
            token,
            body: {
              name: 'Killed mid-run',
              service: 'base.clearOperationLog',
              taskType: 1,
              every: 1000,
              status: 1,
              data: '{}',
            },
          });
          expect(added.status, added.raw).toBe(200);
          taskId = Number((added.body.data as Row).id);
          const task = async () => await untypedRow(t, taskId);
          await until(
            20_000,
            'a run claimed by the server process',
            async () => (await task()).lockOwner !== null && (await side.waiting()).length > 0,
          );
          server.child.kill('SIGKILL');
          expect(await server.exited).toBe('SIGKILL');
          // As if the lease were long (an hour): the next run must not wait for it, only for its process to be gone.
          await untyped(t.app.joinery.database.db)
            .updateTable('task_info')
            .set({ lockExpireTime: formatDateTime(new Date(Date.now() + 3600_000)) })
            .where('id', '=', taskId)
            .execute();
          held = await task();
        } finally {
          await side.release();
          await side.end();
        }
        expect(await t.rows('task_log')).toEqual([]);

        server = await startServerProcess(t);
        const logs = async () => (await t.rows('task_log')).filter((r) => Number(r.taskId) === taskId);
        await until(25_000, 'the interrupted run logged and a later run succeeded', async () => {
          const rows = await logs();
          return rows.some((r) => Number(r.status) === 0) && rows.some((r) => Number(r.status) === 1);
        });
        const rows = await logs();
        const interrupted = rows.find((r) => Number(r.status) === 0)!;
        expect(String(interrupted.detail)).toMatch(
          /^interrupted: the server process running it \(.+, pid \d+\) ended before the run finished$/,
        );
        expect(interrupted.slotTime).not.toBeNull();
        expect(timeOf(interrupted.slotTime)).toBe(Number(held!.lastSlot));
        // The next run did not wait for the dead run's lease to run out (an hour away).
        const ran = rows.find((r) => Number(r.status) === 1)!;
        expect(timeOf(ran.slotTime)).toBeLessThan(timeOf(held!.lockExpireTime));
      }, 180_000);
    });

  async function untypedRow(t: TestApp, id: number): Promise<Row> {
    return (await t.rows('task_info')).find((r) => Number(r.id) === id)!;
  }

  /** A stored date-time (text on SQLite and MySQL, a Date from PostgreSQL's driver) in epoch ms. */
  const timeOf = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v).replace(' ', 'T')).getTime());

  /** Every file under a folder, relative, sorted. */
  function filesUnder(dir: string): string[] {
    if (!fs.existsSync(dir)) return [];
    return (fs.readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => fs.statSync(path.join(dir, f)).isFile())
      .sort();
  }

  if (dialect !== 'sqlite')
    describe(`an upload cut off by the end of its process (${dialect})`, () => {
      let t: TestApp;
      let server: ServerProcess | undefined;

      beforeAll(async () => {
        t = await startApp(dialect, { scheduler: false });
      }, 60_000);
      afterAll(async () => {
        await killServerProcess(server);
        await t?.close();
      }, 30_000);

      const upload = (token: string, name: string) => {
        const form = new FormData();
        form.append('key', name);
        form.append('file', new Blob([`the text of ${name}\n`]), name);
        return fetch(`${server!.base}/admin/base/comm/upload`, {
          method: 'POST',
          headers: { authorization: token },
          body: form,
        });
      };

      it('leaves stored files without a row, which the next start removes once they are past the grace; recorded files stay', async () => {
        server = await startServerProcess(t);
        const token = await t.login();
        const kept = await upload(token, 'kept.txt');
        expect(kept.status, await kept.clone().text()).toBe(200);
        const uploads = path.join(t.dataDir, 'uploads');
        const before = filesUnder(uploads);
        expect(before).toHaveLength(1);

        const side = await sideConnection(t);
        try {
          // The upload stores its file, then waits to write its row: the process ends there.
          await side.lock('space_info');
          const cut = upload(token, 'cut.txt').catch(() => undefined);
          await until(
            20_000,
            'the upload waiting to write its row',
            async () => filesUnder(uploads).length === 2 && (await side.waiting()).length > 0,
          );
          server.child.kill('SIGKILL');
          await server.exited;
          await cut;
        } finally {
          await side.release();
          await side.end();
        }
        expect(filesUnder(uploads)).toHaveLength(2);
        expect((await t.rows('space_info')).map((r) => r.name).filter((n) => String(n).endsWith('.txt'))).toEqual([
          'kept.txt',
        ]);

        // Past the grace (an hour: a younger one may be an upload still under way in another process on this data dir),
        // the next start removes it.
        const journals = path.join(t.dataDir, 'tmp', 'upload-journal');
        const hourAgo = new Date(Date.now() - 2 * 3600_000);
        for (const j of filesUnder(journals)) fs.utimesSync(path.join(journals, j), hourAgo, hourAgo);
        server = await startServerProcess(t);
        // The sweep removes the file, then its journal: wait for the end of both.
        await until(
          10_000,
          'the unrecorded file and its journal removed',
          () => filesUnder(uploads).length === 1 && filesUnder(journals).length === 0,
        );
        expect(filesUnder(uploads)).toEqual(before);
        expect(filesUnder(journals)).toEqual([]);
      }, 240_000);
    });
}
