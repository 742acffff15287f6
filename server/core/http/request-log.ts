import os from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { SECRET_KEY } from './op-log.js';

/** Where and how much Fastify logs: `true` = info to stdout; tests pass their own stream. */
export type LogSetting = boolean | { stream: { write(line: string): void }; level?: string };

/** The URL with the values of secret query arguments (refreshToken, token, password…) replaced by ******. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
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

const HOSTNAME = JSON.stringify(os.hostname());
/** Levels at which an info line is written (a route's `logLevel` may set its requests' level higher). */
const LOGS_INFO = new Set(['trace', 'debug', 'info']);

/**
 * The `request completed` line as pino writes it from `reply.log.info({ req, res, responseTime }, msg)` with the
 * serializers above — the same keys in the same order — made as one template string: pino's general path (a child
 * logger's bindings, a serializer per key, its own JSON writer) cost about a tenth of a page call's CPU.
 */
function completedLine(request: FastifyRequest, reply: FastifyReply): string {
  return `{"level":30,"time":${Date.now()},"pid":${process.pid},"hostname":${HOSTNAME},"reqId":${JSON.stringify(request.id)},"req":${JSON.stringify(serializeRequest(request))},"res":{"statusCode":${reply.statusCode}},"responseTime":${JSON.stringify(reply.elapsedTime ?? null)},"msg":"request completed"}\n`;
}

/**
 * One line per request, when it is answered (method, URL, status, time), instead of Fastify's two (incoming and
 * completed): half the log writes on a busy server, and the line that says what was asked also says how it ended.
 * With a stream of lines (the server's stdout, a test's array) the completed line is written straight to it.
 */
class OneLinePerRequest extends LogController {
  constructor(private readonly lines?: { write(line: string): void }) {
    super();
  }

  override incomingRequest(): void {
    // Said by requestCompleted, with the outcome.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (!this.lines)
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else if (LOGS_INFO.has(reply.log.level)) this.lines.write(completedLine(request, reply));
  }
}

/**
 * Log lines for a stream (stdout) gathered over one turn of the event loop and written together: a busy server makes
 * one write for the lines of every request answered in that turn rather than one per line. Whatever is gathered is
 * written before the process exits.
 */
export function batchedLines(target: { write(text: string): unknown }): { write(line: string): void } {
  let lines: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    target.write(text);
  };
  process.once('exit', flush);
  return {
    write(line: string) {
      lines.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
  };
}

/** The `logger` and `logController` options for Fastify. */
export function loggerOptions(setting: LogSetting | undefined): {
  logger: false | Record<string, unknown>;
  logController?: LogController;
} {
  if (!setting) return { logger: false };
  const serializers = { req: serializeRequest };
  const logger =
    setting === true
      ? { level: 'info', serializers }
      : { level: setting.level ?? 'info', stream: setting.stream, serializers };
  return { logger, logController: new OneLinePerRequest(setting === true ? undefined : setting.stream) };
}
