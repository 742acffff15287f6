import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_DIALECTS, skippedWithoutServerDialects, startApp, type TestApp } from '../support/harness.js';
import { killServerProcess, startServerProcess, type ServerProcess } from './server-process.js';
import { pausableProxy, throughProxy, type PausableProxy } from './pausable-proxy.js';

skippedWithoutServerDialects();

/**
 * Issue 25 §5: a database that stops answering (paused, frozen, partitioned) — connections stay open, nothing comes
 * back. Every request is answered 503 within the configured timeouts instead of hanging, the process keeps running,
 * and once the database answers again so does the server. The app reaches the database through a proxy the test
 * pauses, so the real servers stay free for the other tests.
 */
describe.each(SERVER_DIALECTS)('a paused database (%s)', (dialect) => {
  let t: TestApp;
  let proxy: PausableProxy;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    t = await startApp(dialect, { scheduler: false });
    proxy = await pausableProxy(Number(new URL(t.url).port));
    server = await startServerProcess(
      { url: throughProxy(t.url, proxy), dataDir: t.dataDir },
      { JOINERY_DB_CONNECT_TIMEOUT_MS: '1000', JOINERY_DB_STATEMENT_TIMEOUT_MS: '1500' },
    );
  }, 180_000);
  afterAll(async () => {
    await killServerProcess(server);
    proxy?.resume();
    await proxy?.close();
    await t?.close();
  }, 30_000);

  const call = async (path: string, body?: unknown, token?: string) => {
    const r = await fetch(`${server!.base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        language: 'en',
        ...(token ? { authorization: token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: r.status,
      body: (await r.json()) as { code: number; message: string; data?: unknown; errorCode?: string },
    };
  };

  it('answers every request 503 while it is paused, never hangs, and serves again once it answers', async () => {
    const login = await call('/admin/base/open/login', { username: 'admin', password: '123456' });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = (login.body.data as { token: string }).token;
    const page = () => call('/admin/base/sys/user/page', { page: 1, size: 10 }, token);
    // Several connections open and idle in the pool: the calls during the pause are sent on them.
    for (const r of await Promise.all([page(), page(), page(), page()])) expect(r.status).toBe(200);

    proxy.pause();
    // Pooled connections that wait for an answer, and new ones that wait for the handshake, all give up.
    const during = await Promise.all([page(), page(), call('/health'), page()]);
    // The health route says no more than that (no errorCode); the API replies name the entry.
    for (const r of during)
      expect(r).toMatchObject({
        status: 503,
        body: { code: 1003, message: 'The database is unavailable for the moment; please try again shortly' },
      });
    expect(during.map((r) => r.body.errorCode)).toEqual([
      'DB_UNAVAILABLE',
      'DB_UNAVAILABLE',
      undefined,
      'DB_UNAVAILABLE',
    ]);
    expect(server!.child.exitCode).toBeNull();

    proxy.resume();
    const after = await page();
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect((await call('/health')).status).toBe(200);
  }, 90_000);
});
