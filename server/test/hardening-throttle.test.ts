import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from './harness.js';
import { createStaff } from './create-staff.js';
import { buildApp } from '../app.js';
import { untyped } from '../core/crud/dynamic-db.js';
import type { Row } from '../core/db/row.js';

const LOGIN = '/admin/base/open/login';
const CAPTCHA = '/admin/base/open/captcha';

async function loginFrom(app: FastifyInstance, ip: string, username: string, password: string): Promise<{ status: number; body: Row }> {
  const res = await app.inject({ method: 'POST', url: LOGIN, payload: { username, password }, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() as Row };
}

const statuses = (replies: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of replies) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

describe.each(DIALECTS)('login throttle under concurrency and across processes (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
    // A second server process on the same database (its own memory, its own connections).
    second = await buildApp({ databaseUrl: t.url, dataDir: t.dataDir, captcha: false, uiDir: path.join(t.dataDir, 'no-ui'), seed: false });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  /** Wrong logins one after another until the first 429: how many were still checked. */
  const checkedUntilRefused = async (app: FastifyInstance, ip: (i: number) => string, username: (i: number) => string, max: number) => {
    for (let i = 0; i <= max; i++) {
      const r = await loginFrom(app, ip(i), username(i), 'still-wrong');
      if (r.status === 429) return i;
      expect(r.status).toBe(400);
    }
    return Infinity;
  };

  it('40 concurrent wrong passwords for one user: at most 5 are checked in all, the rest get 429, and so does the right one after', async () => {
    const victim = await createStaff(t, admin, { username: 'burst1', menuIds: [] });
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => loginFrom(t.app, `10.20.0.${i + 1}`, victim.username, `wrong-${i}`)));
    const counted = statuses(replies);
    expect(Object.keys(counted).every((s) => s === '400' || s === '429'), JSON.stringify(counted)).toBe(true);
    const checked = counted[400] ?? 0;
    console.log(`[throttle ${dialect}] 40 concurrent wrong passwords for one user: ${checked} checked, ${counted[429] ?? 0} refused with 429`);
    expect(checked).toBeLessThanOrEqual(5);
    expect(replies.filter((r) => r.status === 429).every((r) => r.body.code === 1001 && typeof r.body.message === 'string')).toBe(true);
    // A burst may be refused more than needed, never less: what it did not use is still there, and no more.
    expect(checked + await checkedUntilRefused(t.app, (i) => `10.20.1.${i + 1}`, () => victim.username, 5)).toBe(5);
    expect((await loginFrom(t.app, '10.20.2.1', victim.username, victim.password)).status).toBe(429);
    // Another user is not affected.
    expect((await loginFrom(t.app, '10.20.2.2', 'admin', '123456')).status).toBe(200);
  });

  it('the right password inside a burst of 40 wrong ones: at most 5 of the 41 get past the throttle', async () => {
    const victim = await createStaff(t, admin, { username: 'burst2', menuIds: [] });
    const attempts = Array.from({ length: 41 }, (_, i) => (i === 20 ? victim.password : `wrong-${i}`));
    const replies = await Promise.all(attempts.map((password, i) => loginFrom(t.app, `10.21.0.${i + 1}`, victim.username, password)));
    expect(replies.filter((r) => r.status !== 429).length).toBeLessThanOrEqual(5);
  });

  it('40 concurrent wrong logins from one address under different user names: at most 20 are checked in all', async () => {
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => loginFrom(t.app, '10.22.0.1', `nobody-${i}`, 'wrong')));
    const checked = replies.filter((r) => r.status === 400).length;
    expect(checked + replies.filter((r) => r.status === 429).length).toBe(40);
    expect(checked).toBeLessThanOrEqual(20);
    expect(checked + await checkedUntilRefused(t.app, () => '10.22.0.1', (i) => `later-${i}`, 20)).toBe(20);
    expect((await loginFrom(t.app, '10.22.0.1', 'admin', '123456')).status).toBe(429);
    expect((await loginFrom(t.app, '10.22.0.2', 'admin', '123456')).status).toBe(200);
  });

  it('two server processes on one database share the per-user and the per-IP limits', async () => {
    const victim = await createStaff(t, admin, { username: 'shared1', menuIds: [] });
    for (let i = 0; i < 3; i++) expect((await loginFrom(t.app, `10.23.0.${i + 1}`, victim.username, 'wrong')).status).toBe(400);
    for (let i = 3; i < 5; i++) expect((await loginFrom(second, `10.23.0.${i + 1}`, victim.username, 'wrong')).status).toBe(400);
    expect((await loginFrom(t.app, '10.23.0.6', victim.username, victim.password)).status).toBe(429);
    expect((await loginFrom(second, '10.23.0.7', victim.username, victim.password)).status).toBe(429);

    for (let i = 0; i < 20; i++) expect((await loginFrom(i % 2 ? second : t.app, '10.24.0.1', `ghost-${i}`, 'wrong')).status).toBe(400);
    expect((await loginFrom(t.app, '10.24.0.1', 'admin', '123456')).status).toBe(429);
    expect((await loginFrom(second, '10.24.0.1', 'admin', '123456')).status).toBe(429);

    // A burst split over both processes is held too.
    const other = await createStaff(t, admin, { username: 'shared2', menuIds: [] });
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => loginFrom(i % 2 ? second : t.app, `10.25.0.${i + 1}`, other.username, 'wrong')));
    const checked = replies.filter((r) => r.status === 400).length;
    expect(replies.filter((r) => r.status !== 429).length).toBe(checked);
    expect(checked + await checkedUntilRefused(second, (i) => `10.25.1.${i + 1}`, () => other.username, 5)).toBe(5);
  });

  it('a right password gives its places back: failures are forgotten and the table does not keep successful logins', async () => {
    const user = await createStaff(t, admin, { username: 'forgiven', menuIds: [] });
    for (let i = 0; i < 4; i++) expect((await loginFrom(t.app, '10.26.0.1', user.username, 'wrong')).status).toBe(400);
    expect((await loginFrom(second, '10.26.0.1', user.username, user.password)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await loginFrom(t.app, '10.26.0.2', user.username, 'wrong')).status).toBe(400);
    const stored = await t.rows('base_sys_login_attempt');
    expect(stored.filter((r) => r.bucket === 'u:forgiven')).toHaveLength(5);
    expect(stored.filter((r) => r.bucket === 'ip:10.26.0.1')).toHaveLength(4);
    for (let i = 0; i < 30; i++) expect((await loginFrom(t.app, '10.26.0.3', 'admin', '123456')).status).toBe(200);
    expect((await t.rows('base_sys_login_attempt')).filter((r) => r.bucket === 'ip:10.26.0.3' || r.bucket === 'u:admin')).toEqual([]);
  });
});

