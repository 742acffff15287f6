import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../support/harness.js';
import { dbFingerprint } from '../support/db-fingerprint.js';
import type { Row } from '../../core/db/row.js';
import { applySupplier, CSV, SAMPLE, startCoding, TYPEORM } from './coding-fixtures.js';

// shop/supplier is applied first, as coding-sources.test.ts makes it; these tests read it.

describe.each(DIALECTS)('AI-code: applying a schema proposal live (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let drafter: string;
  beforeAll(async () => {
    ({ t, admin, drafter } = await startCoding(dialect));
    await applySupplier(t, admin);
  });
  afterAll(() => t.close());

  it('tells the page its options, drafts with the sample as preview rows, and gives a stored entity back as its proposal', async () => {
    const options = (await t.call('GET', '/admin/base/coding/options', { token: drafter })).body.data as {
      llm: boolean;
      canApply: boolean;
      parents: Row[];
      modules: string[];
      stored: Row[];
    };
    expect([options.llm, options.canApply]).toEqual([false, false]);
    expect(((await t.call('GET', '/admin/base/coding/options', { token: admin })).body.data as Row).canApply).toBe(
      true,
    );
    expect(options.parents.map((p) => p.key)).toEqual(expect.arrayContaining(['sys', 'sys/auth']));
    expect(options.modules).toEqual(expect.arrayContaining(['base', 'product', 'shop']));
    expect(options.stored.map((e) => e.prefix)).toEqual(['shop/supplier']);
    const draft = await t.call('POST', '/admin/base/coding/draft', {
      token: drafter,
      body: { from: 'json', sample: `[${SAMPLE}, {"name": "Birch Ltd", "credit": 5}]`, module: 'shop', name: 'vendor' },
    });
    expect((draft.body.data as { rows: Row[] }).rows).toEqual([
      {
        id: 1,
        name: 'Acme Timber',
        phone: '13800000000',
        status: 1,
        categoryId: 1,
        logo: 'https://example.com/acme.png',
        credit: 12000000,
      },
      { id: 2, name: 'Birch Ltd', credit: 500 },
    ]);
    const back = await t.call('GET', '/admin/base/coding/proposal', {
      token: drafter,
      query: { prefix: 'shop/supplier' },
    });
    expect(back.status, back.raw).toBe(200);
    const proposal = (back.body.data as { proposal: { module: string; name: string; fields: Row[] } }).proposal;
    expect([proposal.module, proposal.name]).toEqual(['shop', 'supplier']);
    expect(proposal.fields.map((f) => [f.name, f.type, f.dict, (f.ref as Row | undefined)?.entity])).toEqual([
      ['name', 'string', undefined, undefined],
      ['phone', 'string', undefined, undefined],
      ['status', 'integer', 'enableStatus', undefined],
      ['categoryId', 'integer', undefined, 'product/category'],
      ['logo', 'image', undefined, undefined],
      ['credit', 'money', undefined, undefined],
    ]);
    // Built-in entities live in schema files: they are not evolved from here.
    const builtIn = await t.call('GET', '/admin/base/coding/proposal', {
      token: drafter,
      query: { prefix: 'product/info' },
    });
    expect([builtIn.status, (builtIn.body.details as Row[])[0].path]).toEqual([400, 'prefix']);
  });

  it('serves the OpenAPI document of what the caller may call, entities made here included', async () => {
    const doc = async (token?: string) =>
      JSON.parse((await t.call('GET', '/admin/base/open/openapi', { token })).raw) as {
        openapi: string;
        paths: Record<string, unknown>;
      };
    const [asAdmin, asDrafter, anonymous] = await Promise.all([doc(admin), doc(drafter), doc()]);
    expect(asAdmin.openapi).toBe('3.1.0');
    expect(Object.keys(asAdmin.paths)).toEqual(
      expect.arrayContaining(['/admin/shop/supplier/page', '/admin/product/info/page', '/admin/base/open/login']),
    );
    expect(Object.keys(asDrafter.paths)).toEqual(
      expect.arrayContaining(['/admin/base/coding/draft', '/admin/base/open/login']),
    );
    expect(Object.keys(asDrafter.paths)).not.toContain('/admin/product/info/page');
    // Anyone sees the public routes only (login, captcha, eps…).
    const anonymousOps = Object.values(anonymous.paths).flatMap((p) =>
      Object.values(p as Record<string, { 'x-permission': string }>),
    );
    expect(anonymousOps.length).toBeGreaterThan(3);
    expect(new Set(anonymousOps.map((o) => o['x-permission']))).toEqual(new Set(['public']));
  });

  it('refuses broken proposals with a 400 naming the field, and changes nothing', async () => {
    const before = await dbFingerprint(t);
    const tree = (await t.call('GET', '/admin/base/coding/getModuleTree', { token: admin })).body.data as string[];
    const many = Array.from({ length: 10_000 }, (_, i) => ({ name: `f${i}`, type: 'string' }));
    const cases: [string, Row, string][] = [
      ['bad type', { fields: [{ name: 'title', type: 'varchar(10)' }] }, 'fields.0.type'],
      [
        'reserved name',
        {
          fields: [
            { name: 'title', type: 'string' },
            { name: 'createTime', type: 'string' },
          ],
        },
        'fields.1.name',
      ],
      ['SQL keyword name', { fields: [{ name: 'select', type: 'string' }] }, 'fields.0.name'],
      ['duplicate prefix', { module: 'product', name: 'info', fields: [{ name: 'title', type: 'string' }] }, 'name'],
      ['10,000 fields', { fields: many }, 'fields'],
      ['__proto__', { fields: [{ name: '__proto__', type: 'string' }] }, 'fields.0.name'],
      ['unknown dictionary', { fields: [{ name: 'state', type: 'integer', dict: 'noSuchDict' }] }, 'fields.state.dict'],
      [
        'dictionary entries of the wrong kind',
        {
          fields: [
            {
              name: 'state',
              type: 'integer',
              dict: 'crateState',
              dictEntries: [
                { value: 1, name: 'Open' },
                { value: 'shut', name: 'Shut' },
              ],
            },
          ],
        },
        'fields.0.dictEntries.1.value',
      ],
      [
        'dictionary entries without a key',
        { fields: [{ name: 'state', type: 'integer', dictEntries: [{ value: 1, name: 'Open' }] }] },
        'fields.0.dictEntries',
      ],
      [
        'relation to nothing',
        { fields: [{ name: 'ownerId', type: 'integer', ref: { entity: 'shop/nothing', label: 'name' } }] },
        'fields.ownerId',
      ],
      [
        'missing parent menu',
        { menu: { parent: 'nowhere' }, fields: [{ name: 'title', type: 'string' }] },
        'menu.parent',
      ],
    ];
    for (const [what, proposal, path] of cases) {
      const r = await t.call('POST', '/admin/base/coding/createCode', {
        token: admin,
        body: { from: 'proposal', proposal: { module: 'shop', name: 'broken', ...proposal } },
      });
      expect([what, r.status, (r.body.details as Row[] | undefined)?.[0]?.path], r.raw.slice(0, 300)).toEqual([
        what,
        400,
        path,
      ]);
    }
    // A raw body whose proposal carries __proto__ as a key, as a hostile client would send it.
    const raw = await t.app.inject({
      method: 'POST',
      url: '/admin/base/coding/createCode',
      headers: { authorization: admin, 'content-type': 'application/json' },
      payload:
        '{"proposal":{"module":"shop","name":"broken","__proto__":{"fields":[]},"fields":[{"name":"title","type":"string","__proto__":{"required":true}}]}}',
    });
    expect(raw.statusCode, raw.body).toBe(400);
    expect(await dbFingerprint(t)).toEqual(before);
    expect((await t.call('GET', '/admin/base/coding/getModuleTree', { token: admin })).body.data).toEqual(tree);
    expect(tree).toContain('schemas/shop/supplier.json');
  });

  it('holders of base:coding:* may draft and preview, but only a super admin may apply', async () => {
    const before = await dbFingerprint(t);
    const draft = await t.call('POST', '/admin/base/coding/draft', {
      token: drafter,
      body: { from: 'csv', csv: CSV, module: 'shop', name: 'stock' },
    });
    expect(draft.status, draft.raw).toBe(200);
    for (const [url, body] of [
      ['/admin/base/coding/createCode', { from: 'csv', csv: CSV, module: 'shop', name: 'stock' }],
      ['/admin/base/sys/menu/create', { entity: TYPEORM, module: 'shop', fileName: 'depot' }],
    ] as const) {
      const r = await t.call('POST', url, { token: drafter, body });
      expect([url, r.status, r.body.message]).toEqual([
        url,
        403,
        url.includes('menu') ? '登录失效或无权限访问~' : expect.stringMatching(/超级管理员/),
      ]);
    }
    expect(await dbFingerprint(t)).toEqual(before);
  });
});
