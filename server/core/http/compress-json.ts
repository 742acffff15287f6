import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { chooseEncoding } from './built-ui.js';

/** JSON replies from this size on are compressed (eps, long pages); smaller ones go as they are (not worth the CPU). */
export const COMPRESS_JSON_FROM = 8 * 1024;

/**
 * Compresses large JSON replies for a browser that accepts it: brotli at quality 4 or gzip at level 5 (fast settings:
 * a reply is compressed once per request, unlike the built UI's files, compressed once at build time), off the event
 * loop in zlib's thread pool, after the handler has finished (so never inside a database transaction).
 */
export function installJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || payload.length < COMPRESS_JSON_FROM || reply.hasHeader('content-encoding'))
      return done(null, payload);
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return done(null, payload);
    reply.header('vary', 'Accept-Encoding');
    const coding = chooseEncoding(request.headers['accept-encoding'], { br: true, gzip: true });
    if (!coding) return done(null, payload);
    compressJson(payload, coding).then(
      (body) => {
        reply.header('content-encoding', coding).header('content-length', body.length);
        done(null, body);
      },
      () => done(null, payload),
    );
  });
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A JSON text compressed as replies are (fast settings), in zlib's thread pool. */
export function compressJson(text: string, coding: 'br' | 'gzip'): Promise<Buffer> {
  const raw = Buffer.from(text);
  return coding === 'br'
    ? brotli(raw, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      })
    : gzip(raw, { level: 5 });
}
