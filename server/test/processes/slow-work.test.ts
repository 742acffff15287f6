import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { hashPassword, verifyPassword } from '../../core/auth/password.js';
import { LocalDiskStorage } from '../../core/storage/file-storage.js';
import { MAX_ADD_BATCH } from '../../core/crud/crud-service.js';
import type { Row } from '../../core/db/row.js';

/**
 * Issue 25 §1: nothing slow (password hashing, file I/O) runs while a transaction is open, so a large batch never stops
 * other callers; a batch has a size limit that names itself; the guard that keeps the class from coming back.
 */
describe.each(DIALECTS)('slow work outside transactions (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

  it.runIf(dialect === 'sqlite')(
    "while a 150-user batch add runs, another admin's page, an anonymous captcha and a sign-in answer before it does",
    async () => {
      const other = await t.call('POST', '/admin/base/sys/user/add', {
        token,
        body: { username: 'other-admin', name: 'Other', password: 'other-secret-1', roleIdList: [1] },
      });
      expect(other.status, other.raw).toBe(200);
      const otherToken = await t.login('other-admin', 'other-secret-1');
      const users = Array.from({ length: 150 }, (_, i) => ({
        username: `batch-${i}`,
        name: `Batch ${i}`,
        password: `secret-${i}-x`,
        roleIdList: [1],
      }));

      let answered = false;
      const batch = t.call('POST', '/admin/base/sys/user/add', { token, body: users }).then((r) => {
        answered = true;
        return r;
      });
      // Calls made one after another while the batch is in progress: each is answered before the batch is (an order,
      // not a time). With the hashing inside the batch's transaction, every one of them waited for its commit.
      let pages = 0;
      let captchas = 0;
      let logins = 0;
      while (!answered && (pages < 5 || captchas < 5 || logins < 2)) {
        const page = await t.call('POST', '/admin/base/sys/user/page', {
          token: otherToken,
          body: { page: 1, size: 20 },
        });
        expect(page.status, page.raw).toBe(200);
        if (!answered) pages++;
        const captcha = await t.call('GET', '/admin/base/open/captcha');
        expect(captcha.status, captcha.raw).toBe(200);
        if (!answered) captchas++;
        if (logins < 2) {
          // A sign-in's password check goes ahead of the batch's queued hashes.
          expect(await t.login('other-admin', 'other-secret-1')).toMatch(/\./);
          if (!answered) logins++;
        }
      }
      const done = await batch;
      expect(done.status, done.raw).toBe(200);
      expect(done.body.data).toHaveLength(150);
      expect([pages, captchas, logins]).toEqual([5, 5, 2]);
      const stored = (await t.rows('base_sys_user')).filter((r) => String(r.username).startsWith('batch-'));
      expect(stored).toHaveLength(150);
      expect(
        await verifyPassword('secret-149-x', String(stored.find((r) => r.username === 'batch-149')!.password)),
      ).toBe(true);
      expect(await t.login('batch-75', 'secret-75-x')).toMatch(/\./);
    },
    240_000,
  );

  it.runIf(dialect === 'sqlite')(
    'a batch add named with x-progress-id reports how far it has got while it runs, to its own user only',
    async () => {
      const id = `batch-progress-${dialect}`;
      const users = Array.from({ length: 40 }, (_, i) => ({
        username: `progress-${i}`,
        name: `Progress ${i}`,
        password: `secret-${i}-p`,
        roleIdList: [1],
      }));
      let answered = false;
      const batch = t
        .call('POST', '/admin/base/sys/user/add', { token, body: users, headers: { 'x-progress-id': id } })
        .then((r) => {
          answered = true;
          return r;
        });
      // Polled while the batch runs: the count only grows, never past the total, and is seen between the ends.
      const seen: { phase: string; done: number; total: number }[] = [];
      while (!answered) {
        // Lets the hashing threads' answers in between (an in-process call can resolve without leaving the microtasks).
        await new Promise((resolve) => setImmediate(resolve));
        const r = await t.call('GET', '/admin/base/comm/progress', { token, query: { id } });
        expect(r.status, r.raw).toBe(200);
        if (r.body.data) seen.push(r.body.data as { phase: string; done: number; total: number });
      }
      expect((await batch).status).toBe(200);
      expect(seen.some((s) => s.phase === 'check' && s.done > 0 && s.done < 40 && s.total === 40)).toBe(true);
      for (let i = 1; i < seen.length; i++) expect(seen[i].done).toBeGreaterThanOrEqual(seen[i - 1].done);
      const after = await t.call('GET', '/admin/base/comm/progress', { token, query: { id } });
      expect(after.body.data).toEqual({ phase: 'done', done: 40, total: 40 });
      // Another signed-in user asking for the same id learns nothing.
      const other = await t.login('progress-3', 'secret-3-p');
      const theirs = await t.call('GET', '/admin/base/comm/progress', { token: other, query: { id } });
      expect(theirs.status).toBe(200);
      expect(theirs.body.data ?? null).toBeNull();
      const missing = await t.call('GET', '/admin/base/comm/progress', { token });
      expect(missing.status).toBe(400);
    },
    240_000,
  );

  it(`an add of more than ${MAX_ADD_BATCH} records is a 400 naming the limit, in the caller's language, and adds nothing`, async () => {
    const before = (await t.rows('dict_info')).length;
    const body = Array.from({ length: MAX_ADD_BATCH + 1 }, (_, i) => ({ typeId: 1, name: `many-${i}` }));
    const messages: Record<string, string> = {};
    for (const language of ['zh-cn', 'zh-tw', 'en']) {
      const r = await t.call('POST', '/admin/dict/info/add', { token, body, headers: { language } });
      expect(r.status, r.raw).toBe(400);
      messages[language] = String(r.body.message);
      expect(messages[language]).toContain(String(MAX_ADD_BATCH));
      expect(messages[language]).toContain(String(MAX_ADD_BATCH + 1));
    }
    expect(messages.en).toMatch(/^body: at most \d+ records can be added at once/);
    expect(new Set(Object.values(messages)).size).toBe(3);
    expect((await t.rows('dict_info')).length).toBe(before);

    const atLimit = await t.call('POST', '/admin/dict/info/add', { token, body: body.slice(0, MAX_ADD_BATCH) });
    expect(atLimit.status, atLimit.raw).toBe(200);
    expect(atLimit.body.data).toMatchObject({ added: MAX_ADD_BATCH });
    expect((atLimit.body.data as Row).id).toHaveLength(MAX_ADD_BATCH);
    expect((await t.rows('dict_info')).length).toBe(before + MAX_ADD_BATCH);
  });

  it('a password hashed or a stored file written inside an open transaction trips the guard; outside, after the commit, they work', async () => {
    const db = t.app.joinery.database.db;
    const storage = new LocalDiskStorage(path.join(t.dataDir, 'guard-uploads'));
    const temp = path.join(t.dataDir, 'guard-temp.txt');
    fs.writeFileSync(temp, 'x');
    let committed = false;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.selectFrom('base_sys_user').select('id').execute();
        return hashPassword('typed-in-a-transaction');
      }),
    ).rejects.toThrow(/inside an open database transaction/);
    await expect(
      db
        .transaction()
        .setIsolationLevel('serializable')
        .execute(async () => verifyPassword('x', 'scrypt$16384$8$1$a$b')),
    ).rejects.toThrow(/inside an open database transaction/);
    await expect(db.transaction().execute(async () => storage.put('20260101/a.txt', temp))).rejects.toThrow(
      /inside an open database transaction/,
    );
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom('base_sys_user').select('id').execute();
      })
      .then(() => {
        committed = true;
      });
    expect(committed).toBe(true);
    expect(await hashPassword('after-the-commit')).toMatch(/^scrypt\$/);
    await storage.put('20260101/a.txt', temp);
    expect(fs.existsSync(path.join(t.dataDir, 'guard-uploads', '20260101', 'a.txt'))).toBe(true);
  });

  it('a batch of users tells other server processes once that rights changed, not once per user', async () => {
    const version = async () => Number((await t.rows('joinery_rights_version'))[0]?.version ?? 0);
    const before = await version();
    const users = Array.from({ length: 40 }, (_, i) => ({
      username: `told-${i}`,
      name: `Told ${i}`,
      password: `told-${i}-secret`,
      roleIdList: [1],
    }));
    const r = await t.call('POST', '/admin/base/sys/user/add', { token, body: users });
    expect(r.status, r.raw).toBe(200);
    // The bump is a write of its own after the commit; a page call queues behind it (one connection on SQLite, and
    // this reads the row the bump wrote on the others once it has landed).
    await t.call('POST', '/admin/base/sys/user/page', { token, body: { page: 1, size: 1 } });
    let after = await version();
    for (let i = 0; i < 50 && after === before; i++) after = await version();
    expect(after - before).toBeGreaterThanOrEqual(1);
    expect(after - before).toBeLessThanOrEqual(2);
  });

  it('a password changed by update or in the person centre is hashed outside the transaction and signs in', async () => {
    const add = await t.call('POST', '/admin/base/sys/user/add', {
      token,
      body: { username: 'changer', name: 'Changer', password: 'first-secret', roleIdList: [1] },
    });
    expect(add.status, add.raw).toBe(200);
    const upd = await t.call('POST', '/admin/base/sys/user/update', {
      token,
      body: { id: add.body.data, password: 'second-secret' },
    });
    expect(upd.status, upd.raw).toBe(200);
    expect(await t.login('changer', 'second-secret')).toMatch(/\./);
    const person = await t.call('POST', '/admin/base/comm/personUpdate', {
      token: await t.login('changer', 'second-secret'),
      body: { password: 'third-secret', oldPassword: 'second-secret' },
    });
    expect(person.status, person.raw).toBe(200);
    expect(await t.login('changer', 'third-secret')).toMatch(/\./);
  });
});
