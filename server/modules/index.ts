import type { Host } from '../core/host.js';
import { registerBaseModule } from './base/index.js';
import { registerDictModule } from './dict/index.js';
import { registerRecycleModule } from './recycle/index.js';
import { registerOrderModule } from './order/index.js';
import { registerAuditModule } from './audit/index.js';
import { registerProductModule } from './product/index.js';
import { registerTaskModule } from './task/index.js';
import type { TaskScheduler } from './task/scheduler.js';
import { registerDashboardModule } from './dashboard/index.js';
import { registerPluginModule } from './plugin/index.js';
import type { Row } from '../core/db/row.js';

/** Modules with more than CRUD plug in here. `plugins`: the plugin rows whose entities registered at start. */
export function registerModules(host: Host, scheduler: TaskScheduler, plugins: Row[] = []): void {
  registerBaseModule(host);
  registerDictModule(host);
  registerRecycleModule(host);
  registerOrderModule(host);
  registerAuditModule(host);
  registerProductModule(host);
  registerTaskModule(host, scheduler);
  registerDashboardModule(host);
  registerPluginModule(host, plugins);
}
