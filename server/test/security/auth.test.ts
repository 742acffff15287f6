import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { createStaff } from '../support/create-staff.js';
import type { Row } from '../../core/db/row.js';
import { claimsOf, forgeToken } from './forge-token.js';

const LOGIN = '/admin/base/open/login';
const PERSON = '/admin/base/comm/person';

/** A login from a given client address (the throttle counts per user name and per IP). */
async function loginFrom(t: TestApp, ip: string, body: Row): Promise<{ status: number; body: Row }> {
  const res = await t.app.inject({ method: 'POST', url: LOGIN, payload: body, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() as Row };
}

async function captcha(t: TestApp): Promise<{ captchaId: string; data: string; answer: string }> {
  const r = await t.call('GET', '/admin/base/open/captcha', {
    query: { height: '45', width: '150', color: '#2c3142' },
  });
  expect(r.status, r.raw).toBe(200);
  const { captchaId, data } = r.body.data as { captchaId: string; data: string };
  const stored = (await t.rows('base_sys_captcha')).find((row) => row.captchaId === captchaId);
  expect(stored, 'the answer is stored server-side').toBeDefined();
  return { captchaId, data, answer: String(stored!.answer) };
}

const wrongAnswer = (answer: string) =>
  answer
    .split('')
    .map((c) => String((Number(c) + 1) % 10))
    .join('');

describe.each(DIALECTS)('captcha and login throttle (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(dialect, { captcha: true });
  });
  afterAll(() => t.close());

  it('serves a 4-digit SVG captcha whose answer is kept in base_sys_captcha', async () => {
    const c = await captcha(t);
    expect(c.data.startsWith('<svg')).toBe(true);
    expect(c.data).not.toContain('"');
    expect(c.answer).toMatch(/^[0-9]{4}$/);
    const b64 = await t.call('GET', '/admin/base/open/captcha', { query: { type: 'base64' } });
    expect(String((b64.body.data as Row).data)).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('a wrong answer fails and uses the captcha up: the right answer afterwards fails too', async () => {
    const c = await captcha(t);
    const wrong = await loginFrom(t, '10.1.0.1', {
      username: 'admin',
      password: '123456',
      captchaId: c.captchaId,
      verifyCode: wrongAnswer(c.answer),
    });
    expect([wrong.status, wrong.body.message]).toEqual([400, '验证码不正确']);
    expect((await t.rows('base_sys_captcha')).some((r) => r.captchaId === c.captchaId)).toBe(false);
    const late = await loginFrom(t, '10.1.0.1', {
      username: 'admin',
      password: '123456',
      captchaId: c.captchaId,
      verifyCode: c.answer,
    });
    expect([late.status, late.body.message]).toEqual([400, '验证码不正确']);
  });

  it('the right answer works once', async () => {
    const c = await captcha(t);
    const ok = await loginFrom(t, '10.1.0.2', {
      username: 'admin',
      password: '123456',
      captchaId: c.captchaId,
      verifyCode: c.answer,
    });
    expect(ok.status).toBe(200);
    expect(typeof (ok.body.data as Row).token).toBe('string');
    const again = await loginFrom(t, '10.1.0.2', {
      username: 'admin',
      password: '123456',
      captchaId: c.captchaId,
      verifyCode: c.answer,
    });
    expect([again.status, again.body.message]).toEqual([400, '验证码不正确']);
    const missing = await loginFrom(t, '10.1.0.2', { username: 'admin', password: '123456' });
    expect(missing.status).toBe(400);
  });

  it('after 5 bad logins for one user name the guessing address waits (429), but the right password from another address signs in', async () => {
    const admin = await loginWithCaptcha(t, '10.2.0.99', 'admin', '123456');
    const victim = await createStaff(t, admin, { username: 'throttled', menuIds: [] });
    for (let i = 1; i <= 5; i++) {
      const r = await loginWithCaptchaRaw(t, '10.2.0.1', victim.username, 'wrong-password');
      expect([r.status, r.body.message]).toEqual([400, '账户或密码不正确~']);
    }
    const sixth = await loginWithCaptchaRaw(t, '10.2.0.1', victim.username, victim.password);
    expect([sixth.status, sixth.body.code, sixth.body.message]).toEqual([429, 1001, '登录失败次数过多，请 1 秒后再试']);
    expect((await loginWithCaptchaRaw(t, '10.2.0.6', victim.username, victim.password)).status).toBe(200);
    // Other users are not affected.
    expect((await loginWithCaptchaRaw(t, '10.2.0.1', 'admin', '123456')).status).toBe(200);
  });

  it('the 21st bad login from one address is refused with 429, whatever the user name', async () => {
    for (let i = 1; i <= 20; i++) {
      const r = await loginWithCaptchaRaw(t, '10.3.0.1', `nobody${i}`, 'wrong');
      expect(r.status).toBe(400);
    }
    expect((await loginWithCaptchaRaw(t, '10.3.0.1', 'admin', '123456')).status).toBe(429);
    expect((await loginWithCaptchaRaw(t, '10.3.0.2', 'admin', '123456')).status).toBe(200);
  });

  it('writes no secret (password, token, refresh token, verify code) into any operation log row', async () => {
    const admin = await loginWithCaptcha(t, '10.4.0.1', 'admin', '123456');
    const c = await captcha(t);
    const pair = (
      await loginFrom(t, '10.4.0.2', {
        username: 'admin',
        password: '123456',
        captchaId: c.captchaId,
        verifyCode: c.answer,
      })
    ).body.data as Row;
    const staff = await createStaff(t, admin, { username: 'logsecret', password: 'Secret-add-1', menuIds: [] });
    await t.call('POST', '/admin/base/sys/user/update', {
      token: admin,
      body: { id: staff.userId, password: 'Secret-update-2' },
    });
    const staffToken = await loginWithCaptcha(t, '10.4.0.3', staff.username, 'Secret-update-2');
    await t.call('POST', '/admin/base/comm/personUpdate', {
      token: staffToken,
      body: { password: 'Secret-person-3', oldPassword: 'Secret-update-2' },
    });
    const refreshed = await t.call('GET', '/admin/base/open/refreshToken', {
      query: { refreshToken: String(pair.refreshToken) },
    });
    await t.call('POST', '/admin/base/open/refreshToken', {
      body: { refreshToken: String((refreshed.body.data as Row).refreshToken) },
    });
    await t.call('POST', '/admin/base/sys/user/page', {
      token: admin,
      body: { nested: { password: 'Secret-nested-4', token: admin } },
    });
    await t.app.opLog.flush(); // the op log is written in batches
    const secrets = [
      '123456',
      'Secret-add-1',
      'Secret-update-2',
      'Secret-person-3',
      'Secret-nested-4',
      admin,
      staffToken,
      String(pair.token),
      String(pair.refreshToken),
      String((refreshed.body.data as Row).refreshToken),
    ];
    const rows = await t.rows('base_sys_log');
    expect(rows.length).toBeGreaterThan(8);
    const leaves = (v: unknown): string[] =>
      v && typeof v === 'object' ? Object.values(v).flatMap(leaves) : [String(v)];
    const values = rows.flatMap((r) => [
      ...leaves(r),
      ...leaves(typeof r.params === 'string' ? JSON.parse(r.params) : r.params),
    ]);
    expect(secrets.filter((s) => values.some((v) => v.includes(s)))).toEqual([]);
    expect(values).not.toContain(c.answer);
    const loginRow = rows.find((r) => r.action === LOGIN && String(JSON.stringify(r.params)).includes('verifyCode'));
    expect(JSON.stringify(loginRow?.params)).toContain('******');
  });
});

