import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CODE } from '../errors.js';
import type { Database } from '../db/database.js';
import { databaseUnavailable, unavailableError } from '../db/db-errors.js';
import { requestLanguage } from './request-language.js';

/** How long the health check waits for the database before it answers 503. */
const CHECK_MS = 2000;

/**
 * `GET /health` (also `/api/health`): for load balancers and orchestrators, no token. 200 `{code: 1000, data:
 * {status: 'ok'}}` when the database answers a `select 1` within 2 s; 503 in the envelope (caller's language) when it
 * does not, or while the server is shutting down. It tells nothing else (no version, no dialect, no cause: the cause
 * goes to the log).
 */
export function installHealthRoute(app: FastifyInstance, database: Database, isClosing: () => boolean): void {
  // Checks come every few seconds: their `request completed` lines are left out of the request log (failures are logged).
  app.get('/health', { logLevel: 'warn' }, async (request, reply) => {
    const lang = requestLanguage(request.headers.language);
    reply.header('cache-control', 'no-store');
    if (isClosing()) {
      return reply.status(503).send({ code: CODE.coreFail, message: unavailableError(undefined).messageIn(lang) });
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sql`select 1`.execute(database.db),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(Object.assign(new Error('health check: no answer from the database'), { code: 'ETIMEDOUT' })),
            CHECK_MS,
          );
        }),
      ]);
    } catch (error) {
      request.log.error({ err: error, cause: databaseUnavailable(error)?.cause }, 'health check: database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ code: CODE.coreFail, message: unavailableError(error).messageIn(lang) });
    } finally {
      clearTimeout(timer);
    }
    return { code: CODE.success, message: 'success', data: { status: 'ok' } };
  });
}
