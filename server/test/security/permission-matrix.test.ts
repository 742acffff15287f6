import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { buildCallers, type Caller, type Expected } from './matrix-callers.js';
import { requireDeclaredAccess } from '../../core/http/access-hook.js';
import type { DeclaredRoute } from '../../core/http/route-types.js';

/** Tables the matrix may write while denied callers run: the op log, sessions (logout) and captchas (public GET). */
const VOLATILE = new Set(['base_sys_log', 'base_sys_session', 'base_sys_captcha']);

/** (method, path) of every route Fastify serves, read from its route tree (printRoutes: one node per line, a path is its ancestors' segments joined). */
function fastifyRoutes(tree: string): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[└├]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    const url = (depth === 0 ? '' : stack[depth - 1]) + m[2];
    stack[depth] = url === '/' ? '/' : url;
    for (const method of (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      out.push({ method, url });
  }
  return out.map((r) => ({ ...r, url: r.url.replace(/^\/\//, '/') }));
}

/** A digest of every durable table, to prove that refused calls change nothing. */
async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of t.app.joinery.registry.all()) {
    if (VOLATILE.has(e.table)) continue;
    out[e.table] = createHash('sha1')
      .update(JSON.stringify(await t.rows(e.table)))
      .digest('hex');
  }
  return out;
}

/** The refresh call needs a refresh token; the matrix sends none, so it fails the way PROTOCOL §3.5 says: 401 登录失效~. */
const isRefreshCall = (r: DeclaredRoute) => r.url === '/admin/base/open/refreshToken';

function verdict(expected: Expected, status: number, body: Record<string, unknown>): string | undefined {
  if (expected === 'allow') {
    // The access layer refuses with UNAUTHORIZED/FORBIDDEN/SESSION_EXPIRED; any other 403 is a module's own rule
    // (only a super admin applies AI-code entities), reached after access was granted.
    const accessRefusal = ['UNAUTHORIZED', 'FORBIDDEN', 'SESSION_EXPIRED'].includes(String(body.errorCode));
    if (status === 401 || (status === 403 && accessRefusal)) return `refused ${status}`;
    if (status >= 500) return `server error ${status}`;
    if (status === 404 && /Not Found$/.test(String(body.message))) return 'route not served';
    return undefined;
  }
  if (status !== expected) return `got ${status}, want ${expected}`;
  const messages = expected === 403 ? ['登录失效或无权限访问~'] : ['登录失效~', '登录失效或无权限访问~'];
  if (body.code !== 1001 || !messages.includes(String(body.message))) return `envelope ${JSON.stringify(body)}`;
  return undefined;
}

describe.each(DIALECTS)('permission matrix (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('lists every route Fastify serves under /admin, and the dispatcher serves nothing else', async () => {
    const listed = t.app.joinery.listRoutes();
    const key = (method: string, url: string) => `${method.toUpperCase()} ${url}`;
    const listedKeys = new Set(listed.map((r) => key(r.method, r.url)));
    expect(listedKeys.size).toBe(listed.length);
    const served = fastifyRoutes(t.app.printRoutes()).filter((r) => r.url.startsWith('/admin/') && r.method !== 'HEAD');
    expect(served.length).toBeGreaterThan(10);
    const wildcard = served
      .filter((r) => r.url === '/admin/*')
      .map((r) => r.method)
      .sort();
    expect(wildcard, 'the generic dispatcher').toEqual(['GET', 'POST']);
    const fixed = served.filter((r) => r.url !== '/admin/*').map((r) => key(r.method, r.url));
    expect(
      fixed.filter((k) => !listedKeys.has(k)),
      'Fastify routes missing from listRoutes()',
    ).toEqual([]);
    expect(new Set(fixed)).toEqual(new Set(t.app.joinery.declared.map((r) => key(r.method, r.url))));

    // Actions a schema declares but no module handles, and made-up names, are not served through the wildcard.
    const unserved = t.app.joinery.registry
      .all()
      .flatMap((e) => e.actions.map((a) => ({ method: a.method, url: `/admin/${e.prefix}/${a.name}` })))
      .filter((r) => !listedKeys.has(key(r.method, r.url)));
    const probes = [
      ...unserved,
      { method: 'post', url: '/admin/product/info/nope' },
      { method: 'post', url: '/admin/base/sys/user/__proto__' },
      { method: 'get', url: '/admin/product/info/page' },
    ];
    for (const p of probes) {
      const r = await t.call(p.method.toUpperCase() as 'GET' | 'POST', p.url, {
        token: admin,
        body: p.method === 'post' ? {} : undefined,
      });
      expect([p.url, r.status]).toEqual([p.url, 404]);
    }
    console.log(
      `[matrix ${dialect}] ${listed.length} routes listed; ${served.length} Fastify /admin routes all covered; ${probes.length} unlisted URLs answer 404`,
    );
  });

  it("answers every route × every caller exactly as the caller's rights say", async () => {
    const started = Date.now();
    const { callers } = await buildCallers(t, admin);
    // Logout ends the caller's session: call it last.
    const routes = [...t.app.joinery.listRoutes()].sort(
      (a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')),
    );
    const failures: string[] = [];
    let cells = 0;
    const counts: Record<string, number> = { allow: 0, 401: 0, 403: 0 };
    const run = async (caller: Caller) => {
      for (const route of routes) {
        const expected: Expected = isRefreshCall(route) ? 401 : caller.expect(route);
        const res = await t.call(route.method === 'get' ? 'GET' : 'POST', route.url, {
          token: caller.authorization,
          body: route.method === 'post' ? {} : undefined,
        });
        const problem = verdict(expected, res.status, res.body);
        if (problem)
          failures.push(
            `${caller.name} × ${route.method.toUpperCase()} ${route.url} [${route.access}]: ${problem} ${res.raw.slice(0, 160)}`,
          );
        cells += 1;
        counts[String(expected)] += 1;
      }
    };
    const before = await fingerprint(t);
    for (const caller of callers.filter((c) => c.readOnly)) await run(caller);
    expect(await fingerprint(t), 'refused callers changed stored rows').toEqual(before);
    for (const caller of callers.filter((c) => !c.readOnly)) await run(caller);

    expect(failures).toEqual([]);
    expect(cells).toBe(routes.length * callers.length);
    const byAccess: Record<string, number> = {};
    for (const r of routes) {
      const kind = r.access === 'public' || r.access === 'login' ? r.access : 'permission';
      byAccess[kind] = (byAccess[kind] ?? 0) + 1;
    }
    console.log(
      `[matrix ${dialect}] ${routes.length} routes (${JSON.stringify(byAccess)}) × ${callers.length} callers = ${cells} cells checked ` +
        `(allow ${counts.allow}, 401 ${counts[401]}, 403 ${counts[403]}), 0 unexpected, ${Date.now() - started} ms`,
    );
  });
});

describe('a route that does not declare its access', () => {
  it('stops start-up with a message naming the route', async () => {
    const app = Fastify();
    requireDeclaredAccess(app);
    app.route({ method: 'GET', url: '/admin/x/ok', config: { access: 'login' }, handler: async () => 'ok' });
    app.route({ method: 'GET', url: '/health', handler: async () => 'ok' });
    const register = () => app.route({ method: 'POST', url: '/admin/x/y', handler: async () => 'nope' });
    let error: unknown;
    try {
      register();
      await app.ready();
    } catch (e) {
      error = e;
    }
    expect(String(error)).toMatch(/POST \/admin\/x\/y does not declare its access/);
    const appRoute = Fastify();
    requireDeclaredAccess(appRoute);
    await expect(
      (async () => {
        appRoute.route({ method: 'GET', url: '/app/user/info/page', handler: async () => 'nope' });
        await appRoute.ready();
      })(),
    ).rejects.toThrow(/\/app\/user\/info\/page does not declare its access/);
  });
});
