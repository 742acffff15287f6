import type { OpContext } from '../../core/crud/context.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { E, fieldError } from '../../core/errors.js';
import type { Row } from '../../core/db/row.js';
import { parseId, parseIds } from '../../core/crud/input-validation.js';
import { updateRecorded } from '../../core/crud/module-writes.js';

/** Reads rows by id, locking them on PostgreSQL and MariaDB (SQLite has a single writer). */
export async function lockRow(ctx: OpContext, table: string, id: number, columns: string[]): Promise<Row | undefined> {
  // The columns are a parameter, so this one query is built untyped.
  let q = untyped(ctx.db)
    .selectFrom(table)
    .select(['id', ...columns])
    .where('id', '=', id);
  if (ctx.database.dialect !== 'sqlite') q = q.forUpdate();
  return await q.executeTakeFirst();
}

export function optionalText(body: Row, name: string, max: number): string | undefined {
  const v = body[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw fieldError(name, E.FIELD_TEXT);
  if (v.length > max) throw fieldError(name, E.FIELD_TOO_LONG, { max });
  return v;
}

/** {id} or {ids} (all or nothing). */
export function targetIds(body: Row, single = 'id', many = 'ids'): { ids: number[]; batch: boolean } {
  // Ascending, so that concurrent batches lock their rows in the same order (no deadlock on PostgreSQL / MariaDB).
  if (body[many] !== undefined && body[many] !== null)
    return { ids: parseIds(body[many], many).sort((a, b) => a - b), batch: true };
  return { ids: [parseId(body[single], single)], batch: false };
}

/**
 * Sets a subject's auditStatus from one value to another (with the decision's remark when it is decided); false when
 * it was not at `from` (or is gone).
 */
export async function moveSubject(
  ctx: OpContext,
  table: 'product_info' | 'order_info',
  id: number,
  from: number[],
  to: number,
  auditRemark?: string | null,
): Promise<boolean> {
  // Recorded in the subject's field history (module-writes.ts).
  const rows = await updateRecorded(
    ctx,
    table === 'product_info' ? 'product/info' : 'order/order',
    { id, auditStatus: from },
    { auditStatus: to, ...(auditRemark === undefined ? {} : { auditRemark }) },
  );
  return rows.length === 1;
}
