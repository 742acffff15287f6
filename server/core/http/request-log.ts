import type { FastifyRequest } from 'fastify';
import { SECRET_KEY } from './op-log.js';

/** Where and how much Fastify logs: `true` = info to stdout; tests pass their own stream. */
export type LogSetting = boolean | { stream: { write(line: string): void }; level?: string };

/** The URL with the values of secret query arguments (refreshToken, token, password…) replaced by ******. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // A malformed escape: judge the name as written.
    }
    return eq >= 0 && SECRET_KEY.test(name) ? `${rawName}=******` : pair;
  });
  return `${url.slice(0, q)}?${query.join('&')}`;
}

/** Fastify's request serializer, with secrets taken out of the URL (the log goes to stdout and on to log files). */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The `logger` option for Fastify. */
export function loggerOptions(setting: LogSetting | undefined): false | Record<string, unknown> {
  if (!setting) return false;
  const serializers = { req: serializeRequest };
  return setting === true ? { level: 'info', serializers } : { level: setting.level ?? 'info', stream: setting.stream, serializers };
}
