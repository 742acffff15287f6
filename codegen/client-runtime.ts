/**
 * The fixed part of a `joinery client` file: createClient and what it needs. `    ...ROUTES,` is replaced by the
 * methods of the routes (generate-client.ts). Written as text, so it is checked by compiling generated clients
 * (codegen/test/cli.test.ts, runtime/engine/client.generated.ts).
 */
export const CLIENT_RUNTIME = `
/** A page of records as page returns it. */
export type Page<T> = { list: T[]; pagination: { page: number; size: number; total: number } };
/** The query parameters of an extra action read with GET (detail, log…). */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** A refusal of the server: HTTP status, the envelope's code and message, and the fields it names (400). */
export class JoineryError extends Error {
  constructor(readonly status: number, readonly code: number | undefined, message: string, readonly details: { path: string; message: string }[] = []) {
    super(message);
    this.name = 'JoineryError';
  }
}

/**
 * Per call: an abort signal; quiet asks a host transport (send) not to show the refusal itself; raw (set by the
 * client for files) asks a host transport for the fetch Response itself instead of the envelope's data.
 */
export type CallOptions = { signal?: AbortSignal; quiet?: boolean; raw?: boolean };
/**
 * A host application's own transport: it sends the call with its session and returns the envelope's data or throws;
 * with options.raw (exports, HTML, the OpenAPI document) it returns the Response. A FormData body is sent as is.
 */
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

type Envelope = { code?: number; message?: string; data?: unknown; details?: { path: string; message: string }[] };

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

  /** The Response of a call, after one token refresh on a 401. */
  async function fetchReply(method: 'GET' | 'POST', path: string, body: unknown, retry: boolean, signal?: AbortSignal): Promise<Response> {
    const url = new URL(base + path);
    if (method === 'GET' && body && typeof body === 'object') {
      for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = {};
    if (token) headers.authorization = token;
    if (options.language) headers.language = options.language;
    const form = body instanceof FormData;
    if (method === 'POST' && !form) headers['content-type'] = 'application/json';
    const sent = method === 'POST' ? (form ? body : JSON.stringify(body ?? {})) : undefined;
    const res = await doFetch(url, { method, headers, body: sent, signal });
    if (res.status === 401 && retry && refreshToken && !path.startsWith('/admin/base/open/')) {
      refreshing ??= send<Tokens>('GET', '/admin/base/open/refreshToken', { refreshToken }, false).then(keep).finally(() => { refreshing = undefined; });
      await refreshing;
      return fetchReply(method, path, body, false, signal);
    }
    return res;
  }

  async function refusal(res: Response): Promise<JoineryError> {
    const reply = (await res.json().catch(() => undefined)) as Envelope | undefined;
    return new JoineryError(res.status, reply?.code, reply?.message ?? res.statusText, reply?.details);
  }

  async function send<T>(method: 'GET' | 'POST', path: string, body: unknown, retry: boolean, signal?: AbortSignal): Promise<T> {
    const res = await fetchReply(method, path, body, retry, signal);
    const reply = (await res.clone().json().catch(() => undefined)) as Envelope | undefined;
    if (!res.ok || !reply || reply.code !== 1000) throw await refusal(res);
    return reply.data as T;
  }
  const host = options.send;
  const call = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, callOptions?: CallOptions): Promise<T> =>
    (host ? host(method, path, body ?? {}, callOptions) as Promise<T> : send<T>(method, path, body, true, callOptions?.signal));

  /** A reply that is not an envelope (a file, a page): the Response, or the refusal as a JoineryError. */
  async function raw(method: 'GET' | 'POST', path: string, body?: unknown, callOptions?: CallOptions): Promise<Response> {
    const res = host
      ? ((await host(method, path, body ?? {}, { ...callOptions, raw: true })) as Response)
      : await fetchReply(method, path, body, true, callOptions?.signal);
    if (!res.ok) throw await refusal(res);
    return res;
  }
  const file = (method: 'GET' | 'POST', path: string, body?: unknown, o?: CallOptions) => raw(method, path, body, o).then((r) => r.blob());
  const text = (method: 'GET' | 'POST', path: string, body?: unknown, o?: CallOptions) => raw(method, path, body, o).then((r) => r.text());
  const json = (method: 'GET' | 'POST', path: string, body?: unknown, o?: CallOptions) => raw(method, path, body, o).then((r) => r.json() as Promise<unknown>);
  /** A file sent as multipart/form-data (field "file"), with other fields. */
  const upload = <T>(path: string, blob: Blob, fields: Record<string, string | undefined>, o?: CallOptions & { fileName?: string }) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
    form.append('file', blob, o?.fileName ?? (blob instanceof File ? blob.name : 'file'));
    return call<T>('POST', path, form, o);
  };
  void file; void text; void json; void upload;

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
    ...ROUTES,
  };
}

export type JoineryClient = ReturnType<typeof createClient>;
`;
