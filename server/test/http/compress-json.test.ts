import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';

describe.each(DIALECTS)('large JSON replies compressed for browsers that accept it (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends eps (tens of KB) as brotli or gzip, the same JSON once decoded; small replies and clients that ask for nothing get it plain', async () => {
    const get = (url: string, accept?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: token, ...(accept ? { 'accept-encoding': accept } : {}) },
      });
    const plain = await get('/admin/base/open/eps');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
    for (const [accept, coding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const r = await get('/admin/base/open/eps', accept);
      expect([accept, r.statusCode, r.headers['content-encoding'], r.headers.vary]).toEqual([
        accept,
        200,
        coding,
        'Accept-Encoding',
      ]);
      expect(Number(r.headers['content-length'])).toBe(r.rawPayload.length);
      expect(r.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(decode(r.rawPayload).toString())).toEqual(plain.json());
    }
    const small = await get('/admin/base/comm/person', 'br, gzip');
    expect([small.statusCode, small.headers['content-encoding']]).toEqual([200, undefined]);
    expect(small.json()).toMatchObject({ code: 1000, data: { username: 'admin' } });
  });
});
