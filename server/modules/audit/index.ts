import type { Host } from '../../core/host.js';
import { registerAudit } from './audit.js';

/** The audit module: product, order and member tickets (audit.ts). Flows are plain CRUD. */
export function registerAuditModule(host: Host): void {
  registerAudit(host);
}
