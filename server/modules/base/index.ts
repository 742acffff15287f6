import type { Host } from '../../core/host.js';
import { registerOpenRoutes } from './open-routes.js';
import { registerCommRoutes } from './comm-routes.js';
import { registerSysUser } from './sys-user.js';
import { registerSysRole } from './sys-role.js';
import { registerSysMenu } from './sys-menu.js';
import { registerSysDepartment } from './sys-department.js';
import { registerSysLog } from './sys-log.js';
import { registerSysHistory } from './sys-history.js';
import { registerSysParam } from './sys-param.js';
import { registerPrefRoutes } from './pref-routes.js';
import { registerProgressRoute } from './progress-route.js';
import { registerCodingRoutes } from './coding/coding-routes.js';
import { registerFileReferences } from './file-references.js';

export function registerBaseModule(host: Host): void {
  registerOpenRoutes(host);
  registerCommRoutes(host);
  registerSysUser(host);
  registerSysRole(host);
  registerSysMenu(host);
  registerSysDepartment(host);
  registerSysLog(host);
  registerSysHistory(host);
  registerSysParam(host);
  registerPrefRoutes(host);
  registerProgressRoute(host);
  registerCodingRoutes(host);
  registerFileReferences(host);
}
