import { sql } from 'kysely';
import type { OpContext } from '../../../core/crud/context.js';
import { untyped } from '../../../core/crud/dynamic-db.js';
import { bumpSequence } from '../../../core/crud/insert-row.js';
import { decodeRow, encodeRow } from '../../../core/db/row-codec.js';
import type { Row } from '../../../core/db/row.js';
import { nowText } from '../../../core/db/time.js';
import { VISIT_DAY_TABLE } from '../../dashboard/visit-counter.js';
import { generateShopHistory } from './shop-history.js';

/** Rows per INSERT: well under SQLite's bound-variable limit with the widest entity. */
const CHUNK = 100;

async function readAll(ctx: OpContext, prefix: string): Promise<Row[]> {
  const entity = ctx.registry.get(prefix)!;
  const rows = (await untyped(ctx.db).selectFrom(entity.table).selectAll().orderBy('id').execute()) as Row[];
  return rows.map((r) => decodeRow(entity, r, { keepSecrets: true }));
}

async function insertMany(ctx: OpContext, prefix: string, rows: Row[]): Promise<void> {
  const entity = ctx.registry.get(prefix);
  if (!entity) throw new Error(`shop history names entity "${prefix}", which does not exist`);
  const now = nowText();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((r) => encodeRow(entity, { createTime: now, updateTime: now, ...r }));
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
  const h = generateShopHistory({
    products: await readAll(ctx, 'product/info'), specs: await readAll(ctx, 'product/spec'), levels: await readAll(ctx, 'user/level'),
    members: await readAll(ctx, 'user/info'), categories: await readAll(ctx, 'product/category'), orderRemark: typeof remark === 'string' ? remark : '',
  }, now);
  await insertMany(ctx, 'user/info', h.members);
  await insertMany(ctx, 'user/address', h.addresses);
  await insertMany(ctx, 'order/order', h.orders);
  await insertMany(ctx, 'order/item', h.items);
  await insertMany(ctx, 'order/history', h.history);
  await insertMany(ctx, 'audit/order', h.auditOrders);
  await insertMany(ctx, 'audit/user', h.auditUsers);
  await insertMany(ctx, 'order/recommend', h.bundles);
  for (const [id, units] of h.soldUnits) {
    await untyped(ctx.db).updateTable('product_info').set({ sales: sql`sales + ${units}` }).where('id', '=', id).execute();
  }
  for (let i = 0; i < h.visits.length; i += CHUNK) await untyped(ctx.db).insertInto(VISIT_DAY_TABLE).values(h.visits.slice(i, i + CHUNK)).execute();
}
