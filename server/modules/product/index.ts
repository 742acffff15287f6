import type { Host } from '../../core/host.js';
import { refreshBundlesHolding } from '../order/recommend.js';

/** The product module: bundles holding a product follow its changes (the snapshot in order_recommend.goodsInfo). */
export function registerProductModule(host: Host): void {
  host.hooks.set('product/info', {
    afterUpdate: async (ctx, id) => {
      await refreshBundlesHolding(ctx, id);
    },
    afterDelete: async (ctx, rows) => {
      for (const r of rows) await refreshBundlesHolding(ctx, Number(r.id));
    },
  });
}
