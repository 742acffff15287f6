import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { generateOpenApi } from '../../core/http/openapi.js';

/*
 * The body and reply schemas hand-written routes declare (server/core/http/route-schema.ts) are what they answer:
 * a real call of every declared route, its reply checked against the OpenAPI document made from the declarations.
 * A route added without a schema, or without a case here, fails.
 */

type Call = { method: 'GET' | 'POST'; url: string; query?: Record<string, string>; body?: unknown };
const proposal = {
  module: 'shop',
  name: 'lamp',
  title: 'Lamp',
  fields: [{ name: 'label', type: 'string', required: true }],
};

/** One valid call per route, in an order that works (create before read, logout last). */
const CALLS: Call[] = [
  { method: 'GET', url: '/admin/base/open/captcha', query: { width: '100' } },
  { method: 'POST', url: '/admin/base/open/login', body: { username: 'admin', password: '123456' } },
  // The refresh token the login above returned (filled in when called).
  { method: 'GET', url: '/admin/base/open/refreshToken', query: { refreshToken: '' } },
  { method: 'POST', url: '/admin/base/open/refreshToken', body: { refreshToken: '' } },
  { method: 'GET', url: '/admin/base/open/eps' },
  { method: 'GET', url: '/admin/base/open/openapi' },
  { method: 'GET', url: '/admin/base/open/html', query: { key: 'nothing' } },
  { method: 'POST', url: '/admin/base/open/visit', body: { visitorId: 'visitor-0001' } },
  { method: 'GET', url: '/admin/base/comm/person' },
  { method: 'POST', url: '/admin/base/comm/personUpdate', body: { nickName: 'Boss' } },
  { method: 'GET', url: '/admin/base/comm/permmenu' },
  { method: 'GET', url: '/admin/base/comm/program' },
  { method: 'GET', url: '/admin/base/comm/uploadMode' },
  { method: 'POST', url: '/admin/base/comm/pref', body: { key: 'theme', value: { dark: true } } },
  { method: 'GET', url: '/admin/base/comm/pref', query: { key: 'theme' } },
  { method: 'GET', url: '/admin/base/comm/chart', query: { period: 'week' } },
  { method: 'GET', url: '/admin/base/comm/progress', query: { id: 'no-such-call' } },
  { method: 'GET', url: '/admin/base/comm/plugins' },
  { method: 'POST', url: '/admin/base/comm/formValidator', body: { schema: { type: 'object' } } },
  { method: 'GET', url: '/admin/base/coding/getModuleTree' },
  { method: 'GET', url: '/admin/base/coding/options' },
  { method: 'POST', url: '/admin/base/coding/draft', body: { from: 'proposal', proposal } },
  { method: 'POST', url: '/admin/base/coding/plan', body: { from: 'proposal', proposal } },
  { method: 'POST', url: '/admin/base/coding/createCode', body: { proposal } },
  // An evolve's plan (a field added, one dropped) and what evolves kept.
  {
    method: 'POST',
    url: '/admin/base/coding/plan',
    body: { proposal: { ...proposal, fields: [{ name: 'note', type: 'string' }] } },
  },
  { method: 'GET', url: '/admin/base/coding/kept', query: { prefix: 'shop/lamp', field: 'label' } },
  { method: 'GET', url: '/admin/base/coding/schema', query: { prefix: 'shop/lamp' } },
  { method: 'GET', url: '/admin/base/coding/proposal', query: { prefix: 'shop/lamp' } },
  { method: 'POST', url: '/admin/base/coding/purge', body: { prefix: 'shop/lamp' } },
  { method: 'POST', url: '/admin/base/coding/remove', body: { prefix: 'shop/lamp' } },
  { method: 'POST', url: '/admin/base/comm/logout', body: {} },
];
/**
 * Replies that are any JSON by nature (a preference is whatever the client stored) and bodies that carry nothing
 * (logout). Any other route declaring `{}` as its reply, or a body without properties, declares nothing.
 */
const ANY_REPLY = new Set(['get /admin/base/comm/pref']);
const EMPTY_BODY = new Set(['post /admin/base/comm/logout']);
/** Covered elsewhere with real files (server/test/modules/upload-*.test.ts). */
const ELSEWHERE = new Set(['post /admin/base/comm/upload']);

describe.each(DIALECTS)('declared route schemas on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(dialect);
  });
  afterAll(async () => t?.close());

  it('every hand-written route declares its body and reply, and answers as declared', async () => {
    const host = t.app.joinery;
    const declared = host.declared.map((r) => `${r.method} ${r.url}`).sort();
    expect(host.declared.filter((r) => !r.schema).map((r) => r.url)).toEqual([]);
    expect(host.declared.filter((r) => r.method === 'post' && !r.schema?.body).map((r) => r.url)).toEqual([]);
    const key = (r: (typeof host.declared)[number]) => `${r.method} ${r.url}`;
    const vague = (s: object | undefined) => s !== undefined && Object.keys(s).length === 0;
    const bare = (s: { properties?: object; anyOf?: unknown } | undefined) =>
      s !== undefined && !s.anyOf && Object.keys(s.properties ?? {}).length === 0;
    expect(host.declared.filter((r) => vague(r.schema?.reply) && !ANY_REPLY.has(key(r))).map(key)).toEqual([]);
    expect(host.declared.filter((r) => bare(r.schema?.body) && !EMPTY_BODY.has(key(r))).map(key)).toEqual([]);
    const called = new Set([...CALLS.map((c) => `${c.method.toLowerCase()} ${c.url}`), ...ELSEWHERE]);
    expect([...called].sort()).toEqual(declared);

    const doc = generateOpenApi(host.registry.all(), host.listRoutes()) as {
      paths: Record<string, Record<string, { responses: { 200: { content: Record<string, { schema: object }> } } }>>;
      components: { schemas: Record<string, unknown> };
    };
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const defs = JSON.stringify(doc.components.schemas).replaceAll('#/components/schemas/', '#/$defs/');
    ajv.addSchema({ $id: 'doc', $defs: JSON.parse(defs) });
    const token = await t.login();
    let refreshToken = '';
    for (const c of CALLS) {
      const refresh = c.url.endsWith('/refreshToken') ? { refreshToken } : undefined;
      const r = await t.call(c.method, c.url, {
        token,
        query: c.query && { ...c.query, ...refresh },
        body: c.body && { ...(c.body as object), ...refresh },
      });
      // Each refresh rotates the token: the next one uses the new one.
      if (refresh) refreshToken = String((r.body.data as { refreshToken: string }).refreshToken);
      expect([c.url, r.status], r.raw.slice(0, 300)).toEqual([c.url, 200]);
      const [type, { schema }] = Object.entries(doc.paths[c.url][c.method.toLowerCase()].responses[200].content)[0];
      if (type.startsWith('text/')) continue;
      const validate = ajv.compile(
        JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', 'doc#/$defs/')),
      );
      const reply = type === 'application/json' ? JSON.parse(r.raw) : r.raw;
      expect(validate(reply), `${c.url}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
      if (c.url.endsWith('/login')) refreshToken = String((r.body.data as { refreshToken: string }).refreshToken);
    }
  });

  it('declares replies without changing them: person keeps every column the original client reads', async () => {
    const token = await t.login();
    const person = await t.call('GET', '/admin/base/comm/person', { token });
    expect(Object.keys(person.body.data as object)).toEqual(
      expect.arrayContaining(['id', 'username', 'name', 'nickName', 'headImg', 'phone', 'email', 'createTime']),
    );
    expect(person.body.data).not.toHaveProperty('password');
  });
});
