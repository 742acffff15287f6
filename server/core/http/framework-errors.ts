import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { appError, E } from '../errors.js';
import { envelopeOf } from './error-handler.js';
import { requestLanguage } from './request-language.js';
import { BASE_HEADERS, NO_CONTENT_CSP } from './security-headers.js';

/**
 * Fastify's router refuses some requests before any route or hook runs (a URL that is not valid percent-encoding,
 * an over-long path parameter): they get the envelope and the security headers like every other failure.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // These replies skip the app's hooks, so the security headers are set here.
  reply.headers(BASE_HEADERS).header('content-security-policy', NO_CONTENT_CSP);
  const lang = requestLanguage(request.headers.language);
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      reply.status(400).send(envelopeOf(appError(E.URL_BAD_ENCODING), lang));
      return;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      reply.status(414).send(envelopeOf(appError(E.URL_TOO_LONG), lang));
      return;
    default: {
      const client = error.statusCode && error.statusCode >= 400 && error.statusCode < 500;
      reply
        .status(client ? (error.statusCode as number) : 500)
        .send(envelopeOf(appError(client ? E.NOT_ROUTABLE : E.INTERNAL), lang));
    }
  }
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers too large, not HTTP at all, too slow):
 * the raw reply still carries the envelope and the security headers, then the connection is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // The request's headers were not read: the reply is in zh-cn, the protocol's language.
  const [status, text, entry] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', E.HEADERS_TOO_LARGE]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', E.REQUEST_TIMEOUT]
        : [400, 'Bad Request', E.NOT_HTTP];
  const body = JSON.stringify(envelopeOf(appError(entry), 'zh-cn'));
  const headers = {
    ...BASE_HEADERS,
    'content-security-policy': NO_CONTENT_CSP,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}\r\n${body}`,
    );
  }
  socket.destroy(error);
}
