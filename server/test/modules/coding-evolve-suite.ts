import { afterAll, beforeAll, expect } from 'vitest';
import { type DialectUnderTest, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';

/** What the evolve tests (coding-evolve-*.test.ts) share: the entity evo/item with two rows, and its plan calls. */

export type Field = { name: string; type: string; length?: number; required?: boolean; unique?: boolean };
export type Change = {
  kind: string;
  field: string;
  from?: string;
  type?: { from: string; to: string };
  rows: number;
  convert?: number;
  fail?: number;
  samples: Row[];
  failing: Row[];
  choices?: string[];
};

export const FIELDS: Field[] = [
  { name: 'title', type: 'string', length: 50, required: true },
  { name: 'code', type: 'integer' },
  { name: 'price', type: 'integer' },
  { name: 'note', type: 'string' },
];
export const proposal = (fields: Field[]) => ({ module: 'evo', name: 'item', title: 'Item', fields });
export const label = (s: string) => ({ 'zh-cn': s, 'zh-tw': s, en: s });
export const withField = (name: string, patch: Partial<Field>) =>
  FIELDS.map((f) => (f.name === name ? { ...f, ...patch } : f));

/**
 * Starts an app for the suite it is called in, applies evo/item with two rows, and gives the calls the tests make.
 * The suite holds the app (`set` once started, `get` at each call), so a test that restarts it goes on with the new one.
 */
export function evolveSuite(
  dialect: DialectUnderTest,
  app: { get: () => TestApp; set: (t: TestApp, admin: string) => void },
) {
  let admin: string;
  /** Every call of this suite: a user can cause none of these to answer 5xx. */
  const call = async (...args: Parameters<TestApp['call']>) => {
    const r = await app.get().call(...args);
    expect(r.status, r.raw).toBeLessThan(500);
    return r;
  };
  const plan = async (fields: Field[], extra: Row = {}) => {
    const r = await call('POST', '/admin/base/coding/plan', {
      token: admin,
      body: { proposal: proposal(fields), ...extra },
    });
    expect(r.status, r.raw).toBe(200);
    return (r.body.data as { plan: { rows: number; changes: Change[] } }).plan;
  };
  const apply = (fields: Field[], extra: Row = {}) =>
    call('POST', '/admin/base/coding/createCode', {
      token: admin,
      body: { proposal: proposal(fields), evolve: true, ...extra },
    });
  const page = async () =>
    (
      (await call('POST', '/admin/evo/item/page', { token: admin, body: { order: 'id', sort: 'asc' } })).body.data as {
        list: Row[];
      }
    ).list;

  beforeAll(async () => {
    const t = await startApp(dialect);
    admin = await t.login();
    app.set(t, admin);
    expect((await apply(FIELDS, { evolve: false })).status).toBe(200);
    for (const row of [
      { title: 'Oak chair', code: 250, price: 250, note: 'keep me' },
      { title: 'A very long title for a pine table', code: 7, price: 3, note: null },
    ]) {
      const r = await call('POST', '/admin/evo/item/add', { token: admin, body: row });
      expect(r.status, r.raw).toBe(200);
    }
  });
  afterAll(() => app.get().close());

  return { call, plan, apply, page };
}
