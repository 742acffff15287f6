import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CODE } from '../errors.js';
import { BASE_HEADERS, NO_CONTENT_CSP } from './security-headers.js';

/**
 * Fastify's router refuses some requests before any route or hook runs (a URL that is not valid percent-encoding,
 * an over-long path parameter): they get the envelope and the security headers like every other failure.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // These replies skip the app's hooks, so the security headers are set here.
  reply.headers(BASE_HEADERS).header('content-security-policy', NO_CONTENT_CSP);
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      reply.status(400).send({ code: CODE.validateFail, message: 'The URL is not valid (bad percent-encoding)' });
      return;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      reply.status(414).send({ code: CODE.validateFail, message: 'The URL is too long' });
      return;
    default:
      reply
        .status(error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500)
        .send({
          code: error.statusCode && error.statusCode < 500 ? CODE.validateFail : CODE.coreFail,
          message: 'The request could not be routed',
        });
  }
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers too large, not HTTP at all, too slow):
 * the raw reply still carries the envelope and the security headers, then the connection is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', CODE.validateFail, 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', CODE.commFail, 'The request took too long to arrive']
        : [400, 'Bad Request', CODE.validateFail, 'The request is not valid HTTP'];
  const body = JSON.stringify({ code, message });
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
