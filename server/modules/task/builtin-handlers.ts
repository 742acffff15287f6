import type { Host } from '../../core/host.js';
import type { OpContext } from '../../core/crud/context.js';
import { formatDateTime, nowText } from '../../core/db/time.js';
import { limitsOf } from '../../core/limits.js';
import { getConf } from '../base/sys/sys-log.js';

const DAY_MS = 86_400_000;

/** `{keepDays?}`: how many days to keep, overriding the setting. */
const keepDaysSchema = {
  type: 'object',
  properties: { keepDays: { type: 'integer', minimum: 1, maximum: 3650 } },
  additionalProperties: false,
};

/** Days to keep: the task's `keepDays`, else the base_sys_conf setting, else `fallback` (31). */
async function keepDays(ctx: OpContext, data: unknown, confKey: string, fallback = 31): Promise<number> {
  const given = (data as { keepDays?: number }).keepDays;
  if (given !== undefined) return given;
  const conf = Number(await getConf(ctx, confKey));
  return Number.isInteger(conf) && conf >= 1 ? conf : fallback;
}

const deleted = (r: { numDeletedRows: bigint }[]) => r.reduce((n, x) => n + Number(x.numDeletedRows), 0);

/** The handlers every server has (README.md lists them). */
export function registerBuiltinHandlers(host: Host): void {
  host.taskHandlers.register({
    name: 'base.clearOperationLog',
    permission: 'base:sys:log:clear',
    wholeScope: true,
    summary:
      '清理操作日志 Delete operation-log rows older than the keep-days setting (sys/log setKeep) or data.keepDays',
    dataSchema: keepDaysSchema,
    async run({ ctx, data }) {
      const days = await keepDays(ctx, data, 'logKeep');
      const before = formatDateTime(new Date(Date.now() - days * DAY_MS));
      const r = await ctx.db.deleteFrom('base_sys_log').where('createTime', '<', before).execute();
      return { keepDays: days, before, deleted: deleted(r) };
    },
  });

  host.taskHandlers.register({
    name: 'base.clearHistory',
    permission: 'base:sys:history:setKeep',
    wholeScope: true,
    summary:
      '清理变更历史 Delete field-history rows older than the keep-days setting (sys/history setKeep, default 365) or data.keepDays',
    dataSchema: keepDaysSchema,
    async run({ ctx, data }) {
      const days = await keepDays(ctx, data, 'historyKeep', 365);
      const before = formatDateTime(new Date(Date.now() - days * DAY_MS));
      // In batches of ids: one long DELETE would hold the writer (SQLite) for the whole table.
      let n = 0;
      for (;;) {
        const ids = (
          await ctx.db
            .selectFrom('base_sys_history')
            .select('id')
            .where('createTime', '<', before)
            .limit(5000)
            .execute()
        ).map((r) => r.id);
        if (ids.length === 0) break;
        n += deleted(await ctx.db.deleteFrom('base_sys_history').where('id', 'in', ids).execute());
      }
      return { keepDays: days, before, deleted: n };
    },
  });

  host.taskHandlers.register({
    name: 'base.purgeExpired',
    permission: null,
    wholeScope: true,
    summary:
      '清理过期验证码与会话 Delete expired captchas, expired sign-in sessions and login attempts past the throttle window',
    dataSchema: { type: 'object', additionalProperties: false },
    async run({ ctx }) {
      const db = ctx.db;
      const now = nowText();
      const captchas = await db.deleteFrom('base_sys_captcha').where('expireTime', '<', now).execute();
      const sessions = await db.deleteFrom('base_sys_session').where('expireTime', '<', now).execute();
      const attempts = await db
        .deleteFrom('base_sys_login_attempt')
        .where('at', '<=', Date.now() - limitsOf(host.config.limits).loginWindowMs)
        .execute();
      return { captchas: deleted(captchas), sessions: deleted(sessions), loginAttempts: deleted(attempts) };
    },
  });

  host.taskHandlers.register({
    name: 'recycle.emptyExpired',
    permission: null,
    wholeScope: true,
    summary: '清理回收站 Delete recycle-bin records older than the recycleKeep setting or data.keepDays',
    dataSchema: keepDaysSchema,
    async run({ ctx, data }) {
      const days = await keepDays(ctx, data, 'recycleKeep');
      const before = formatDateTime(new Date(Date.now() - days * DAY_MS));
      const r = await ctx.db.deleteFrom('recycle_data').where('createTime', '<', before).execute();
      return { keepDays: days, before, deleted: deleted(r) };
    },
  });
}
