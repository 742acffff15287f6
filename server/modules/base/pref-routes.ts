import type { Host } from '../../core/host.js';
import { badRequest, tooLarge } from '../../core/errors.js';
import type { OpContext } from '../../core/crud/context.js';
import { decodeRow } from '../../core/db/row-codec.js';
import { nowText } from '../../core/db/time.js';

const TABLE = 'base_sys_pref';
const KEY = /^[A-Za-z0-9_./:-]{1,200}$/;
const MAX_VALUE = 64 * 1024;

function keyOf(value: unknown): string {
  if (typeof value !== 'string' || !KEY.test(value)) throw badRequest('key: 1–200 letters, digits or _ . / : -', [{ path: 'key', message: 'is not a valid preference key' }]);
  return value;
}

const userId = (ctx: OpContext) => ctx.user!.id;

/** GET/POST /admin/base/comm/pref: the signed-in user's own screen preferences (column layout, theme). */
export function registerPrefRoutes(host: Host): void {
  host.route({
    method: 'get', url: '/admin/base/comm/pref', access: 'login', summary: '读取偏好',
    handler: async (ctx, { query }) => {
      const row = await ctx.db.selectFrom(TABLE).selectAll().where('userId', '=', userId(ctx)).where('key', '=', keyOf(query.key)).executeTakeFirst();
      return row ? decodeRow(host.registry.get('base/sys/pref')!, row).value : undefined;
    },
  });
  host.route({
    method: 'post', url: '/admin/base/comm/pref', access: 'login', summary: '保存偏好',
    handler: async (ctx, { body }) => {
      const key = keyOf(body.key);
      if (body.value === undefined) throw badRequest('value: is required', [{ path: 'value', message: 'is required' }]);
      const value = JSON.stringify(body.value);
      if (value.length > MAX_VALUE) throw tooLarge('value: a preference is at most 64 KB');
      const now = nowText();
      await ctx.db.transaction().execute(async (trx) => {
        const t = trx;
        const updated = await t.updateTable(TABLE).set({ value, updateTime: now }).where('userId', '=', userId(ctx)).where('key', '=', key).executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) await t.insertInto(TABLE).values({ userId: userId(ctx), key, value, createTime: now, updateTime: now }).execute();
      });
    },
  });
}
