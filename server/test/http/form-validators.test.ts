import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { LINEAR_REGEXP_MODULE, RUNTIME_MODULES } from '../../core/http/form-validators.js';
import { linearRegExp } from '../../../runtime/engine/linear-regexp.js';

const require = createRequire(import.meta.url);
const COMPILE = '/admin/base/comm/formValidator';

/** A form like the console's edit dialog makes: required fields, lengths, union types, wire date-times, an enum. */
const SCHEMA = {
  type: 'object',
  required: ['title', 'price'],
  properties: {
    title: { type: 'string', title: '标题', minLength: 1, maxLength: 5 },
    price: { type: 'integer', title: '价格', minimum: 0 },
    note: { type: ['string', 'null'], maxLength: 3 },
    at: { type: ['string', 'null'], format: 'date-time' },
    status: { type: 'integer', enum: [0, 1] },
  },
};

type Validate = ((data: unknown) => boolean) & { errors?: { instancePath: string; keyword: string }[] | null };

/** Loads a served module as the page does: imported, then called with the runtime helpers it names. */
async function load(dir: string, name: string, text: string): Promise<Record<string, Validate>> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  const mod = (await import(pathToFileURL(file).href)) as {
    default: (r: (n: string) => unknown) => Record<string, Validate>;
  };
  return mod.default((n) => {
    if (!RUNTIME_MODULES.includes(n)) throw new Error(`asked for ${n}`);
    // The page's own pattern engine (runtime/engine/form-validator.ts hands over the same one).
    if (n === LINEAR_REGEXP_MODULE) return { default: linearRegExp };
    return require(n);
  });
}

describe.each(DIALECTS)('form validators compiled by the server, served as same-origin modules (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(async () => {
    await t.close();
  });

  it("a schema pattern runs on the linear-time engine in the page too: ^(a+)+$ on 30 a's and a ! answers at once", async () => {
    const schema = { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } };
    const compiled = await t.call('POST', COMPILE, { token, body: { schema } });
    expect(compiled.status, compiled.raw).toBe(200);
    const url = (compiled.body.data as { url: string }).url;
    const text = (await t.app.inject({ method: 'GET', url })).body;
    expect(text).toContain(`require("${LINEAR_REGEXP_MODULE}")`);
    const dir = fs.mkdtempSync(path.join(t.dataDir, 'page-'));
    const fns = await load(dir, 'pattern.mjs', text);
    const validate = Object.values(fns)[0];
    expect(validate({ code: 'aaa' })).toBe(true);
    // With the browser's RegExp this value takes minutes (exponential backtracking); RE2JS answers in linear time.
    expect(validate({ code: `${'a'.repeat(30)}!` })).toBe(false);
    expect(validate.errors?.[0]?.keyword).toBe('pattern');
  });

  it("compiles a signed-in user's form schema into a module that checks as the form should, cached for a year, compressed", async () => {
    expect((await t.call('POST', COMPILE, { body: { schema: SCHEMA } })).status).toBe(401);
    const compiled = await t.call('POST', COMPILE, { token, body: { schema: SCHEMA } });
    expect(compiled.status).toBe(200);
    const url = (compiled.body.data as { url: string }).url;
    expect(url).toMatch(/^\/form-validators\/[\w-]{32}\.js$/);
    // The same schema gets the same address (the browser's cached copy is used again); another schema another one.
    expect((await t.call('POST', COMPILE, { token, body: { schema: SCHEMA } })).body.data).toEqual({ url });
    const other = await t.call('POST', COMPILE, { token, body: { schema: { ...SCHEMA, required: ['title'] } } });
    expect((other.body.data as { url: string }).url).not.toBe(url);

    // Loaded by a <script type=module> (no token): public, JavaScript, immutable, and compressed when the browser accepts it.
    const plain = await t.app.inject({ method: 'GET', url });
    expect([plain.statusCode, plain.headers['content-type'], plain.headers['cache-control']]).toEqual([
      200,
      'text/javascript; charset=utf-8',
      'public, max-age=31536000, immutable',
    ]);
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(plain.body).not.toMatch(/\beval\(|new Function/);

    const fns = await load(t.dataDir, 'v1.mjs', plain.body);
    const validate = Object.values(fns)[0];
    const check = (data: unknown) =>
      validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.keyword}`).sort();
    expect(check({ title: 'ok', price: 3, note: null, at: '2026-11-27 10:00:00', status: 1 })).toEqual([]);
    expect(check({ title: 'ok', price: 3, at: '2026-11-27T10:00:00Z' })).toEqual([]);
    expect(check({ price: -1 })).toEqual(['/ required', '/price minimum']);
    expect(check({ title: '六个字太长了', price: 1.5, note: 'four', at: 'tomorrow', status: 2 })).toEqual([
      '/at format',
      '/note maxLength',
      '/price type',
      '/status enum',
      '/title maxLength',
    ]);
  });

  it('serves a module compiled by another process of the installation (the data folder holds them), and 404 for one never made', async () => {
    const compiled = await t.call('POST', COMPILE, { token, body: { schema: SCHEMA } });
    const url = (compiled.body.data as { url: string }).url;
    const first = await t.app.inject({ method: 'GET', url });
    t = await t.restart();
    token = await t.login();
    const again = await t.app.inject({ method: 'GET', url });
    expect([again.statusCode, again.body]).toEqual([200, first.body]);
    const missing = await t.call('GET', '/form-validators/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.js', {
      headers: { language: 'en' },
    });
    expect([missing.status, missing.body.message]).toEqual([404, 'No such form validator']);
    expect((await t.call('GET', '/form-validators/..%2F..%2Fjwt-secret')).status).toBe(404);
  });

  it("refuses what is no schema, in the caller's language", async () => {
    for (const [lang, text] of [
      ['en', 'schema must be an object'],
      ['zh-tw', 'schema 必須是物件'],
      ['zh-cn', 'schema 必须是对象'],
    ]) {
      const r = await t.call('POST', COMPILE, { token, body: { schema: 'x' }, headers: { language: lang } });
      expect([r.status, r.body.message]).toEqual([400, text]);
    }
    const bad = await t.call('POST', COMPILE, {
      token,
      body: { schema: { type: 'object', properties: { a: { type: 'nonsense' } } } },
      headers: { language: 'en' },
    });
    expect(bad.status).toBe(400);
    expect(String(bad.body.message)).toMatch(/^The form schema cannot be compiled: /);
  });
});
