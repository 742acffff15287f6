import { randomUUID } from 'node:crypto';
import type { Host } from '../../../core/host.js';
import { appError, E, type ErrorEntry, issue } from '../../../core/errors.js';
import type { Row } from '../../../core/db/row.js';
import { nowText } from '../../../core/db/time.js';
import { hashPassword, isLegacyHash, verifyPassword } from '../../../core/auth/password.js';
import { consumeCaptcha, createCaptcha } from './captcha.js';
import { mayCall } from './eps.js';
import { sendEps } from './eps-reply.js';
import { generateOpenApi } from '../../../core/http/openapi.js';
import { paramHtml } from '../sys/sys-param.js';
import { sandboxReply } from '../../../core/http/security-headers.js';
import { limitsOf } from '../../../core/limits.js';
import { BASE_ROUTES as R } from '../base-route-schemas.js';

const OPEN = '/admin/base/open';

function requiredText(body: Row, name: string, missing: ErrorEntry<never>, max = 100): string {
  const v = body[name];
  if (typeof v !== 'string' || v.trim() === '') throw appError(missing, {}, [issue(name, E.FIELD_REQUIRED)]);
  if (v.length > max) throw appError(E.LOGIN_FIELD_TOO_LONG, { name, max }, [issue(name, E.FIELD_TOO_LONG, { max })]);
  return v;
}

let decoy: Promise<string> | undefined;
/** A real scrypt hash of a random password, checked in place of a missing user's. */
const decoyHash = () => (decoy ??= hashPassword(randomUUID()));

async function login(host: Host, body: Row, ip: string) {
  const username = requiredText(body, 'username', E.LOGIN_USERNAME_REQUIRED);
  const password = requiredText(body, 'password', E.LOGIN_PASSWORD_REQUIRED);
  const code = host.config.captcha ? requiredText(body, 'verifyCode', E.LOGIN_CAPTCHA_REQUIRED, 16) : '';
  // The attempt is counted before any hashing; a failure keeps its place, success and non-failures give it back.
  const attempt = await host.throttle.begin(username, ip);
  if (!host.config.captcha && attempt.needsCaptcha) {
    // A name many have failed on needs a captcha even with the captcha switched off (never a lock-out: see login-throttle.ts).
    const given = body.verifyCode;
    if (
      typeof given !== 'string' ||
      given.trim() === '' ||
      given.length > 16 ||
      !(await consumeCaptcha(host, body.captchaId, given))
    ) {
      await attempt.failIpOnly();
      throw appError(E.CAPTCHA_NEEDED, {}, [issue('verifyCode', E.CAPTCHA_NEEDED)]);
    }
  }
  if (host.config.captcha) {
    if (!(await consumeCaptcha(host, body.captchaId, code))) {
      // A wrong captcha counts against the IP only, so nobody can lock a user out without their password.
      await attempt.failIpOnly();
      throw appError(E.CAPTCHA_WRONG);
    }
  }
  const db = host.database.db;
  const user = await db.selectFrom('base_sys_user').selectAll().where('username', '=', username).executeTakeFirst();
  // Hash even when there is no such user, so the reply time does not tell which user names exist.
  const passwordOk = await verifyPassword(password, user ? (user.password as string) : await decoyHash());
  if (!user || !passwordOk) throw appError(E.LOGIN_WRONG);
  if (Number(user.status) !== 1) {
    // Only someone who knows the password learns that the account exists and is disabled.
    await attempt.release();
    throw appError(E.ACCOUNT_DISABLED);
  }
  const rights = await host.auth.rights(Number(user.id));
  if (rights.roleIds.length === 0) {
    await attempt.release();
    throw appError(E.ACCOUNT_NO_ROLE);
  }
  if (isLegacyHash(String(user.password))) {
    await db
      .updateTable('base_sys_user')
      .set({ password: await hashPassword(password), updateTime: nowText() })
      .where('id', '=', user.id)
      .execute();
  }
  await attempt.succeed();
  return host.auth.openSession(user);
}

/** /admin/base/open/*: captcha, login, refresh, eps and the param HTML page (no token needed). */
export function registerOpenRoutes(host: Host): void {
  // A login or a refresh is a few short fields: a bigger body is refused unread (anyone may send these).
  const small = limitsOf(host.config.limits).bodySmallMaxBytes;
  host.route({
    method: 'get',
    url: `${OPEN}/captcha`,
    access: 'public',
    summary: '验证码',
    schema: R.captcha,
    handler: (_c, i) => createCaptcha(host, i.query, i.request.ip),
  });
  host.route({
    method: 'post',
    url: `${OPEN}/login`,
    access: 'public',
    summary: '登录',
    schema: R.login,
    bodyLimit: small,
    handler: (_c, i) => login(host, i.body, i.request.ip),
  });
  const refresh = (token: unknown) => host.auth.refresh(token);
  host.route({
    method: 'get',
    url: `${OPEN}/refreshToken`,
    access: 'public',
    summary: '刷新token',
    schema: R.refreshGet,
    handler: (_c, i) => refresh(i.query.refreshToken),
  });
  host.route({
    method: 'post',
    url: `${OPEN}/refreshToken`,
    access: 'public',
    summary: '刷新token',
    schema: R.refreshPost,
    bodyLimit: small,
    handler: (_c, i) => refresh(i.body.refreshToken ?? i.query.refreshToken),
  });
  host.route({
    method: 'get',
    url: `${OPEN}/eps`,
    access: 'public',
    summary: '实体信息与路径',
    schema: R.eps,
    handler: (_c, i) => sendEps(host, i.request, i.reply),
  });
  host.route({
    method: 'get',
    url: `${OPEN}/openapi`,
    access: 'public',
    summary: 'OpenAPI 文档',
    schema: R.openapi,
    // The same document as `joinery openapi`, from the live registry (entities made on this server included), listing
    // what eps lists to this caller: public routes to anyone, the rest by permission.
    handler: (_c, i) => {
      const routes = host.listRoutes().filter((r) => mayCall(r, i.request.user, host.config.epsPublic));
      const prefixes = new Set(routes.map((r) => r.url.slice('/admin/'.length, r.url.lastIndexOf('/'))));
      // The document itself, not in the envelope, so OpenAPI tools read it from the URL.
      return i.reply.type('application/json; charset=utf-8').send(
        JSON.stringify(
          generateOpenApi(
            host.registry.all().filter((e) => prefixes.has(e.prefix)),
            routes,
          ),
        ),
      );
    },
  });
  host.route({
    method: 'get',
    url: `${OPEN}/html`,
    access: 'public',
    summary: '获得网页内容的参数值',
    schema: R.html,
    // Admin-authored HTML on our origin: served sandboxed, so none of it can run script next to the session.
    handler: async (ctx, i) =>
      sandboxReply(i.reply)
        .type('text/html; charset=utf-8')
        .send(await paramHtml(ctx, i.query.key)),
  });
}
