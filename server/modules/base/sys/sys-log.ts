import type { Host } from '../../../core/host.js';
import { E, fieldError } from '../../../core/errors.js';
import type { OpContext } from '../../../core/crud/context.js';
import { nowText } from '../../../core/db/time.js';
import type { AnyExpressionBuilder } from '../../../core/crud/entity-hooks.js';
import { SUPER_ROLE_ID } from '../../../core/auth/access-rights.js';

const PREFIX = 'base/sys/log';

/** Reads a base_sys_conf value. */
export async function getConf(ctx: OpContext, key: string): Promise<string | undefined> {
  const row = await ctx.db.selectFrom('base_sys_conf').select('cValue').where('cKey', '=', key).executeTakeFirst();
  return row ? String(row.cValue) : undefined;
}

/** Writes a base_sys_conf value (insert or update). */
export async function setConf(ctx: OpContext, key: string, value: string): Promise<void> {
  const db = ctx.db;
  const now = nowText();
  const updated = await db
    .updateTable('base_sys_conf')
    .set({ cValue: value, updateTime: now })
    .where('cKey', '=', key)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await db
      .insertInto('base_sys_conf')
      .values({ cKey: key, cValue: value, createTime: now, updateTime: now })
      .execute();
}

/**
 * The log rows a non-super admin sees (page, export) and clears: its own requests and those of the users it reaches —
 * in its department scope, never a super admin — as the user page does. Anonymous requests and everyone else's
 * (their addresses, parameters, names) are a super admin's only.
 */
export function logScope(ctx: OpContext, eb: AnyExpressionBuilder) {
  const user = ctx.user;
  if (!user || user.isSuper || user.departmentIds === null) return undefined;
  const own = eb('a.userId', '=', user.id);
  if (user.departmentIds.length === 0) return own;
  const superUsers = eb
    .selectFrom('base_sys_user_role as sur')
    .select('sur.userId')
    .where('sur.roleId', '=', SUPER_ROLE_ID);
  const reached = eb
    .selectFrom('base_sys_user as u')
    .select('u.id')
    .where('u.departmentId', 'in', [...user.departmentIds])
    .where('u.id', 'not in', superUsers);
  return eb.or([own, eb('a.userId', 'in', reached)]);
}

/** Request log: clear it, and how many days it is kept. */
export function registerSysLog(host: Host): void {
  host.hooks.add(PREFIX, { scope: logScope });
  host.actions.set(PREFIX, 'clear', async (ctx) => {
    // A delegated admin clears only what it may see.
    // (Ids first, in batches: MariaDB takes no alias in a single-table DELETE nor a subquery on the table deleted from.)
    if (ctx.user && !ctx.user.isSuper && ctx.user.departmentIds !== null) {
      for (;;) {
        const ids = (
          await ctx.db
            .selectFrom('base_sys_log as a')
            .select('a.id')
            .where((eb) => logScope(ctx, eb as unknown as AnyExpressionBuilder)!)
            .limit(1000)
            .execute()
        ).map((r) => r.id);
        if (ids.length === 0) return;
        await ctx.db.deleteFrom('base_sys_log').where('id', 'in', ids).execute();
      }
    }
    await ctx.db.deleteFrom('base_sys_log').execute();
  });
  host.actions.set(PREFIX, 'setKeep', async (ctx, { body }) => {
    const value = typeof body.value === 'string' && /^\d+$/.test(body.value) ? Number(body.value) : body.value;
    if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 3650) {
      throw fieldError('value', E.LOG_KEEP_DAYS);
    }
    await setConf(ctx, 'logKeep', String(value));
  });
  host.actions.set(PREFIX, 'getKeep', async (ctx) => (await getConf(ctx, 'logKeep')) ?? '31');
}
