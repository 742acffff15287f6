import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';

/** Login calls as the throttle and captcha tests make them: from an address of their choice. */
export const LOGIN = '/admin/base/open/login';
export const CAPTCHA = '/admin/base/open/captcha';

export async function loginFrom(
  app: FastifyInstance,
  ip: string,
  username: string,
  password: string,
  captcha: Row = {},
): Promise<{ status: number; body: Row }> {
  const res = await app.inject({
    method: 'POST',
    url: LOGIN,
    payload: { username, password, ...captcha },
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: res.json() as Row };
}

/** A reply asking for a captcha before the password is looked at (a name many have failed on). */
export const isCaptchaAsk = (r: { status: number; body: Row }) =>
  r.status === 400 && (r.body.details as Row[] | undefined)?.[0]?.path === 'verifyCode';

/** A fresh captcha and its answer, read where the server keeps it. */
export async function captchaOf(t: TestApp): Promise<Row> {
  const r = await t.call('GET', CAPTCHA);
  const captchaId = String((r.body.data as Row).captchaId);
  const stored = (await t.rows('base_sys_captcha')).find((row) => row.captchaId === captchaId)!;
  return { captchaId, verifyCode: String(stored.answer) };
}

export const statuses = (replies: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of replies) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};
