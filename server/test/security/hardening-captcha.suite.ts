import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type DialectUnderTest, type TestApp } from '../support/harness.js';
import { createStaff } from '../support/create-staff.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import type { Row } from '../../core/db/row.js';
import { CAPTCHA, LOGIN, loginFrom } from './login-calls.js';

/** Captcha limits and login timing on one dialect (hardening-captcha.<dialect>.test.ts). */
export function hardeningCaptchaSuite(dialect: DialectUnderTest): void {
  describe(`captcha limits (${dialect})`, () => {
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
      expect(refused.body).toEqual({
        code: 1001,
        message: '验证码请求过于频繁，请稍后再试',
        errorCode: 'CAPTCHA_TOO_MANY',
      });
      const inEnglish = await t.app.inject({
        method: 'GET',
        url: CAPTCHA,
        remoteAddress: '10.30.0.1',
        headers: { language: 'en' },
      });
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
      const login = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress: '10.31.9.9',
        payload: { username: 'admin', password: '123456', captchaId: ids.at(-1), verifyCode: String(last.answer) },
      });
      expect(login.statusCode, login.body).toBe(200);
    });
  });

  describe(`login timing does not tell imported MD5 accounts apart (${dialect})`, () => {
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
      await untyped(t.app.joinery.database.db)
        .updateTable('base_sys_user')
        .set({ password: md5 })
        .where('id', '=', imported.userId)
        .execute();

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
      expect(
        median(md5Wrong),
        `MD5 wrong ${md5Wrong.map((x) => x.toFixed(1))} vs unknown ${unknown.map((x) => x.toFixed(1))} ms`,
      ).toBeGreaterThanOrEqual(0.5 * median(unknown));

      // The right MD5 password still signs in once and is upgraded to scrypt.
      expect((await loginFrom(t.app, '10.40.1.1', 'imported', 'legacy-pass-1')).status).toBe(200);
      const stored = (await t.rows('base_sys_user')).find((r) => Number(r.id) === imported.userId)!;
      expect(String(stored.password)).toMatch(/^scrypt\$/);
    });
  });
}
