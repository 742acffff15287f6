import { afterAll, beforeAll, expect } from 'vitest';
import { type DialectUnderTest, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';

/** What the session tests (auth-sessions-*.test.ts) share: the routes, and logins that never trip the throttle. */

export const LOGIN = '/admin/base/open/login';
export const REFRESH = '/admin/base/open/refreshToken';
export const PERSON = '/admin/base/comm/person';

export type Pair = { token: string; refreshToken: string };

/** Starts an app for the suite it is called in, and gives the logins and looks the session tests use. */
export function sessionsSuite(dialect: DialectUnderTest) {
  let t: TestApp;
  let admin: string;
  let clients = 0;
  /** A login from its own client address, so that this file's deliberate failures never trip the per-IP throttle. */
  const attempt = async (username: string, password: string): Promise<{ status: number; body: Row; raw: string }> => {
    clients += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username, password },
      remoteAddress: `10.9.${clients >> 8}.${clients & 255}`,
    });
    return { status: res.statusCode, body: res.json() as Row, raw: res.body };
  };
  const login = async (username: string, password: string): Promise<Pair> => {
    const r = await attempt(username, password);
    expect(r.status, r.raw).toBe(200);
    return r.body.data as Pair;
  };
  const userRow = async (id: number) => (await t.rows('base_sys_user')).find((r) => Number(r.id) === id)!;
  const personStatus = async (token: string) => (await t.call('GET', PERSON, { token })).status;

  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
  });
  afterAll(() => t.close());

  return { started: () => ({ t, admin }), attempt, login, userRow, personStatus };
}
