import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type DialectUnderTest, type TestApp } from '../support/harness.js';
import { createStaff } from '../support/create-staff.js';
import { buildApp } from '../../app.js';
import { LoginThrottle } from '../../core/auth/login-throttle.js';
import { DEFAULT_LIMITS } from '../../core/limits.js';
import { LOGIN, captchaOf, isCaptchaAsk, loginFrom, statuses } from './login-calls.js';

/** The login throttle on one dialect (hardening-throttle.<dialect>.test.ts). */
export function hardeningThrottleSuite(dialect: DialectUnderTest): void {
  describe(`login throttle under concurrency and across processes (${dialect})`, () => {
    let t: TestApp;
    let admin: string;
    let second: FastifyInstance;
    // Both processes see one still moment: a wait of 1 s met by the next attempt does not run out while this machine
    // is busy hashing the failures before it (the waits themselves, over time, are the last test's).
    const stillNow = Date.now();
    const loginClock = () => stillNow;
    beforeAll(async () => {
      t = await startApp(dialect, { loginClock });
      admin = await t.login();
      // A second server process on the same database (its own memory, its own connections).
      second = await buildApp({
        loginClock,
        databaseUrl: t.url,
        dataDir: t.dataDir,
        captcha: false,
        uiDir: path.join(t.dataDir, 'no-ui'),
        seed: false,
      });
    });
    afterAll(async () => {
      await second.close();
      await t.close();
    });

    /** Wrong logins one after another until the first reply that did not check the password (429, or a captcha asked for). */
    const checkedUntilHeld = async (
      app: FastifyInstance,
      ip: (i: number) => string,
      username: (i: number) => string,
      max: number,
    ) => {
      for (let i = 0; i <= max; i++) {
        const r = await loginFrom(app, ip(i), username(i), 'still-wrong');
        if (r.status === 429 || isCaptchaAsk(r)) return i;
        expect(r.body.message).toBe('账户或密码不正确~');
      }
      return Infinity;
    };

    it('40 concurrent wrong passwords for one user from 40 addresses: at most 5 are checked, the rest must bring a captcha; the owner still signs in with one', async () => {
      const victim = await createStaff(t, admin, { username: 'burst1', menuIds: [] });
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) => loginFrom(t.app, `10.20.0.${i + 1}`, victim.username, `wrong-${i}`)),
      );
      const checked = replies.filter((r) => r.body.message === '账户或密码不正确~').length;
      const held = replies.filter(isCaptchaAsk).length;
      console.log(
        `[throttle ${dialect}] 40 concurrent wrong passwords for one user: ${checked} checked, ${held} asked for a captcha`,
      );
      expect(checked + held, JSON.stringify(statuses(replies))).toBe(40);
      expect(checked).toBeLessThanOrEqual(5);
      // A burst may be held back more than needed, never less: what it did not use is still there, and no more.
      expect(
        checked +
          (await checkedUntilHeld(
            t.app,
            (i) => `10.20.1.${i + 1}`,
            () => victim.username,
            5,
          )),
      ).toBe(5);
      // The right password from a new address: no lock-out, a captcha.
      expect(isCaptchaAsk(await loginFrom(t.app, '10.20.2.1', victim.username, victim.password))).toBe(true);
      expect((await loginFrom(t.app, '10.20.2.1', victim.username, victim.password, await captchaOf(t))).status).toBe(
        200,
      );
      // Another user is not affected.
      expect((await loginFrom(t.app, '10.20.2.2', 'admin', '123456')).status).toBe(200);
    });

    it('the right password inside a burst of 40 wrong ones: at most 5 of the 41 have their password checked', async () => {
      const victim = await createStaff(t, admin, { username: 'burst2', menuIds: [] });
      const attempts = Array.from({ length: 41 }, (_, i) => (i === 20 ? victim.password : `wrong-${i}`));
      const replies = await Promise.all(
        attempts.map((password, i) => loginFrom(t.app, `10.21.0.${i + 1}`, victim.username, password)),
      );
      expect(replies.filter((r) => r.status !== 429 && !isCaptchaAsk(r)).length).toBeLessThanOrEqual(5);
    });

    it('4 concurrent right logins of one user from one address (tabs, a reconnecting client) all sign in', async () => {
      // Attempts under way hold places in the counters; within the free number none may make another wait (one that
      // began a moment later has a later time, which once read as a wait of a millisecond or two: 429).
      const replies = await Promise.all(
        Array.from({ length: 4 }, () => loginFrom(t.app, '10.23.0.1', 'admin', '123456')),
      );
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    });

    it('40 concurrent wrong logins from one address under different user names: at most 20 are checked, then that address waits (429, Retry-After); others sign in', async () => {
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) => loginFrom(t.app, '10.22.0.1', `nobody-${i}`, 'wrong')),
      );
      const checked = replies.filter((r) => r.status === 400).length;
      expect(checked + replies.filter((r) => r.status === 429).length).toBe(40);
      expect(checked).toBeLessThanOrEqual(20);
      // 20 free (the clock stands still: no wait runs out while the burst is hashed).
      expect(
        checked +
          (await checkedUntilHeld(
            t.app,
            () => '10.22.0.1',
            (i) => `later-${i}`,
            21,
          )),
      ).toBe(20);
      const waiting = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { username: 'admin', password: '123456' },
        remoteAddress: '10.22.0.1',
        headers: { language: 'en' },
      });
      const wait = String(waiting.headers['retry-after']);
      expect([waiting.statusCode, wait, waiting.json().message]).toEqual([
        429,
        expect.stringMatching(/^[12]$/),
        `Too many failed logins from here, try again in ${wait} s`,
      ]);
      expect((await loginFrom(t.app, '10.22.0.2', 'admin', '123456')).status).toBe(200);
    });

    it('two server processes on one database share the counters', async () => {
      const victim = await createStaff(t, admin, { username: 'shared1', menuIds: [] });
      for (let i = 0; i < 3; i++)
        expect((await loginFrom(t.app, `10.23.0.${i + 1}`, victim.username, 'wrong')).status).toBe(400);
      for (let i = 3; i < 5; i++)
        expect((await loginFrom(second, `10.23.0.${i + 1}`, victim.username, 'wrong')).status).toBe(400);
      expect(isCaptchaAsk(await loginFrom(t.app, '10.23.0.6', victim.username, victim.password))).toBe(true);
      expect(isCaptchaAsk(await loginFrom(second, '10.23.0.7', victim.username, victim.password))).toBe(true);

      for (let i = 0; i < 20; i++)
        expect((await loginFrom(i % 2 ? second : t.app, '10.24.0.1', `ghost-${i}`, 'wrong')).status).toBe(400);
      expect((await loginFrom(t.app, '10.24.0.1', 'admin', '123456')).status).toBe(429);
      expect((await loginFrom(second, '10.24.0.1', 'admin', '123456')).status).toBe(429);

      // A burst split over both processes is held too.
      const other = await createStaff(t, admin, { username: 'shared2', menuIds: [] });
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          loginFrom(i % 2 ? second : t.app, `10.25.0.${i + 1}`, other.username, 'wrong'),
        ),
      );
      const checked = replies.filter((r) => r.body.message === '账户或密码不正确~').length;
      expect(
        checked +
          (await checkedUntilHeld(
            second,
            (i) => `10.25.1.${i + 1}`,
            () => other.username,
            5,
          )),
      ).toBe(5);
    });

    it('a right password gives its places back: failures are forgotten and the table does not keep successful logins', async () => {
      const user = await createStaff(t, admin, { username: 'forgiven', menuIds: [] });
      for (let i = 0; i < 4; i++)
        expect((await loginFrom(t.app, '10.26.0.1', user.username, 'wrong')).status).toBe(400);
      expect((await loginFrom(second, '10.26.0.1', user.username, user.password)).status).toBe(200);
      for (let i = 0; i < 5; i++)
        expect((await loginFrom(t.app, '10.26.0.2', user.username, 'wrong')).status).toBe(400);
      const stored = await t.rows('base_sys_login_attempt');
      expect(stored.filter((r) => r.bucket === 'u:forgiven')).toHaveLength(5);
      expect(stored.filter((r) => r.bucket === 'p:10.26.0.2|forgiven')).toHaveLength(5);
      expect(stored.filter((r) => r.bucket === 'p:10.26.0.1|forgiven')).toHaveLength(0);
      expect(stored.filter((r) => r.bucket === 'ip:10.26.0.1')).toHaveLength(4);
      for (let i = 0; i < 30; i++) expect((await loginFrom(t.app, '10.26.0.3', 'admin', '123456')).status).toBe(200);
      expect(
        (await t.rows('base_sys_login_attempt')).filter(
          (r) => r.bucket === 'ip:10.26.0.3' || r.bucket === 'u:admin' || String(r.bucket).endsWith('|admin'),
        ),
      ).toEqual([]);
    });

    it('no hard lock-out of the owner (ASVS 2.2.1): five wrong passwords for admin from one address, the right one from another still signs in', async () => {
      for (let i = 0; i < 5; i++) expect((await loginFrom(t.app, '10.27.0.1', 'admin', `wrong-${i}`)).status).toBe(400);
      // The guessing address waits on this name (1 s, doubling), and its waiting tries do not lengthen the wait.
      for (let i = 0; i < 3; i++) expect((await loginFrom(t.app, '10.27.0.1', 'admin', '123456')).status).toBe(429);
      // The owner elsewhere: asked for a captcha (the console always shows one), never refused with the right one.
      const asked = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { username: 'admin', password: '123456' },
        remoteAddress: '10.27.0.2',
        headers: { language: 'zh-tw' },
      });
      expect([asked.statusCode, asked.json().message, asked.json().details?.[0]?.path]).toEqual([
        400,
        '該帳戶登入失敗次數過多，請輸入圖片驗證碼',
        'verifyCode',
      ]);
      const withCaptcha = await loginFrom(t.app, '10.27.0.2', 'admin', '123456', await captchaOf(t));
      expect(withCaptcha.status, JSON.stringify(withCaptcha.body)).toBe(200);
      // Signed in, the name's failures are forgotten: no captcha asked any more.
      expect((await loginFrom(t.app, '10.27.0.3', 'admin', '123456')).status).toBe(200);
    });

    it('waits double with each further failure, up to loginDelayMaxMs, and end with the window (the throttle itself, on this database)', async () => {
      const throttle = new LoginThrottle(t.app.joinery.database, {
        ...DEFAULT_LIMITS,
        loginPerIp: 2,
        loginPerUser: 1000,
        loginDelayBaseMs: 1000,
        loginDelayMaxMs: 8000,
      });
      const t0 = 1_900_000_000_000;
      const fail = async (at: number) => {
        await throttle.begin(`n${at}`, '10.28.0.1', at);
      };
      const refusedAt = async (at: number) => {
        try {
          const a = await throttle.begin('probe', '10.28.0.1', at);
          await a.release();
          return undefined;
        } catch (e) {
          return (e as { retryAfter?: number }).retryAfter;
        }
      };
      await fail(t0);
      await fail(t0 + 10);
      let at = t0 + 10;
      for (const wait of [1000, 2000, 4000, 8000, 8000]) {
        expect(await refusedAt(at + wait - 1)).toBe(1);
        expect(await refusedAt(at + 1)).toBe(Math.ceil((wait - 1) / 1000));
        at += wait;
        expect(await refusedAt(at)).toBeUndefined();
        await fail(at);
      }
      // Past the window the failures are forgotten.
      expect(await refusedAt(at + DEFAULT_LIMITS.loginWindowMs + 1)).toBeUndefined();
    });
  });
}
