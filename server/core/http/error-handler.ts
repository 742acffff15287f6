import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, CODE } from '../errors.js';
import { requestLanguage } from './request-language.js';

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

/** One handler turns every error into the envelope; no stack or SQL text ever leaves the server. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: Record<string, unknown> = { code: error.code, message: error.messageIn(requestLanguage(request.headers.language)) };
      if (error.details?.length) body.details = error.details;
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.statusCode).send(body);
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ code: CODE.validateFail, message: clientErrorMessage(error as FastifyError) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: CODE.coreFail, message: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: CODE.commFail, message: `${request.url.split('?')[0].slice(0, 200)} Not Found` });
  });
}
