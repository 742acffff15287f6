import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * How failures are sent (JOINERY_ERROR_STATUS). `http` (the default, PROTOCOL §0): the HTTP status says the class of
 * failure (400, 404, 409, 413, 415…). `original`: as the original server does, a failure the caller can act on is
 * sent with HTTP 200 and its envelope code (1001/1002), because the original cool-admin-vue client reads `message`
 * only from 2xx replies and shows "Request failed with status code 400" otherwise. 401 and 403 keep their status
 * (that client signs out or shows its no-permission page on them), and so do 429 (Retry-After) and 5xx (proxies,
 * health checks and monitoring read them).
 */
export type ErrorStatusMode = 'http' | 'original';

export function errorStatusMode(env: NodeJS.ProcessEnv = process.env): ErrorStatusMode {
  const raw = env.JOINERY_ERROR_STATUS;
  if (raw === undefined || raw === '' || raw === 'http') return 'http';
  if (raw === 'original') return 'original';
  throw new Error(`JOINERY_ERROR_STATUS must be "http" or "original", got "${raw}"`);
}

const KEPT = new Set([401, 403, 429]);
const classStatuses = new WeakMap<FastifyReply, number>();

/** The status that says the class of a reply's failure, also when it was sent as 200 (for the operation log). */
export function classStatus(reply: FastifyReply): number {
  return classStatuses.get(reply) ?? reply.statusCode;
}

/** In `original` mode, API failures other than 401/403/429 and 5xx are sent with HTTP 200 (their envelope unchanged). */
export function installErrorStatus(app: FastifyInstance, mode: ErrorStatusMode): void {
  if (mode === 'http') return;
  app.addHook('onSend', (request, reply, payload, done) => {
    const status = reply.statusCode;
    if (status >= 400 && status < 500 && !KEPT.has(status) && request.url.startsWith('/admin/')) {
      classStatuses.set(reply, status);
      reply.code(200);
    }
    done(null, payload);
  });
}
