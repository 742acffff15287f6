import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { createAjv } from '../../core/registry/schema-validator.js';
import type { Row } from '../../core/db/row.js';
import { LIMITS } from './bounds-limits.js';

const label = (en: string) => ({ 'zh-cn': en, 'zh-tw': en, en });
/** A schema file as createCode takes it, with one string field of the given pattern. */
const withPattern = (name: string, pattern: string) => [
  {
    path: `schemas/shop/${name}.json`,
    content: JSON.stringify({
      type: 'object',
      'x-module': 'shop',
      'x-prefix': `shop/${name}`,
      'x-title': label(name),
      'x-menu': { router: `/shop/${name}` },
      properties: { code: { type: 'string', maxLength: 60, pattern, 'x-label': label('Code') } },
    }),
  },
];

describe('patterns run in linear time (no schema can freeze the server)', () => {
  it('ajv everywhere (entities, plugin configs, task parameters): ^(a+)+$ against 5,000 characters answers', () => {
    const validate = createAjv().compile({ type: 'string', pattern: '^(a+)+$' });
    expect(validate(`${'a'.repeat(5000)}!`)).toBe(false);
    expect(validate('a'.repeat(5000))).toBe(true);
    // JavaScript spellings still work: \u escapes, classes, named groups.
    expect(createAjv().compile({ type: 'string', pattern: '^[\\u4e00-\\u9fa5]{2,}$' })('胡桃木')).toBe(true);
    expect(() => createAjv().compile({ type: 'string', pattern: '^(?=a)a$' })).toThrow(/not supported/);
  });
});

describe.each(DIALECTS)('bounded resources on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(dialect, { limits: LIMITS });
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('an AI-code entity with ^(a+)+$: a 30-character value is answered (refused by the pattern), other requests go on', async () => {
    const applied = await t.call('POST', '/admin/base/coding/createCode', {
      token: admin,
      body: withPattern('slowcode', '^(a+)+$'),
    });
    expect(applied.status, applied.raw).toBe(200);
    const [bad, good, other] = await Promise.all([
      t.call('POST', '/admin/shop/slowcode/add', { token: admin, body: { code: `${'a'.repeat(30)}!` } }),
      t.call('POST', '/admin/shop/slowcode/add', { token: admin, body: { code: 'a'.repeat(30) } }),
      t.call('GET', '/admin/base/comm/person', { token: admin }),
    ]);
    expect([bad.status, (bad.body.details as Row[])[0].path]).toEqual([400, 'code']);
    expect([good.status, other.status]).toEqual([200, 200]);
  });

  it('a pattern the linear-time engine cannot run (look-ahead, back-reference) is refused when applied, naming it', async () => {
    for (const pattern of ['^(?=x)x+$', '^(a)\\1$']) {
      const r = await t.call('POST', '/admin/base/coding/createCode', {
        token: admin,
        body: withPattern('lookahead', pattern),
      });
      expect(r.status, r.raw).toBe(400);
      expect(r.body.message).toContain(JSON.stringify(pattern));
    }
  });
});