/** Logs in through a fresh captcha from a given address; returns the access token. */
async function loginWithCaptcha(t: TestApp, ip: string, username: string, password: string): Promise<string> {
  const r = await loginWithCaptchaRaw(t, ip, username, password);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return String((r.body.data as Row).token);
}

async function loginWithCaptchaRaw(t: TestApp, ip: string, username: string, password: string) {
  const c = await captcha(t);
  return loginFrom(t, ip, { username, password, captchaId: c.captchaId, verifyCode: c.answer });
}

describe.each(DIALECTS)('token lifetime (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(dialect, { accessTtl: 2 });
  });
  afterAll(() => t.close());

  it('an access token works until its TTL and is refused 1 s after; its refresh token still gets a new pair', async () => {
    const r = await t.call('POST', LOGIN, { body: { username: 'admin', password: '123456' } });
    const { token, refreshToken, expire } = r.body.data as Row;
    expect(expire).toBe(2);
    const { iat, exp } = claimsOf(String(token));
    expect(exp - iat).toBe(2);
    // The same token as it is 1 s into its life and 1 s past its end (re-signed with an earlier signing time, rather
    // than waiting for the clock).
    const midLife = forgeToken(t, String(token), { signedAgoSeconds: 1, ttl: 2 });
    expect((await t.call('GET', PERSON, { token: midLife })).status).toBe(200);
    const expired = forgeToken(t, String(token), { signedAgoSeconds: 3, ttl: 2 });
    const late = await t.call('GET', PERSON, { token: expired });
    expect([late.status, late.body.message]).toEqual([401, '登录失效或无权限访问~']);
    const renewed = await t.call('GET', '/admin/base/open/refreshToken', {
      query: { refreshToken: String(refreshToken) },
    });
    expect(renewed.status).toBe(200);
    expect((await t.call('GET', PERSON, { token: String((renewed.body.data as Row).token) })).status).toBe(200);
  });
});
