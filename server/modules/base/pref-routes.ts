import { sql } from 'kysely';
import type { Host } from '../../core/host.js';
import { badRequest, tooLarge } from '../../core/errors.js';
import type { OpContext } from '../../core/crud/context.js';
import { decodeRow } from '../../core/db/row-codec.js';
import { nowText } from '../../core/db/time.js';
import { limitsOf, sizeText as kb } from '../../core/limits.js';
import { BASE_ROUTES as R } from './base-route-schemas.js';

const TABLE = 'base_sys_pref';
const KEY = /^[A-Za-z0-9_./:-]{1,200}$/;

function keyOf(value: unknown): string {
  if (typeof value !== 'string' || !KEY.test(value))
    throw badRequest('key: 1–200 letters, digits or _ . / : -', [
      { path: 'key', message: 'is not a valid preference key' },
    ]);
  return value;
}

const userId = (ctx: OpContext) => ctx.user!.id;

/** GET/POST /admin/base/comm/pref: the signed-in user's own screen preferences (column layout, theme). */
export function registerPrefRoutes(host: Host): void {
  // Any signed-in user, whatever their role, may store preferences: so each user gets a bounded share of the disk.
  const {
    prefValueMaxBytes: maxValue,
    prefKeysPerUser: maxKeys,
    prefBytesPerUser: maxBytes,
  } = limitsOf(host.config.limits);
  host.route({
    method: 'get',
    url: '/admin/base/comm/pref',
    access: 'login',
    summary: '读取偏好',
    schema: R.prefGet,
    handler: async (ctx, { query }) => {
      const row = await ctx.db
        .selectFrom(TABLE)
        .selectAll()
        .where('userId', '=', userId(ctx))
        .where('key', '=', keyOf(query.key))
        .executeTakeFirst();
      return row ? decodeRow(host.registry.get('base/sys/pref')!, row).value : undefined;
    },
  });
  host.route({
    method: 'post',
    url: '/admin/base/comm/pref',
    access: 'login',
    summary: '保存偏好',
    schema: R.prefPost,
    // The largest value, its key and the JSON around them.
    bodyLimit: maxValue + 1024,
    handler: async (ctx, { body }) => {
      const key = keyOf(body.key);
      if (body.value === undefined) throw badRequest('value: is required', [{ path: 'value', message: 'is required' }]);
      const value = JSON.stringify(body.value);
      const size = Buffer.byteLength(value);
      if (size > maxValue) {
        throw tooLarge({
          'zh-cn': `偏好设置的值过大：每项最多 ${kb(maxValue)}`,
          'zh-tw': `偏好設定的值過大：每項最多 ${kb(maxValue)}`,
          en: `value: a preference is at most ${kb(maxValue)}`,
        });
      }
      const now = nowText();
      await ctx.db.transaction().execute(async (t) => {
        // What the user's other keys hold, counted in the same transaction as the write.
        const others = await t
          .selectFrom(TABLE)
          .select([
            sql<number>`count(*)`.as('keys'),
            sql<number | null>`sum(octet_length(${sql.ref('value')}))`.as('bytes'),
          ])
          .where('userId', '=', userId(ctx))
          .where('key', '<>', key)
          .executeTakeFirstOrThrow();
        if (Number(others.keys) + 1 > maxKeys) {
          throw tooLarge({
            'zh-cn': `偏好设置过多：每个用户最多 ${maxKeys} 项`,
            'zh-tw': `偏好設定過多：每個用戶最多 ${maxKeys} 項`,
            en: `Too many preferences: at most ${maxKeys} keys per user`,
          });
        }
        if (Number(others.bytes ?? 0) + size > maxBytes) {
          throw tooLarge({
            'zh-cn': `偏好设置总量过大：每个用户最多 ${kb(maxBytes)}`,
            'zh-tw': `偏好設定總量過大：每個用戶最多 ${kb(maxBytes)}`,
            en: `Preferences too large: at most ${kb(maxBytes)} in all per user`,
          });
        }
        const updated = await t
          .updateTable(TABLE)
          .set({ value, updateTime: now })
          .where('userId', '=', userId(ctx))
          .where('key', '=', key)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0)
          await t
            .insertInto(TABLE)
            .values({ userId: userId(ctx), key, value, createTime: now, updateTime: now })
            .execute();
      });
    },
  });
}
