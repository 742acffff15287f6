import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, appError, E } from '../errors.js';
import { type Lang, requestLanguage } from './request-language.js';
import { databaseUnavailable, unavailableError } from '../db/db-errors.js';
import { sizeText } from '../limits.js';

/** Fastify's own client errors (bad JSON, wrong content type, body too large) keep their status and get our envelope. */
function clientError(error: FastifyError): AppError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return appError(E.BODY_NOT_JSON);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return appError(E.BODY_EMPTY_JSON);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return appError(E.MEDIA_TYPE_UNSUPPORTED);
    default:
      return appError(E.REQUEST_INVALID);
  }
}

/** A refused body up to this size is read and dropped rather than reset (see the 413 below). */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/** The refusal of a body over the route's limit, naming the limit. */
export const bodyTooLarge = (limit: number) => appError(E.BODY_TOO_LARGE, { limit: sizeText(limit) });

/** The envelope of an AppError in a language: `{code, message, errorCode, details?, data?}`. */
export function envelopeOf(error: AppError, lang: Lang): Record<string, unknown> {
  const body: Record<string, unknown> = {
    code: error.code,
    message: error.messageIn(lang),
    errorCode: error.errorCode,
  };
  const details = error.detailsIn(lang);
  if (details) body.details = details;
  if (error.data !== undefined) body.data = error.data;
  return body;
}

/** One handler turns every error into the envelope; no stack or SQL text ever leaves the server. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = requestLanguage(request.headers.language);
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.statusCode).send(envelopeOf(error, lang));
    }
    if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Refused from its Content-Length (or as soon as it grows past the limit), before it is parsed. The client is
      // still sending: a connection closed under it is reset (unread data), and browsers and fetch then report a
      // network error instead of this answer. So a body of at most DRAIN_MAX_BYTES is read on and dropped on a
      // connection kept open; a larger or unannounced one is closed, as Fastify does.
      const announced = Number(request.headers['content-length']);
      if (Number.isFinite(announced) && announced <= DRAIN_MAX_BYTES) {
        reply.removeHeader('connection');
        request.raw.resume();
      }
      return reply.status(413).send(envelopeOf(bodyTooLarge(request.routeOptions.bodyLimit), lang));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send(envelopeOf(clientError(error as FastifyError), lang));
    }
    const down = databaseUnavailable(error);
    if (down) {
      // The database's state, not the request: 503 (try again), the driver's own cause in the log.
      request.log.error({ err: error, cause: down.cause }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(envelopeOf(unavailableError(error), lang));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelopeOf(appError(E.INTERNAL), lang));
  });
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const error = appError(E.ROUTE_NOT_FOUND, { path: request.url.split('?')[0].slice(0, 200) });
    reply.status(404).send(envelopeOf(error, requestLanguage(request.headers.language)));
  };
  // A body sent to a path no route serves is answered before it is read (Fastify's 404 route would parse it first).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404 && request.method !== 'GET' && request.method !== 'HEAD') return notFound(request, reply);
    done();
  });
  app.setNotFoundHandler(notFound);
}
