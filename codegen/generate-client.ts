import type { Entity } from '../server/core/registry/entity-types.js';
import { generateTypes, typeName } from './generate-types.js';

/** A route of an entity the client offers: `page`, `add`, an extra action (`complete`)… */
export type ClientRoute = { name: string; method: 'get' | 'post' };
export type ClientEntity = { entity: Entity; routes: ClientRoute[] };

const GENERIC = new Set(['page', 'list', 'info', 'add', 'update', 'delete']);
const IDENT = /^[A-Za-z_$][\w$]*$/;
const key = (name: string) => (IDENT.test(name) ? name : JSON.stringify(name));

/** The routes of an entity as its schema declares them (x-api and x-actions), for clients made from the schemas folder. */
export function declaredRoutes(entity: Entity): ClientRoute[] {
  return [
    ...entity.api.map((name) => ({ name, method: name === 'info' ? ('get' as const) : ('post' as const) })),
    ...entity.actions.filter((a) => !a.entity).map((a) => ({ name: a.name, method: a.method })),
  ];
}

function method(entity: Entity, route: ClientRoute): string {
  const n = typeName(entity.prefix);
  const url = JSON.stringify(`/admin/${entity.prefix}/${route.name}`);
  const m = JSON.stringify(route.method.toUpperCase());
  switch (route.name) {
    case 'page':
      return `page: (query: ${n}PageQuery = {}, options?: CallOptions) => call<Page<${n}>>(${m}, ${url}, query, options)`;
    case 'list':
      return `list: (query: Omit<${n}PageQuery, 'page' | 'size'> = {}, options?: CallOptions) => call<${n}[]>(${m}, ${url}, query, options)`;
    case 'info':
      return `info: (id: number, options?: CallOptions) => call<${n}>(${m}, ${url}, { id }, options)`;
    case 'add':
      return `add: (input: ${n}AddInput, options?: CallOptions) => call<{ id: number }>(${m}, ${url}, input, options)`;
    case 'update':
      return `update: (input: ${n}UpdateInput, options?: CallOptions) => call<unknown>(${m}, ${url}, input, options)`;
    case 'delete':
      return `delete: (ids: number[], options?: CallOptions) => call<unknown>(${m}, ${url}, { ids }, options)`;
    default:
      return route.method === 'get'
        ? `${key(route.name)}: <T = unknown>(params: QueryParams = {}, options?: CallOptions) => call<T>(${m}, ${url}, params, options)`
        : `${key(route.name)}: <T = unknown>(body: ActionBody = {}, options?: CallOptions) => call<T>(${m}, ${url}, body, options)`;
  }
}

type Node = { methods: string[]; children: Map<string, Node> };

/** The members of an object literal (methods, then nested prefixes), each line at `indent`. */
function members(node: Node, indent: string): string {
  return [
    ...node.methods.map((m) => `${indent}${m},`),
    ...[...node.children].map(
      ([name, child]) => `${indent}${key(name)}: {\n${members(child, `${indent}  `)}\n${indent}},`,
    ),
  ].join('\n');
}

