import type { Host } from '../../core/host.js';
import type { OpContext } from '../../core/crud/context.js';
import type { Row } from '../../core/db/row.js';
import { refreshBundlesHolding } from '../order/recommend.js';

const ids = (v: unknown): number[] =>
  Array.isArray(v) ? v.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : [];

/** Materials by id, as the product rows show them. */
async function materialsById(ctx: OpContext, wanted: number[]): Promise<Map<number, Row>> {
  if (wanted.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('product_material')
    .select(['id', 'title', 'type', 'pic', 'description'])
    .where('id', 'in', [...new Set(wanted)])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id), type: Number(r.type) }]));
}

/**
 * The product module: the spec groups and SKU matrix checked together, materials shown with the product, and bundles
 * holding a product following its changes (the snapshot in order_recommend.goodsInfo).
 */
export function registerProductModule(host: Host): void {
  host.hooks.add('product/info', {
    afterUpdate: async (ctx, id) => {
      await refreshBundlesHolding(ctx, id);
    },
    afterDelete: async (ctx, rows) => {
      for (const r of rows) await refreshBundlesHolding(ctx, Number(r.id));
    },
    // Bundles that list a restored product show it again.
    afterRestore: async (ctx, rows) => {
      for (const r of rows) await refreshBundlesHolding(ctx, Number(r.id));
    },
    decorate: async (ctx, rows) => {
      const materials = await materialsById(
        ctx,
        rows.flatMap((r) => ids(r.materialIds)),
      );
      for (const row of rows)
        row.materials = ids(row.materialIds)
          .filter((m) => materials.has(m))
          .map((m) => materials.get(m)!);
    },
  });
}
