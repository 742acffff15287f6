import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { precompressDir } from '../../core/http/precompress.js';
import { chooseEncoding } from '../../core/http/built-ui.js';

/**
 * The built console as a browser gets it: a fixture build (index.html, a content-hashed bundle and stylesheet, a tiny
 * file not worth compressing) precompressed by the same step the UI build runs, served by two app instances.
 */
const BUNDLE = '/assets/main-Bx7Kq2Ld.js';
const STYLE = '/assets/index-C9aa0fQe.css';
const TINY = '/assets/tiny-D1x2y3z4.js';

function fixtureBuild(dir: string): Record<string, Buffer> {
  const ui = path.join(dir, 'ui');
  fs.mkdirSync(path.join(ui, 'assets'), { recursive: true });
  const js = Array.from(
    { length: 1500 },
    (_, i) =>
      `export function field${i}(row) { return row && row.values ? row.values[${i}] ?? null : 'empty-${(i * 7919) % 1000}'; }`,
  ).join('\n');
  const css = Array.from(
    { length: 400 },
    (_, i) => `.c${i}{margin:${i % 13}px;color:#${((i * 2654435761) % 0xffffff).toString(16).padStart(6, '0')}}`,
  ).join('\n');
  const html = `<!doctype html><html><head><script>document.documentElement.dataset.x='1'</script><link rel="stylesheet" href="${STYLE}"></head><body><div id="app"></div><script type="module" src="${BUNDLE}"></script></body></html>`;
  const files: Record<string, Buffer> = {
    '/index.html': Buffer.from(html),
    [BUNDLE]: Buffer.from(js),
    [STYLE]: Buffer.from(css),
    [TINY]: Buffer.from('1'),
  };
  for (const [url, body] of Object.entries(files)) fs.writeFileSync(path.join(ui, url), body);
  return files;
}