const RUNTIME = `
/** A page of records as page returns it. */
export type Page<T> = { list: T[]; pagination: { page: number; size: number; total: number } };
/** The body of an extra action: the records it applies to, an optional remark, and what else the action takes. */
export type ActionBody = { ids?: number[]; remark?: string; [key: string]: unknown };
/** The query parameters of an extra action read with GET (detail, log…). */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;
/** Tokens as login and refresh return them. */
export type Tokens = { token: string; refreshToken: string; expire?: number; refreshExpire?: number };

/** A refusal of the server: HTTP status, the envelope's code and message, and the fields it names (400). */
export class JoineryError extends Error {
  constructor(readonly status: number, readonly code: number | undefined, message: string, readonly details: { path: string; message: string }[] = []) {
    super(message);
    this.name = 'JoineryError';
  }
}

/** Per call: an abort signal; quiet asks a host transport (send) not to show the refusal itself. */
export type CallOptions = { signal?: AbortSignal; quiet?: boolean };
/** A host application's own transport: it sends the call with its session and returns the envelope's data or throws. */
export type Transport = (method: 'GET' | 'POST', path: string, body: unknown, options?: CallOptions) => Promise<unknown>;

export type ClientOptions = {
  /** Where the server is, e.g. http://127.0.0.1:8001 (the API lives under /admin). Not used with send. */
  baseUrl?: string;
  /**
   * Calls go through this instead of fetch (the console passes its request function, which keeps the session,
   * refreshes the token and sends the language); token, refreshToken, language, onTokens and fetch are then unused,
   * and refusals are what the transport throws.
   */
  send?: Transport;
  token?: string;
  refreshToken?: string;
  /** The language of messages and dictionary names: zh-cn, zh-tw or en. */
  language?: string;
  /** Called when the client signs in or refreshes its token, to keep the new ones. */
  onTokens?: (tokens: Tokens) => void;
  fetch?: typeof fetch;
};

/**
 * A typed client of a Joinery server: the envelope unwrapped (data, or a JoineryError), the token sent and, on a 401,
 * refreshed once with the refresh token before the call is tried again. Runs in Node 18+ and browsers.
 */
export function createClient(options: ClientOptions) {
  if (options.baseUrl === undefined && !options.send) throw new Error('createClient: give baseUrl (or a send transport)');
  const base = (options.baseUrl ?? '').replace(/\\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let token = options.token;
  let refreshToken = options.refreshToken;
  let refreshing: Promise<void> | undefined;

  const keep = (tokens: Tokens) => {
    token = tokens.token;
    refreshToken = tokens.refreshToken;
    options.onTokens?.(tokens);
  };

  async function send<T>(method: 'GET' | 'POST', path: string, body: unknown, retry: boolean, signal?: AbortSignal): Promise<T> {
    const url = new URL(base + path);
    if (method === 'GET' && body && typeof body === 'object') {
      for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = {};
    if (token) headers.authorization = token;
    if (options.language) headers.language = options.language;
    if (method === 'POST') headers['content-type'] = 'application/json';
    const res = await doFetch(url, { method, headers, body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined, signal });
    if (res.status === 401 && retry && refreshToken && !path.startsWith('/admin/base/open/')) {
      refreshing ??= send<Tokens>('GET', '/admin/base/open/refreshToken', { refreshToken }, false).then(keep).finally(() => { refreshing = undefined; });
      await refreshing;
      return send<T>(method, path, body, false, signal);
    }
    const reply = (await res.json().catch(() => undefined)) as { code?: number; message?: string; data?: unknown; details?: { path: string; message: string }[] } | undefined;
    if (!res.ok || !reply || reply.code !== 1000) throw new JoineryError(res.status, reply?.code, reply?.message ?? res.statusText, reply?.details);
    return reply.data as T;
  }
  const host = options.send;
  const call = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, callOptions?: CallOptions): Promise<T> =>
    (host ? host(method, path, body ?? {}, callOptions) as Promise<T> : send<T>(method, path, body, true, callOptions?.signal));

  return {
    /** Any route, by method and path, with the envelope unwrapped. */
    call,
    /** Signs in (a server with captchas on also needs captchaId and verifyCode from /admin/base/open/captcha). */
    async login(input: { username: string; password: string; captchaId?: string; verifyCode?: string }): Promise<Tokens> {
      const body = { captchaId: '', verifyCode: '', ...input };
      const tokens = host ? (await host('POST', '/admin/base/open/login', body)) as Tokens : await send<Tokens>('POST', '/admin/base/open/login', body, false);
      keep(tokens);
      return tokens;
    },
    get token(): string | undefined {
      return token;
    },
    ...ENTITIES,
  };
}

export type JoineryClient = ReturnType<typeof createClient>;
`;

/**
 * One TypeScript file: the entity types (as `joinery types` writes them) and `createClient`, whose methods follow the
 * prefixes — `client.product.info.page({ keyWord, status })` — with request and reply types.
 */
export function generateClient(entities: ClientEntity[]): string {
  const root: Node = { methods: [], children: new Map() };
  for (const { entity, routes } of [...entities].sort((a, b) => a.entity.prefix.localeCompare(b.entity.prefix))) {
    let node = root;
    for (const part of entity.prefix.split('/')) {
      if (!node.children.has(part)) node.children.set(part, { methods: [], children: new Map() });
      node = node.children.get(part)!;
    }
    const seen = new Set<string>();
    for (const route of routes) {
      if (seen.has(route.name) || (!GENERIC.has(route.name) && !IDENT.test(route.name))) continue;
      seen.add(route.name);
      node.methods.push(method(entity, route));
    }
  }
  // A method and a child entity of the same name cannot share one object.
  const clash = (node: Node, at: string): string | undefined => {
    for (const [name, child] of node.children) {
      if (node.methods.some((m) => m.startsWith(`${key(name)}:`))) return `${at}${name}`;
      const below = clash(child, `${at}${name}/`);
      if (below) return below;
    }
    return undefined;
  };
  const bad = clash(root, '');
  if (bad)
    throw new Error(
      `${bad}: an entity prefix ends where another entity has a route of that name; the client cannot offer both`,
    );
  const types = generateTypes(entities.map((e) => e.entity)).replace(/^\/\/ Generated by `joinery types`[^\n]*\n/, '');
  return [
    '// Generated by `joinery client`. Do not edit by hand: change the schemas (or the server) and run it again.',
    '/* eslint-disable */',
    types,
    RUNTIME.replace('    ...ENTITIES,', members(root, '    ')),
  ].join('\n');
}