describe.each(DIALECTS)('captcha limits (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(dialect, { captcha: true, limits: { captchaMaxLive: 50 } });
  });
  afterAll(() => t.close());

  const captchaFrom = async (ip: string) => {
    const res = await t.app.inject({ method: 'GET', url: CAPTCHA, remoteAddress: ip });
    return { status: res.statusCode, body: res.json() as Row };
  };

  it('one address gets 60 captchas a minute, then 429 in the envelope; other addresses are not affected', async () => {
    for (let i = 0; i < 60; i++) expect((await captchaFrom('10.30.0.1')).status).toBe(200);
    const refused = await captchaFrom('10.30.0.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 1001, message: '验证码请求过于频繁，请稍后再试' });
    const inEnglish = await t.app.inject({ method: 'GET', url: CAPTCHA, remoteAddress: '10.30.0.1', headers: { language: 'en' } });
    expect([inEnglish.statusCode, inEnglish.json().message]).toEqual([429, 'Too many captchas, try again later']);
    expect((await captchaFrom('10.30.0.2')).status).toBe(200);
  });

  it('keeps at most the newest captchaMaxLive unused captchas, however many addresses ask', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) {
      const r = await captchaFrom(`10.31.${i >> 8}.${i & 255}`);
      expect(r.status).toBe(200);
      ids.push(String((r.body.data as Row).captchaId));
    }
    const stored = (await t.rows('base_sys_captcha')).map((r) => String(r.captchaId));
    expect(stored.length).toBeLessThanOrEqual(50);
    expect(stored).toEqual(expect.arrayContaining(ids.slice(-50)));
    // The newest one still works for a login.
    const last = (await t.rows('base_sys_captcha')).find((r) => r.captchaId === ids.at(-1))!;
    const login = await t.app.inject({ method: 'POST', url: LOGIN, remoteAddress: '10.31.9.9', payload: { username: 'admin', password: '123456', captchaId: ids.at(-1), verifyCode: String(last.answer) } });
    expect(login.statusCode, login.body).toBe(200);
  });
});

describe.each(DIALECTS)('login timing does not tell imported MD5 accounts apart (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // Limits out of the way: this measures the password check, not the throttle.
    t = await startApp(dialect, { limits: { loginPerUser: 1000, loginPerIp: 1000 } });
  });
  afterAll(() => t.close());

  it('a wrong password for an MD5 account takes about as long as one for an unknown user name', async () => {
    const admin = await t.login();
    const imported = await createStaff(t, admin, { username: 'imported', menuIds: [] });
    const md5 = createHash('md5').update('legacy-pass-1').digest('hex');
    await untyped(t.app.joinery.database.db).updateTable('base_sys_user').set({ password: md5 }).where('id', '=', imported.userId).execute();

    const time = async (username: string, i: number) => {
      const started = process.hrtime.bigint();
      const r = await loginFrom(t.app, `10.40.0.${i % 250}`, username, `wrong-${i}`);
      expect(r.status).toBe(400);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const md5Wrong: number[] = [];
    const unknown: number[] = [];
    await time('warm-up', 0);
    for (let i = 1; i <= 9; i++) {
      md5Wrong.push(await time('imported', i));
      unknown.push(await time(`no-such-user-${i}`, i));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    expect(median(md5Wrong), `MD5 wrong ${md5Wrong.map((x) => x.toFixed(1))} vs unknown ${unknown.map((x) => x.toFixed(1))} ms`)
      .toBeGreaterThanOrEqual(0.5 * median(unknown));

    // The right MD5 password still signs in once and is upgraded to scrypt.
    expect((await loginFrom(t.app, '10.40.1.1', 'imported', 'legacy-pass-1')).status).toBe(200);
    const stored = (await t.rows('base_sys_user')).find((r) => Number(r.id) === imported.userId)!;
    expect(String(stored.password)).toMatch(/^scrypt\$/);
  });
});
