import { afterAll, beforeAll, expect } from 'vitest';
import { type DialectUnderTest, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';

/** What the generic page tests (crud-page-*.test.ts) share: the app with 30 demo tenants, and the page calls. */

export type Page = { list: Row[]; pagination: { page: number; size: number; total: number } };

export const ids = (rows: Row[]) => rows.map((r) => Number(r.id));
export const byIdDesc = (rows: Row[]) => [...rows].sort((a, b) => Number(b.id) - Number(a.id));

/** Starts an app for the suite it is called in, adds 30 demo tenants, and gives the calls the tests make. */
export function crudPageSuite(dialect: DialectUnderTest) {
  let t: TestApp;
  let token: string;
  const post = (url: string, body: unknown) => t.call('POST', `/admin/${url}`, { token, body });
  const page = async (prefix: string, body: Row = {}): Promise<Page> => {
    const r = await post(`${prefix}/page`, body);
    expect(r.status, r.raw).toBe(200);
    return r.body.data as Page;
  };
  const rejected = async (prefix: string, body: Row, status = 400) => {
    const r = await post(`${prefix}/page`, body);
    expect(r.status, r.raw).toBe(status);
    return String(r.body.message);
  };

  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
    const r = await post(
      'demo/tenant/add',
      Array.from({ length: 30 }, (_, i) => ({ name: `Tenant ${i}` })),
    );
    expect(r.status, r.raw).toBe(200);
  });
  afterAll(() => t.close());

  return { started: () => ({ t, token }), post, page, rejected };
}
