import type { Host } from '../../core/host.js';
import type { OpContext } from '../../core/crud/context.js';
import type { Row } from '../../core/db/row.js';
import { parseId, parseIds } from '../../core/crud/input-validation.js';
import { E, errorOn } from '../../core/errors.js';
import { updateRecorded } from '../../core/crud/module-writes.js';
import { writeWithRetry } from '../../core/db/contention.js';

const PREFIX = 'order/recommend';
const TABLE = 'order_recommend';

/** What a bundle shows of a product: the snapshot fields of goodsInfo. */
const SNAPSHOT = ['id', 'name', 'code', 'price', 'pic'] as const;

const idsOf = (value: unknown): number[] => {
  const v = typeof value === 'string' ? safeParse(value) : value;
  return Array.isArray(v) ? v.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : [];
};
function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Products by id (only those that exist), as plain wire values. */
async function productsById(ctx: OpContext, ids: number[]): Promise<Map<number, Row>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('product_info')
    .select([...SNAPSHOT, 'status'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [Number(r.id), { ...r, id: Number(r.id), price: Number(r.price), status: Number(r.status) }]),
  );
}

/** The goodsInfo snapshot of a list of product ids, in their order; products that no longer exist are left out. */
export async function goodsSnapshot(ctx: OpContext, goodIds: unknown): Promise<Row[] | null> {
  if (goodIds === null || goodIds === undefined) return null;
  const ids = idsOf(goodIds);
  const products = await productsById(ctx, ids);
  return ids
    .filter((id) => products.has(id))
    .map((id) => {
      const p = products.get(id)!;
      return Object.fromEntries(SNAPSHOT.map((k) => [k, p[k] ?? null]));
    });
}

const flat = (v: unknown) =>
  Array.isArray(v)
    ? JSON.stringify(v.map((e) => SNAPSHOT.map((k) => (e as Row | null)?.[k] ?? null)))
    : JSON.stringify(v ?? null);
const sameSnapshot = (a: unknown, b: unknown) => flat(a) === flat(b);

/** Brings the snapshot of every bundle holding the product up to date; returns their ids. */
export async function refreshBundlesHolding(ctx: OpContext, goodId: number): Promise<number[]> {
  // goodIds is a JSON column: bundles are few, so they are filtered here rather than with dialect-specific JSON SQL.
  const bundles = await ctx.db
    .selectFrom(TABLE)
    .select(['id', 'goodIds', 'goodsInfo'])
    .where('goodIds', 'is not', null)
    .execute();
  const holding = bundles.filter((b) => idsOf(b.goodIds).includes(goodId));
  for (const b of holding) {
    const snapshot = await goodsSnapshot(ctx, b.goodIds);
    const stored = typeof b.goodsInfo === 'string' ? safeParse(b.goodsInfo) : b.goodsInfo;
    // Only a snapshot that changed is written (and its updateTime moved); compared by value, whatever the key order stored.
    if (sameSnapshot(stored, snapshot)) continue;
    await updateRecorded(ctx, PREFIX, { id: Number(b.id) }, { goodsInfo: JSON.stringify(snapshot) });
  }
  return holding.map((b) => Number(b.id));
}

/**
 * A bundle on shelf (status 1) may hold only products on shelf (status 1) whose review passed (auditStatus 2): a
 * 400 naming the others, on `goodIds` when the call sets them, else on `status`.
 */
async function assertSellable(ctx: OpContext, goodIds: unknown, path: 'goodIds' | 'status'): Promise<void> {
  const ids = idsOf(goodIds);
  if (ids.length === 0) return;
  const rows = await ctx.db
    .selectFrom('product_info')
    .select(['id', 'name', 'status', 'auditStatus'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  const ok = new Set(
    rows.filter((r) => Number(r.status) === 1 && Number(r.auditStatus) === 2).map((r) => Number(r.id)),
  );
  const names = new Map(rows.map((r) => [Number(r.id), String(r.name)]));
  // Ids of products that no longer exist are left out of the bundle's snapshot, as ever; those that exist must sell.
  const bad = ids.filter((id) => names.has(id) && !ok.has(id)).map((id) => names.get(id)!);
  if (!bad.length) return;
  const list = { 'zh-cn': bad.join('、'), 'zh-tw': bad.join('、'), en: bad.join(', ') };
  throw errorOn(path, E.BUNDLE_NOT_SELLABLE, { names: list });
}

/** Bundles: goodsInfo kept from goodIds, live goods in every read, changeInfo, only sellable products on shelf. */
export function registerRecommend(host: Host): void {
  host.hooks.add(PREFIX, {
    beforeAdd: async (ctx, row) => {
      if (Number(row.status) === 1) await assertSellable(ctx, row.goodIds, 'goodIds');
      row.goodsInfo = await goodsSnapshot(ctx, row.goodIds);
    },
    beforeUpdate: async (ctx, patch, existing) => {
      const status = Number(patch.status ?? existing.status);
      if (status === 1 && (patch.goodIds !== undefined || Number(existing.status) !== 1))
        await assertSellable(
          ctx,
          patch.goodIds ?? existing.goodIds,
          patch.goodIds !== undefined ? 'goodIds' : 'status',
        );
      if (patch.goodIds !== undefined) patch.goodsInfo = await goodsSnapshot(ctx, patch.goodIds);
    },
    decorate: async (ctx, rows) => {
      const products = await productsById(
        ctx,
        rows.flatMap((r) => idsOf(r.goodIds)),
      );
      for (const row of rows) {
        const goods = idsOf(row.goodIds)
          .filter((id) => products.has(id))
          .map((id) => products.get(id)!);
        row.goods = goods;
        row.goodsAmount = goods.reduce((s, g) => s + Number(g.price), 0);
      }
    },
  });

  // {goodId} (or {id}) as the original; {goodIds} for the products screen's button on several rows.
  host.actions.set(PREFIX, 'changeInfo', async (ctx, { body }) => {
    const goodIds =
      body.goodIds !== undefined && body.goodIds !== null
        ? parseIds(body.goodIds, 'goodIds')
        : [parseId(body.goodId ?? body.id, body.goodId !== undefined ? 'goodId' : 'id')];
    const ids = await writeWithRetry(ctx.db, async (trx) => {
      const out = new Set<number>();
      for (const goodId of goodIds)
        for (const id of await refreshBundlesHolding({ ...ctx, db: trx }, goodId)) out.add(id);
      return [...out].sort((a, b) => a - b);
    });
    return { ids };
  });
}
