import type { Host } from '../../core/host.js';
import { badRequest } from '../../core/errors.js';
import type { OpContext } from '../../core/crud/context.js';
import { nowText } from '../../core/db/time.js';

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
  const updated = await db.updateTable('base_sys_conf').set({ cValue: value, updateTime: now }).where('cKey', '=', key).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto('base_sys_conf').values({ cKey: key, cValue: value, createTime: now, updateTime: now }).execute();
}

/** Request log: clear it, and how many days it is kept. */
export function registerSysLog(host: Host): void {
  host.actions.set(PREFIX, 'clear', async (ctx) => {
    await ctx.db.deleteFrom('base_sys_log').execute();
  });
  host.actions.set(PREFIX, 'setKeep', async (ctx, { body }) => {
    const value = typeof body.value === 'string' && /^\d+$/.test(body.value) ? Number(body.value) : body.value;
    if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 3650) {
      throw badRequest('value: days to keep must be a whole number from 1 to 3650', [{ path: 'value', message: 'must be 1..3650' }]);
    }
    await setConf(ctx, 'logKeep', String(value));
  });
  host.actions.set(PREFIX, 'getKeep', async (ctx) => (await getConf(ctx, 'logKeep')) ?? '31');
}
