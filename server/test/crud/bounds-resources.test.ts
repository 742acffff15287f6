import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngFile } from './png.js';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { createStaff } from '../support/create-staff.js';
import { LIMITS } from './bounds-limits.js';
import { multipart as formBody } from '../support/multipart.js';

/** A valid black-and-white PNG of side × side pixels: 10000 × 10000 is about 12 KB of file and 100 MP to decode. */
const bigPng = (side: number) =>
  pngFile(side, side, 1, deflateSync(Buffer.alloc(side * (1 + Math.ceil(side / 8))), { level: 9 }));
const pdf = (length: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(length - 9)]);

/** A multipart/form-data body of files (field `file`), as a browser sends it. */
const multipart = (files: { filename: string; content: Buffer }[]) =>
  formBody(files.map((f) => ({ name: 'file', ...f })));

describe.each(DIALECTS)('bounded resources on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(dialect, { limits: LIMITS });
    admin = await t.login();
  });
  afterAll(() => t?.close());

  /** The status line of a POST whose headers announce `length` bytes of JSON of which only a few are sent. */
  async function announced(path: string, length: number): Promise<string> {
    const address = t.app.server.listening
      ? `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`
      : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = net.connect(Number(new URL(address).port), '127.0.0.1');
    try {
      const answer = new Promise<string>((resolve, reject) => {
        let text = '';
        socket.on('data', (d) => {
          text += d.toString('utf8');
          if (text.includes('\r\n\r\n')) resolve(text.split('\r\n')[0]);
        });
        socket.on('error', reject);
      });
      socket.write(
        `POST ${path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n{"username":"admin",`,
      );
      return await answer;
    } finally {
      socket.destroy();
    }
  }

  it("an anonymous login over the small-body limit is 413 in the caller's language, refused before the body arrives", async () => {
    const body = { username: 'admin', password: 'x', junk: 'j'.repeat(9000) };
    const en = await t.call('POST', '/admin/base/open/login', { body, headers: { language: 'en' } });
    expect([en.status, en.body.message]).toEqual([413, 'The request body is too large: this route takes at most 8 KB']);
    const tw = await t.call('POST', '/admin/base/open/login', { body, headers: { language: 'zh-tw' } });
    expect([tw.status, tw.body.message]).toEqual([413, '請求內容過大：此介面最多接受 8 KB']);
    // A client announces 2 MB and sends a few bytes: the answer comes from the announcement, without the rest.
    expect(await announced('/admin/base/open/login', 2 * 1024 * 1024)).toBe('HTTP/1.1 413 Payload Too Large');
  });

  it('a body sent to a path no route serves is answered 404 without being read', async () => {
    expect(await announced('/nowhere/at/all', 900 * 1024)).toBe('HTTP/1.1 404 Not Found');
    const r = await t.call('POST', '/nowhere/at/all', { body: { a: 1 } });
    expect([r.status, r.body.message]).toEqual([404, '/nowhere/at/all Not Found']);
  });

  it('ordinary JSON routes take at most the default body (1 MB); a preference body at most its value limit', async () => {
    const page = await t.call('POST', '/admin/base/sys/user/page', {
      token: admin,
      body: { page: 1, junk: 'j'.repeat(1024 * 1024) },
    });
    expect([page.status, page.body.message]).toEqual([413, '请求内容过大：此接口最多接受 1 MB']);
    expect(
      (
        await t.call('POST', '/admin/base/sys/user/page', {
          token: admin,
          body: { page: 1, junk: 'j'.repeat(100_000) },
        })
      ).status,
    ).toBe(200);
    const pref = await t.call('POST', '/admin/base/comm/pref', {
      token: admin,
      body: { key: 'k', value: 'v'.repeat(4000) },
    });
    expect(pref.status).toBe(413);
  });

  it('a user whose role holds no permission has bounded preferences: value size, number of keys, bytes in all', async () => {
    const staff = await createStaff(t, admin, { username: 'prefquota', menuIds: [] });
    const token = await t.login(staff.username, staff.password);
    const save = (key: string, bytes: number) =>
      t.call('POST', '/admin/base/comm/pref', {
        token,
        body: { key, value: 'v'.repeat(bytes - 2) },
        headers: { language: 'en' },
      });
    const big = await save('a', 2049);
    expect([big.status, big.body.message]).toEqual([413, 'value: a preference is at most 2 KB']);
    for (const key of ['a', 'b', 'c']) expect((await save(key, 1000)).status).toBe(200);
    const fourth = await save('d', 10);
    expect([fourth.status, fourth.body.message]).toEqual([413, 'Too many preferences: at most 3 keys per user']);
    // Changing a key it has is still fine, up to the bytes of all its values.
    expect((await save('a', 2000)).status).toBe(200);
    const over = await save('b', 2048);
    expect([over.status, over.body.message]).toEqual([
      413,
      'Preferences too large: at most 5000 bytes in all per user',
    ]);
    const stored = (await t.rows('base_sys_pref')).filter((r) => Number(r.userId) === staff.userId);
    expect(stored.map((r) => r.key).sort()).toEqual(['a', 'b', 'c']);
    // Another user's share is its own.
    expect((await t.call('POST', '/admin/base/comm/pref', { token: admin, body: { key: 'd', value: 1 } })).status).toBe(
      200,
    );
  });

  it('uploads: each user has a daily quota of bytes; past it, 413 naming the limit, and nothing is stored', async () => {
    const staff = await createStaff(t, admin, { username: 'uploadquota', menuIds: [] });
    const token = await t.login(staff.username, staff.password);
    const mode = await t.call('GET', '/admin/base/comm/uploadMode', { token });
    expect(mode.body.data).toMatchObject({ dailyBytes: 40_000, maxPixels: 40_000_000 });
    const send = (bytes: number) => {
      const { payload, headers } = multipart([{ filename: 'doc.pdf', content: pdf(bytes) }]);
      return t.app.inject({
        method: 'POST',
        url: '/admin/base/comm/upload',
        payload,
        headers: { ...headers, authorization: token, language: 'en' },
      });
    };
    expect((await send(15_000)).statusCode).toBe(200);
    expect((await send(15_000)).statusCode).toBe(200);
    const third = await send(15_000);
    expect(third.statusCode).toBe(413);
    expect(third.json().message).toContain('at most 40000 bytes a day');
    expect((await send(10_000)).statusCode).toBe(200);
    const full = await send(100);
    expect(full.statusCode).toBe(413);
    const rows = (await t.rows('space_info')).filter((r) => Number(r.userId) === staff.userId);
    expect(rows.map((r) => Number(r.size))).toEqual([15_000, 15_000, 10_000]);
  });

  it('a PNG of 10000 × 10000 px in 12 KB is refused from its header (413 naming the limit) and never decoded', async () => {
    const bomb = bigPng(10_000);
    expect(bomb.length).toBeLessThan(20_000);
    const { payload, headers } = multipart([{ filename: 'huge.png', content: bomb }]);
    const r = await t.app.inject({
      method: 'POST',
      url: '/admin/base/comm/upload',
      payload,
      headers: { ...headers, authorization: admin, language: 'en' },
    });
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toBe(
      'Upload failed: the picture huge.png is 10000 × 10000 pixels, more than the limit of 40,000,000 pixels (40 MP); scale it down and upload it again',
    );
    const small = multipart([{ filename: 'fine.png', content: bigPng(100) }]);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/admin/base/comm/upload',
      payload: small.payload,
      headers: { ...small.headers, authorization: admin },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("a signed-in user's operation-log rows are bounded per window: a note, then nothing; params past the byte budget are cut", async () => {
    const staff = await createStaff(t, admin, { username: 'logflood', menuIds: [] });
    const token = await t.login(staff.username, staff.password);
    for (let i = 0; i < 40; i++) {
      const r = await t.call('POST', '/admin/base/comm/pref', {
        token,
        body: { key: 'not a key!', value: 'x'.repeat(1500) },
      });
      expect(r.status).toBe(400);
    }
    // Closing the app writes the log's last batch; the database is kept.
    t = await t.restart();
    const rows = (await t.rows('base_sys_log')).filter((r) => Number(r.userId) === staff.userId);
    expect(rows.length).toBe(LIMITS.logUserPerWindow + 1);
    expect(JSON.stringify(rows.at(-1)!.params)).toContain('the rest of them are not logged');
    const bytes = rows.reduce(
      (sum, r) => sum + Buffer.byteLength(String(typeof r.params === 'string' ? r.params : JSON.stringify(r.params))),
      0,
    );
    expect(bytes).toBeLessThanOrEqual(LIMITS.logUserParamsPerWindow + 2048 * (LIMITS.logUserPerWindow + 1));
    expect(bytes).toBeLessThan(40 * 1500);
  });
});
