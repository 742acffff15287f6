import type { Host } from '../../core/host.js';
import { badRequest } from '../../core/errors.js';

/** GET /admin/base/comm/progress?id=…: how far the signed-in user's long call (batch add, import) has got. */
export function registerProgressRoute(host: Host): void {
  host.route({
    method: 'get',
    url: '/admin/base/comm/progress',
    access: 'login',
    summary: '长操作进度',
    opLog: false,
    handler: (ctx, { query }) => {
      if (typeof query.id !== 'string' || query.id === '')
        throw badRequest({ 'zh-cn': 'id：必填', 'zh-tw': 'id：必填', en: 'id: is required' }, [
          { path: 'id', message: 'is required' },
        ]);
      return host.progress.read(ctx.user!.id, query.id);
    },
  });
}
