import type { Host } from '../../core/host.js';
import { registerOrder } from './order.js';
import { registerRecommend } from './recommend.js';

/** The order module: order workflow and detail (order.ts), bundles (recommend.ts). */
export function registerOrderModule(host: Host): void {
  registerOrder(host);
  registerRecommend(host);
}
