import type { Host } from '../../core/host.js';
import { registerOpenRoutes } from './open/open-routes.js';
import { registerCommRoutes } from './comm/comm-routes.js';
import { registerSysUser } from './sys/sys-user.js';
import { registerSysRole } from './sys/sys-role.js';
import { registerSysMenu } from './sys/sys-menu.js';
import { registerSysDepartment } from './sys/sys-department.js';
import { registerSysLog } from './sys/sys-log.js';
import { registerSysHistory } from './sys/sys-history.js';
import { registerSysParam } from './sys/sys-param.js';
import { registerPrefRoutes } from './comm/pref-routes.js';
import { registerProgressRoute } from './comm/progress-route.js';
import { registerCodingRoutes } from './coding/coding-routes.js';
import { registerFileReferences } from './files/file-references.js';

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
