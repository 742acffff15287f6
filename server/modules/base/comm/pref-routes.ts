import { sql } from 'kysely';
import type { Host } from '../../../core/host.js';
import { appError, E, fieldError } from '../../../core/errors.js';
import type { OpContext } from '../../../core/crud/context.js';
import { decodeRow } from '../../../core/db/row-codec.js';
import { nowText } from '../../../core/db/time.js';
import { limitsOf, sizeText as kb } from '../../../core/limits.js';
import { BASE_ROUTES as R } from '../base-route-schemas.js';
import { writeWithRetry } from '../../../core/db/contention.js';

const TABLE = 'base_sys_pref';
const KEY = /^[A-Za-z0-9_./:-]{1,200}$/;

function keyOf(value: unknown): string {
  if (typeof value !== 'string' || !KEY.test(value)) throw fieldError('key', E.PREF_KEY);
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
      if (body.value === undefined) throw fieldError('value', E.FIELD_REQUIRED);
      const value = JSON.stringify(body.value);
      const size = Buffer.byteLength(value);
      if (size > maxValue) {
        throw appError(E.PREF_VALUE_TOO_LARGE, { limit: kb(maxValue) });
      }
      const now = nowText();
      await writeWithRetry(ctx.db, async (t) => {
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
          throw appError(E.PREF_TOO_MANY, { max: maxKeys });
        }
        if (Number(others.bytes ?? 0) + size > maxBytes) {
          throw appError(E.PREF_TOTAL_TOO_LARGE, { limit: kb(maxBytes) });
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
