import type { Entity, Field } from '../../server/core/registry/entity-types.js';
import type { ClientEntity, ClientRoute } from '../generate-client.js';
import type { Eps } from '../eps-types.js';
import { CliError } from './cli-error.js';

/** A running server the CLI reads: its address and a token (given, or from signing in). */
export type Server = { base: string; token: string };

type Envelope<T> = { code?: number; message?: string; data?: T };

async function get<T>(
  server: { base: string; token?: string },
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
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch (e) {
    throw new CliError(`cannot reach ${server.base} (${(e as Error).message})`);
  }
  const reply = (await res.json().catch(() => undefined)) as Envelope<T> | undefined;
  if (!res.ok || reply?.code !== 1000)
    throw new CliError(`${method} ${server.base}${path}: ${res.status} ${reply?.message ?? res.statusText}`);
  return reply.data as T;
}

/**
 * The server a command reads with --from: signed in with --token (or JOINERY_TOKEN), or with --user and --password
 * (only on a server whose login asks no captcha; otherwise copy a token from a signed-in session).
 */
export async function connect(from: string, o: { token?: string; user?: string; password?: string }): Promise<Server> {
  let url: URL;
  try {
    url = new URL(from);
  } catch {
    throw new CliError(`--from ${from}: not a URL (give the server's address, e.g. http://127.0.0.1:8001)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError(`--from ${from}: only http and https servers can be read`);
  const base = url.origin + url.pathname.replace(/\/+$/, '');
  const token = o.token ?? process.env.JOINERY_TOKEN;
  if (token) return { base, token };
  if (!o.user || !o.password)
    throw new CliError('--from needs credentials: --token <token> (or JOINERY_TOKEN), or --user and --password');
  try {
    const login = await get<{ token: string }>({ base }, 'POST', '/admin/base/open/login', {
      username: o.user,
      password: o.password,
      captchaId: '',
      verifyCode: '',
    });
    return { base, token: login.token };
  } catch (e) {
    throw new CliError(
      `${(e as Error).message} — a server that asks for a captcha needs --token instead of --user/--password`,
    );
  }
}

export const serverCall = <T>(server: Server, method: 'GET' | 'POST', path: string, body?: unknown) =>
  get<T>(server, method, path, body);

/**
 * The entities a server's eps describes to this caller, shaped as the generators read them (the parts types and
 * clients need: fields with their storage, nullability, search, enums and relations; joins; routes).
 */
export async function entitiesFromServer(server: Server): Promise<ClientEntity[]> {
  const eps = await get<Eps>(server, 'GET', '/admin/base/open/eps');
  const out: ClientEntity[] = [];
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
    const routes: ClientRoute[] = entry.api.map((a) => ({ name: a.path.replace(/^\//, ''), method: a.method }));
    out.push({ entity, routes });
  }
  if (out.length === 0) throw new CliError(`${server.base}: eps lists no entity this token may use`);
  return out;
}
