import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { directives, expectBaseHeaders, PERSON } from './security-headers.js';

const SANDBOX = "sandbox; default-src 'none'; img-src * data:; style-src 'unsafe-inline'";
const INLINE_SCRIPT = "\n      document.documentElement.dataset.theme = 'light';\n    ";

/** A built-UI stand-in: an index.html with one inline script (like runtime/index.html) and one bundle. */
function fakeUi(dir: string): string {
  const ui = path.join(dir, 'ui');
  fs.mkdirSync(path.join(ui, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(ui, 'index.html'),
    `<!doctype html><html><head><script>${INLINE_SCRIPT}</script></head><body><div id="app"></div><script type="module" src="/assets/main.js"></script></body></html>`,
  );
  fs.writeFileSync(path.join(ui, 'assets', 'main.js'), 'console.log(1)');
  return ui;
}

describe.each(DIALECTS)('security headers and sandboxed param pages (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  const uiRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-ui-'));
  beforeAll(async () => {
    t = await startApp(dialect, { uiDir: fakeUi(uiRoot) });
    admin = await t.login();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(uiRoot, { recursive: true, force: true });
  });

  it('serves admin-authored param HTML raw but sandboxed (no script on our origin), its name escaped in <title>', async () => {
    const add = await t.call('POST', '/admin/base/sys/param/add', {
      token: admin,
      body: {
        keyName: 'aboutPage',
        name: '</title><script>alert(1)</script>',
        data: '<p onclick="x()">About</p><script>localStorage.clear()</script>',
        dataType: 1,
      },
    });
    expect(add.status, add.raw).toBe(200);
    const open = await t.app.inject({ method: 'GET', url: '/admin/base/open/html?key=aboutPage' });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toMatch(/^text\/html/);
    expect(open.headers['content-security-policy']).toBe(SANDBOX);
    expect(open.headers['x-content-type-options']).toBe('nosniff');
    // PROTOCOL §7.2: the raw page, not the envelope; the data is the admin's HTML as written.
    expect(open.body).toBe(
      '<html><title>&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;</title><body><p onclick="x()">About</p><script>localStorage.clear()</script></body></html>',
    );

    const missing = await t.app.inject({ method: 'GET', url: '/admin/base/open/html?key=nope' });
    expect([missing.statusCode, missing.body, missing.headers['content-security-policy']]).toEqual([
      200,
      'key notfound',
      SANDBOX,
    ]);

    const viaParam = await t.app.inject({
      method: 'GET',
      url: '/admin/base/sys/param/html?key=aboutPage',
      headers: { authorization: admin },
    });
    expect(viaParam.statusCode).toBe(200);
    expect(viaParam.headers['content-security-policy']).toBe(SANDBOX);
    expect(viaParam.body).toBe(open.body);
  });

  it('puts CSP, nosniff, frame-ancestors / X-Frame-Options and a referrer policy on every reply: UI, API, files, errors', async () => {
    const replies = {
      'UI index': await t.app.inject({ method: 'GET', url: '/' }),
      'UI screen (history fallback)': await t.app.inject({ method: 'GET', url: '/sys/user' }),
      'UI bundle': await t.app.inject({ method: 'GET', url: '/assets/main.js' }),
      'seed file': await t.app.inject({ method: 'GET', url: '/public/seed/bundle-home.svg' }),
      'API success': await t.app.inject({ method: 'GET', url: PERSON, headers: { authorization: admin } }),
      'API public': await t.app.inject({ method: 'GET', url: '/admin/base/open/eps' }),
      'API 401': await t.app.inject({ method: 'GET', url: PERSON }),
      'API 400 bad JSON': await t.app.inject({
        method: 'POST',
        url: '/admin/base/open/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      }),
      'API 404': await t.app.inject({
        method: 'POST',
        url: '/admin/product/info/nope',
        headers: { authorization: admin },
        payload: {},
      }),
      'unknown file': await t.app.inject({ method: 'GET', url: '/nope.js' }),
    };
    expect(replies['UI index'].statusCode).toBe(200);
    expect(replies['UI bundle'].statusCode).toBe(200);
    expect(replies['seed file'].statusCode).toBe(200);
    expect(replies['API success'].statusCode).toBe(200);
    for (const [what, reply] of Object.entries(replies)) expectBaseHeaders(reply.headers, what);

    // The console's policy: no inline script but the one index.html carries (by its hash), no plugins, no foreign base.
    const csp = directives(replies['UI index'].headers['content-security-policy']);
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    expect(csp['script-src']).toContain("'self'");
    expect(csp['script-src']).toContain(hash);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:']));
    expect(replies['UI screen (history fallback)'].headers['content-security-policy']).toBe(
      replies['UI index'].headers['content-security-policy'],
    );
    // A JSON reply is no document: the short policy, not the console's 600 bytes on every API call.
    for (const what of ['API success', 'API public', 'API 401', 'API 404'] as const)
      expect(replies[what].headers['content-security-policy'], what).toBe("default-src 'none'; frame-ancestors 'self'");
  });

  it("answers Fastify's own refusals in the envelope: a URL that is not valid percent-encoding, and malformed JSON", async () => {
    for (const url of ['/admin/%', '/admin/base/open/%zz', '/%E0%A4%A']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect([url, r.statusCode]).toEqual([url, 400]);
      expect(r.json()).toEqual({ code: 1002, message: '网址无效（百分号编码错误）', errorCode: 'URL_BAD_ENCODING' });
      expectBaseHeaders(r.headers, url);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/admin/base/open/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"admin",',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({
      code: 1002,
      message: 'body: 请求内容不是有效的 JSON',
      errorCode: 'BODY_NOT_JSON',
      details: [{ path: 'body', message: '请求内容不是有效的 JSON' }],
    });
  });

  it('refuses a token whose base64url is not canonical (padding, characters outside the alphabet) like any forged one', async () => {
    expect((await t.call('GET', PERSON, { token: admin })).status).toBe(200);
    const [head, body, sig] = admin.split('.');
    const variants = [
      `${admin}=`,
      `${admin}==`,
      `${head}.${body}=.${sig}`,
      `${head}.${body}.${sig.slice(0, 10)}!${sig.slice(10)}`,
      `${head}.${body}.${sig.slice(0, 10)}\n${sig.slice(10)}`,
      `${head}.${body}.${sig}.`,
    ];
    for (const token of variants) {
      const r = await t.call('GET', PERSON, { token: token.replace('\n', ' ') });
      expect([token, r.status, r.body.code]).toEqual([token, 401, 1001]);
    }
  });
});
