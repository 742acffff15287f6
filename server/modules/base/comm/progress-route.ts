import type { Host } from '../../../core/host.js';
import { E, fieldError } from '../../../core/errors.js';
import { BASE_ROUTES as R } from '../base-route-schemas.js';

/** GET /admin/base/comm/progress?id=…: how far the signed-in user's long call (batch add, import) has got. */
export function registerProgressRoute(host: Host): void {
  host.route({
    method: 'get',
    url: '/admin/base/comm/progress',
    access: 'login',
    summary: '长操作进度',
    opLog: false,
    schema: R.progress,
    handler: (ctx, { query }) => {
      if (typeof query.id !== 'string' || query.id === '') throw fieldError('id', E.FIELD_REQUIRED);
      return host.progress.read(ctx.user!.id, query.id);
    },
  });
}
