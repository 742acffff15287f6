import type { Host } from '../../core/host.js';
import type { OpContext } from '../../core/crud/context.js';
import type { AnyExpressionBuilder } from '../../core/crud/entity-hooks.js';
import { parseIds } from '../../core/crud/input-validation.js';
import { entityOfRecord, RECYCLE_PREFIX, restoreFromRecycleBin } from '../../core/crud/recycle-bin.js';
import type { Row } from '../../core/db/row.js';
import { decodeRow } from '../../core/db/row-codec.js';
import { requestLanguage, type Lang } from '../../core/http/request-language.js';

/** What a restore says when it left kept links out because the records they name no longer exist. */
const SKIPPED: Record<Lang, (n: number) => string> = {
  'zh-cn': (n) => `已恢复；${n} 条关联因对应的记录已不存在而未恢复`,
  'zh-tw': (n) => `已恢復；${n} 條關聯因對應的記錄已不存在而未恢復`,
  en: (n) => `Restored; ${n} link(s) were left out because the records they name no longer exist`,
};

/** Entity prefixes a caller holds some permission of: base:sys:user:page → base/sys/user. */
const prefixesOf = (perms: Iterable<string>) => [
  ...new Set([...perms].map((p) => p.split(':').slice(0, -1).join('/')).filter(Boolean)),
];

/**
 * What a delegated admin sees and restores in the bin: records of entities they hold a permission of, whose rows lay
 * in their department scope (users, departments) or that they deleted themselves (roles, menus). Records from
 * before the scope was recorded (no entityPrefix) are a super admin's only.
 */
function recycleScope(ctx: OpContext, eb: AnyExpressionBuilder) {
  const user = ctx.user;
  if (!user || user.isSuper) return undefined;
  const prefixes = prefixesOf(user.perms);
  if (prefixes.length === 0) return eb('a.id', '=', -1);
  const departments = (user.departmentIds ?? []).map((d) => `dept:${d}`);
  return eb.and([
    eb('a.entityPrefix', 'in', prefixes),
    eb.or([
      eb('a.scope', 'is', null),
      ...(departments.length ? [eb('a.scope', 'in', departments)] : []),
      eb.and([eb('a.scope', '=', 'owner'), eb('a.userId', '=', user.id)]),
    ]),
  ]);
}

/** Recycle bin: restore, and rows shown the way their entity shows them (no secrets). */
export function registerRecycleModule(host: Host): void {
  host.actions.set(RECYCLE_PREFIX, 'restore', async (ctx, { body, request }) => {
    const skipped = await restoreFromRecycleBin(ctx, parseIds(body.ids));
    host.auth.invalidateRights();
    // A plain `ok` as the protocol has it; only when kept links were left out, the reply says which (README.md).
    if (skipped.length === 0) return undefined;
    const lang = requestLanguage(request.headers.language);
    return { message: SKIPPED[lang](skipped.length), skipped };
  });
  host.hooks.add(RECYCLE_PREFIX, {
    scope: recycleScope,
    decorate: (ctx, rows) => {
      for (const row of rows) {
        const entity = entityOfRecord(ctx, row);
        if (entity && Array.isArray(row.data)) row.data = (row.data as Row[]).map((r) => decodeRow(entity, r));
        if (Array.isArray(row.related)) {
          row.related = (row.related as { entity: string; rows: Row[] }[]).map((k) => {
            const kept = ctx.registry.get(k.entity);
            return {
              entity: k.entity,
              rows: kept && Array.isArray(k.rows) ? k.rows.map((r) => decodeRow(kept, r)) : [],
            };
          });
        }
      }
    },
  });
}
