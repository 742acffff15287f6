import type { Entity, Field } from '../../server/core/registry/entity-types.js';
import type { OpenApiDoc } from '../generate-client.js';
import type { Eps } from '../../server/modules/base/open/eps-types.js';
import { CliError } from './cli-error.js';
import { EXIT, M } from './messages.js';
import type { Lang } from '../../server/core/http/request-language.js';

/** A running server the CLI reads: its address, a token (given, or from signing in) and the language to ask in. */
export type Server = { base: string; token: string; language?: Lang };

type Envelope<T> = { code?: number; message?: string; data?: T };

async function get<T>(
  server: { base: string; token?: string; language?: Lang },
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${server.base}${path}`, {
      method,
      headers: {
        ...(server.token ? { authorization: server.token } : {}),
        ...(server.language ? { language: server.language } : {}),
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch (e) {
    const cause = (e as Error & { cause?: Error }).cause?.message ?? (e as Error).message;
    throw new CliError(M.unreachable(server.base), EXIT.unreachable, cause);
  }
  const reply = (await res.json().catch(() => undefined)) as Envelope<T> | undefined;
  if (res.ok && reply?.code === 1000) return reply.data as T;
  // A refusal of a Joinery server is an envelope with a code; anything else is not one (wrong address, a proxy).
  if (typeof reply?.code !== 'number')
    throw new CliError(M.notJoinery(`${server.base}${path}`, res.status), EXIT.unreachable);
  if (res.status === 401) throw new CliError(M.badToken(server.base), EXIT.denied, reply.message);
  throw new CliError(M.refusedCall(`${method} ${path}`, res.status), EXIT.denied, reply.message);
}

/**
 * The server a command reads with --from: signed in with --token (or JOINERY_TOKEN), or with --user and --password
 * (only on a server whose login asks no captcha; otherwise copy a token from a signed-in session). A token is tried
 * on a route every signed-in admin may call, so a bad or expired one fails here, not with an empty eps.
 */
export async function connect(
  from: string,
  o: { token?: string; user?: string; password?: string; language?: Lang },
): Promise<Server> {
  let url: URL;
  try {
    url = new URL(from);
  } catch {
    throw new CliError(M.notUrl(from), EXIT.usage);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(M.onlyHttp(from), EXIT.usage);
  const base = url.origin + url.pathname.replace(/\/+$/, '');
  const language = o.language;
  let token = o.token ?? process.env.JOINERY_TOKEN;
  if (!token) {
    if (!o.user || !o.password) throw new CliError(M.needCredentials, EXIT.usage);
    try {
      const login = await get<{ token: string }>({ base, language }, 'POST', '/admin/base/open/login', {
        username: o.user,
        password: o.password,
        captchaId: '',
        verifyCode: '',
      });
      token = login.token;
    } catch (e) {
      if (e instanceof CliError && e.exitCode === EXIT.denied)
        throw new CliError(M.loginRefused(base), EXIT.denied, e.detail);
      throw e;
    }
  }
  const server = { base, token, language };
  await get(server, 'GET', '/admin/base/comm/person');
  return server;
}

export const serverCall = <T>(server: Server, method: 'GET' | 'POST', path: string, body?: unknown) =>
  get<T>(server, method, path, body);

/**
 * The entities a server's eps describes to this caller, shaped as the generators read them (the parts types and
 * clients need: fields with their storage, nullability, search, enums and relations; joins; routes).
 */
export async function entitiesFromServer(server: Server): Promise<Entity[]> {
  const eps = await get<Eps>(server, 'GET', '/admin/base/open/eps');
  const out: Entity[] = [];
  for (const entry of Object.values(eps).flat()) {
    const hints = entry.joinery;
    if (!hints) continue;
    const prefix = entry.prefix.replace(/^\/admin\//, '');
    const fields = hints.fields.map((f) => ({
      ...f,
      virtual: f.virtual ?? false,
      schema: {
        ...(hints.schema.properties[f.name] ?? {}),
        ...(f.enum ? { enum: f.enum } : {}),
        ...(f.default !== undefined ? { default: f.default } : {}),
        ...(f.money ? { 'x-money': true } : {}),
        ...(f.dict ? { 'x-dict': f.dict } : {}),
        ...(f.ref ? { 'x-ref': f.ref } : {}),
      },
    })) as unknown as Field[];
    const entity = {
      prefix,
      title: hints.title,
      fields,
      // Looked up by the generators (a joined column is typed as the related entity's field).
      fieldMap: new Map(fields.map((f) => [f.name, f])),
      joins: hints.joins.map((j) => ({
        alias: j.alias,
        localField: j.field,
        table: j.entity,
        column: j.column,
        keyword: j.keyword,
      })),
    } as unknown as Entity;
    out.push(entity);
  }
  if (out.length === 0) throw new CliError(M.noEntities(server.base), EXIT.denied);
  return out;
}

/** The server's OpenAPI document as this token sees it (GET /admin/base/open/openapi: the document, no envelope). */
export async function serverDocument(server: Server): Promise<OpenApiDoc> {
  const url = `${server.base}/admin/base/open/openapi`;
  let res: Response;
  try {
    res = await fetch(url, { headers: { authorization: server.token } });
  } catch (e) {
    throw new CliError(M.unreachable(server.base), EXIT.unreachable, (e as Error).message);
  }
  const doc = (await res.json().catch(() => undefined)) as (OpenApiDoc & { openapi?: string }) | undefined;
  if (!res.ok || typeof doc?.openapi !== 'string') throw new CliError(M.notJoinery(url, res.status), EXIT.unreachable);
  return doc;
}
