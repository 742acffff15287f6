import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, CODE, type Texts } from '../errors.js';
import { requestLanguage } from './request-language.js';
import { databaseUnavailable, unavailableError } from '../db/db-errors.js';
import { sizeText } from '../limits.js';

/** Fastify's own client errors (bad JSON, wrong content type, body too large) keep their status and get our envelope. */
function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message.replace(/\s+at\s.*$/s, '').slice(0, 300);
  }
}

/** The refusal of a body over the route's limit, naming the limit. */
export function bodyTooLarge(limit: number): Texts {
  const size = sizeText(limit);
  return {
    'zh-cn': `请求内容过大：此接口最多接受 ${size}`,
    'zh-tw': `請求內容過大：此介面最多接受 ${size}`,
    en: `The request body is too large: this route takes at most ${size}`,
  };
}

/** One handler turns every error into the envelope; no stack or SQL text ever leaves the server. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: Record<string, unknown> = {
        code: error.code,
        message: error.messageIn(requestLanguage(request.headers.language)),
      };
      if (error.details?.length) body.details = error.details;
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.statusCode).send(body);
    }
    if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Refused from its Content-Length (or as soon as it grows past the limit): the rest is never read.
      return reply.status(413).send({
        code: CODE.validateFail,
        message: bodyTooLarge(request.routeOptions.bodyLimit)[requestLanguage(request.headers.language)],
      });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ code: CODE.validateFail, message: clientErrorMessage(error as FastifyError) });
    }
    const down = databaseUnavailable(error);
    if (down) {
      // The database's state, not the request: 503 (try again), the driver's own cause in the log.
      request.log.error({ err: error, cause: down.cause }, 'database unavailable');
      const unavailable = unavailableError(error);
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ code: unavailable.code, message: unavailable.messageIn(requestLanguage(request.headers.language)) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: CODE.coreFail, message: 'Internal server error' });
  });
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    reply.status(404).send({ code: CODE.commFail, message: `${request.url.split('?')[0].slice(0, 200)} Not Found` });
  };
  // A body sent to a path no route serves is answered before it is read (Fastify's 404 route would parse it first).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404 && request.method !== 'GET' && request.method !== 'HEAD') return notFound(request, reply);
    done();
  });
  app.setNotFoundHandler(notFound);
}