const decode = (encoding: unknown, body: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

describe('the built console: precompressed, cached, revalidated', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-built-ui-'));
  const uiDir = path.join(dir, 'ui');
  let files: Record<string, Buffer>;
  const apps: FastifyInstance[] = [];
  const start = async (name: string) => {
    fs.mkdirSync(path.join(dir, name));
    const app = await buildApp({
      databaseUrl: `sqlite:${path.join(dir, name, 'x.db')}`,
      dataDir: path.join(dir, name),
      captcha: false,
      seedHistory: false,
      uiDir,
    });
    apps.push(app);
    return app;
  };
  let app: FastifyInstance;
  beforeAll(async () => {
    files = fixtureBuild(dir);
    await precompressDir(uiDir);
    app = await start('first');
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('sends each text file in the coding the browser prefers, smaller, with its length, and the same bytes once decoded', async () => {
    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ];
    for (const url of [BUNDLE, STYLE, '/index.html']) {
      for (const [accept, expected] of cases) {
        const r = await app.inject({ method: 'GET', url, headers: accept ? { 'accept-encoding': accept } : {} });
        const what = `${url} with Accept-Encoding "${accept}"`;
        expect([what, r.statusCode, r.headers['content-encoding']]).toEqual([what, 200, expected]);
        expect(r.headers.vary, what).toBe('Accept-Encoding');
        expect(Number(r.headers['content-length']), what).toBe(r.rawPayload.length);
        expect(decode(r.headers['content-encoding'], r.rawPayload).equals(files[url]), what).toBe(true);
        if (expected)
          expect(r.rawPayload.length, what).toBeLessThan(files[url].length * (url === '/index.html' ? 0.95 : 0.5));
      }
    }
    const js = await get(BUNDLE, { 'accept-encoding': 'br' });
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    // A script is no document: the short policy that allows nothing, not the console's (sent on every file of a load).
    expect(js.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    expect((await get('/sys/user')).headers['content-security-policy']).toMatch(/script-src 'self'/);
    // A file compression does not shrink goes as it is, whatever the browser accepts.
    const tiny = await get(TINY, { 'accept-encoding': 'br, gzip' });
    expect([tiny.statusCode, tiny.headers['content-encoding'], tiny.body]).toEqual([200, undefined, '1']);
  });

  it('lets hashed assets be cached for a year without asking again; index.html and app screens are asked again every time', async () => {
    for (const url of [BUNDLE, STYLE, TINY])
      expect((await get(url)).headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/sys/user', '/product/info?x=1']) {
      const r = await get(url, { 'accept-encoding': 'br' });
      expect([url, r.statusCode, r.headers['cache-control'], r.headers['content-type']]).toEqual([
        url,
        200,
        'no-cache',
        'text/html; charset=utf-8',
      ]);
      expect(zlib.brotliDecompressSync(r.rawPayload).equals(files['/index.html']), url).toBe(true);
    }
    expect((await get('/assets/missing-0000.js')).statusCode).toBe(404);
  });

  it('answers a revalidation with 304 and no body while the file is the same, in whichever coding the copy was kept', async () => {
    for (const url of ['/', '/sys/user', BUNDLE]) {
      const br = await get(url, { 'accept-encoding': 'br' });
      const plain = await get(url);
      expect(br.headers.etag).not.toBe(plain.headers.etag);
      for (const tag of [
        br.headers.etag,
        plain.headers.etag,
        `W/${br.headers.etag}`,
        `"other", ${plain.headers.etag}`,
      ]) {
        const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(tag) });
        expect([url, tag, again.statusCode, again.rawPayload.length]).toEqual([url, tag, 304, 0]);
        expect(again.headers.etag).toBe(br.headers.etag);
        expect(again.headers['cache-control']).toBe(br.headers['cache-control']);
        expect(again.headers.vary).toBe('Accept-Encoding');
      }
      expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    }
  });

  it('gives the same ETag after a restart, though the files were touched (a tag from the content, not the file times); a new build gets a new one', async () => {
    const before = Object.fromEntries(
      await Promise.all(
        ['/', BUNDLE].map(async (u) => [u, (await get(u, { 'accept-encoding': 'gzip' })).headers.etag]),
      ),
    );
    const later = new Date(Date.now() + 3_600_000);
    for (const name of fs.readdirSync(uiDir, { recursive: true }) as string[])
      fs.utimesSync(path.join(uiDir, name), later, later);
    const second = await start('second');
    for (const url of ['/', BUNDLE]) {
      const r = await second.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip', 'if-none-match': String(before[url]) },
      });
      expect([url, r.statusCode, r.headers.etag]).toEqual([url, 304, before[url]]);
    }
    const next = `<!doctype html>${'<p>new build</p>'.repeat(20)}`;
    fs.writeFileSync(path.join(uiDir, 'index.html'), next);
    await precompressDir(uiDir);
    const third = await start('third');
    const r = await third.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(before['/']) },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers.etag).not.toBe(before['/']);
    expect(zlib.gunzipSync(r.rawPayload).toString()).toBe(next);
  });
});

describe('Accept-Encoding negotiation', () => {
  it('never picks a coding the browser refused (q=0) or did not name, nor one the file lacks; prefers the higher q, brotli on a tie', () => {
    const coding = fc.constantFrom('br', 'gzip', 'deflate', 'identity', '*', 'zstd', 'x-gzip');
    const part = fc.tuple(coding, fc.option(fc.constantFrom(0, 0.1, 0.5, 1), { nil: undefined }));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 5 }), fc.boolean(), fc.boolean(), (parts, hasBr, hasGzip) => {
        const header = parts.map(([c, q]) => (q === undefined ? c : `${c};q=${q}`)).join(', ');
        const weights = new Map<string, number>();
        for (const [c, q] of parts) weights.set(c === 'x-gzip' ? 'gzip' : c, q ?? 1);
        const weight = (c: string) => weights.get(c) ?? weights.get('*') ?? 0;
        const chosen = chooseEncoding(header, { br: hasBr || undefined, gzip: hasGzip || undefined });
        const offered = ([hasBr && 'br', hasGzip && 'gzip'].filter(Boolean) as string[]).filter((c) => weight(c) > 0);
        if (offered.length === 0) return chosen === null;
        const best = Math.max(...offered.map(weight));
        return (
          chosen !== null &&
          offered.includes(chosen) &&
          weight(chosen) === best &&
          (chosen === 'br' || !offered.includes('br') || weight('br') < best)
        );
      }),
      { numRuns: 500 },
    );
  });
});
