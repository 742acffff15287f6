import { sql } from 'kysely';
import type { OpContext } from '../../core/crud/context.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { bumpSequence } from '../../core/crud/insert-row.js';
import { decodeRow, encodeRow } from '../../core/db/row-codec.js';
import type { Row } from '../../core/db/row.js';
import { nowText } from '../../core/db/time.js';
import { VISIT_TABLE } from '../../modules/dashboard/visit-counter.js';
import { generateShopHistory } from './shop-history.js';

/** Bound values per INSERT: well under SQLite's limit (32,766), and few statements for the networked databases. */
const VALUES_PER_INSERT = 4000;
const rowsPerInsert = (columns: number) => Math.max(1, Math.floor(VALUES_PER_INSERT / Math.max(1, columns)));

async function readAll(ctx: OpContext, prefix: string): Promise<Row[]> {
  const entity = ctx.registry.get(prefix)!;
  const rows: Row[] = await untyped(ctx.db).selectFrom(entity.table).selectAll().orderBy('id').execute();
  return rows.map((r) => decodeRow(entity, r, { keepSecrets: true }));
}

async function insertMany(ctx: OpContext, prefix: string, rows: Row[]): Promise<void> {
  const entity = ctx.registry.get(prefix);
  if (!entity) throw new Error(`shop history names entity "${prefix}", which does not exist`);
  const now = nowText();
  const size = rowsPerInsert(rows.length ? Object.keys(rows[0]).length + 2 : 1);
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size).map((r) => encodeRow(entity, { createTime: now, updateTime: now, ...r }));
    await untyped(ctx.db).insertInto(entity.table).values(chunk).execute();
  }
  await bumpSequence(ctx, entity);
}

/**
 * Adds eighteen months of generated shop history (members, orders with lines and status history, audits, bundles,
 * visits) on top of the seed files, inside the seed's transaction. Product sales grow by the completed lines.
 */
export async function seedShopHistory(ctx: OpContext, now = new Date()): Promise<void> {
  const remark = ctx.registry.get('order/order')!.fieldMap.get('remark')?.schema.default;
  const h = generateShopHistory(
    {
      products: await readAll(ctx, 'product/info'),
      levels: await readAll(ctx, 'user/level'),
      members: await readAll(ctx, 'user/info'),
      categories: await readAll(ctx, 'product/category'),
      orderRemark: typeof remark === 'string' ? remark : '',
    },
    now,
  );
  await insertMany(ctx, 'user/info', h.members);
  await insertMany(ctx, 'user/address', h.addresses);
  await insertMany(ctx, 'order/order', h.orders);
  await insertMany(ctx, 'order/item', h.items);
  await insertMany(ctx, 'order/history', h.history);
  await insertMany(ctx, 'audit/order', h.auditOrders);
  await insertMany(ctx, 'audit/user', h.auditUsers);
  await insertMany(ctx, 'order/recommend', h.bundles);
  for (const [id, units] of h.soldUnits) {
    await ctx.db
      .updateTable('product_info')
      .set({ sales: sql`sales + ${units}` })
      .where('id', '=', id)
      .execute();
  }
  const size = rowsPerInsert(4);
  for (let i = 0; i < h.visits.length; i += size)
    await ctx.db
      .insertInto(VISIT_TABLE)
      .values(h.visits.slice(i, i + size))
      .execute();
}
