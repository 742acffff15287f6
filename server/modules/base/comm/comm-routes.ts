import type { Host } from '../../../core/host.js';
import { appError, E, fieldError } from '../../../core/errors.js';
import type { OpContext } from '../../../core/crud/context.js';
import type { Row } from '../../../core/db/row.js';
import { decodeRow } from '../../../core/db/row-codec.js';
import { validatePatch } from '../../../core/crud/input-validation.js';
import { hashPassword, verifyPassword } from '../../../core/auth/password.js';
import { loadMenus } from '../../../core/auth/access-rights.js';
import { registerUploadRoutes } from '../files/upload.js';
import { limitsOf } from '../../../core/limits.js';
import { BASE_ROUTES as R } from '../base-route-schemas.js';
import { updateRecorded } from '../../../core/crud/module-writes.js';
import { writeWithRetry } from '../../../core/db/contention.js';

const COMM = '/admin/base/comm';
const USER = 'base/sys/user';
/** The only columns the person centre may change (PROTOCOL §0). */
const PROFILE_FIELDS = ['name', 'nickName', 'headImg', 'phone', 'email'];

function me(ctx: OpContext) {
  if (!ctx.user) throw new Error('login route without user');
  return ctx.user;
}

async function person(host: Host, ctx: OpContext) {
  const entity = host.registry.get(USER)!;
  const row = await ctx.db.selectFrom('base_sys_user').selectAll().where('id', '=', me(ctx).id).executeTakeFirst();
  if (!row) throw appError(E.USER_NOT_FOUND);
  return decodeRow(entity, row);
}

async function personUpdate(host: Host, ctx: OpContext, body: Row) {
  const entity = host.registry.get(USER)!;
  const input: Row = {};
  for (const k of [...PROFILE_FIELDS, 'password'])
    if (body[k] !== undefined && !(k === 'password' && body[k] === '')) input[k] = body[k];
  const patch = validatePatch(entity, input);
  const db = ctx.db;
  const user = await db
    .selectFrom('base_sys_user')
    .select(['password', 'passwordV'])
    .where('id', '=', me(ctx).id)
    .executeTakeFirst();
  if (!user) throw appError(E.USER_NOT_FOUND);
  if (patch.password !== undefined) {
    if (typeof body.oldPassword !== 'string' || body.oldPassword === '')
      throw fieldError('oldPassword', E.OLD_PASSWORD_REQUIRED);
    if (!(await verifyPassword(body.oldPassword, user.password ?? ''))) throw appError(E.OLD_PASSWORD_WRONG);
    patch.password = await hashPassword(String(patch.password));
    patch.passwordV = user.passwordV + 1;
  }
  if (Object.keys(patch).length === 0) return undefined;
  // The patch is checked against the user schema (validatePatch), not by Kysely.
  // Recorded in the user's field history (module-writes.ts; the password as a marker only).
  await writeWithRetry(db, (trx) => updateRecorded({ ...ctx, db: trx }, USER, { id: me(ctx).id }, patch));
  // A new password version must end the caller's other sessions on their next request.
  host.auth.invalidateRights();
  return undefined;
}

async function permmenu(host: Host, ctx: OpContext) {
  const user = me(ctx);
  const menuEntity = host.registry.get('base/sys/menu')!;
  const menus = (await loadMenus(ctx.db, user)).map((m) => decodeRow(menuEntity, m));
  return { perms: [...user.perms], menus };
}

/** /admin/base/comm/*: what every signed-in admin may do for themselves. */
export function registerCommRoutes(host: Host): void {
  const small = limitsOf(host.config.limits).bodySmallMaxBytes;
  host.route({
    method: 'get',
    url: `${COMM}/person`,
    access: 'login',
    summary: '个人信息',
    schema: R.person,
    handler: (ctx) => person(host, ctx),
  });
  host.route({
    method: 'post',
    url: `${COMM}/personUpdate`,
    access: 'login',
    summary: '修改个人信息',
    schema: R.personUpdate,
    bodyLimit: small,
    handler: (ctx, i) => personUpdate(host, ctx, i.body),
  });
  host.route({
    method: 'get',
    url: `${COMM}/permmenu`,
    access: 'login',
    summary: '权限与菜单',
    schema: R.permmenu,
    handler: (ctx) => permmenu(host, ctx),
  });
  host.route({
    method: 'post',
    url: `${COMM}/logout`,
    access: 'login',
    summary: '退出',
    schema: R.logout,
    bodyLimit: small,
    handler: async (ctx) => {
      await host.auth.revokeUser(me(ctx).id);
    },
  });
  host.route({
    method: 'get',
    url: `${COMM}/program`,
    access: 'public',
    summary: '编程',
    schema: R.program,
    handler: () => 'Node',
  });
  registerUploadRoutes(host);
}
