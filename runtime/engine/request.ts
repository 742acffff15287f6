import i18n, { currentLanguage } from '../i18n/index';
import { toast } from '../shell/toast';
import {
  clearSession,
  getSession,
  isRefreshAlive,
  isTokenAlive,
  loginPathFrom,
  saveSession,
  SessionEndedError,
  sessionGeneration,
  subscribeSession,
  type TokenReply,
} from './session';
import { earlyBody, earlyKey, readBody, startEarlyCall, takeEarlyCall, type EarlyCall } from './early-calls';
import { apiUrl, SUCCESS_CODE, TIMEOUT_MS, withQuery } from './api-base';

/**
 * A rejected call: HTTP status (0 for network failures and timeouts), envelope code, field errors, and the server's
 * error catalogue id (`errorCode`, server/core/errors/README.md): match on that, never on the message's words.
 */
export class RequestError extends Error {
  readonly status: number;
  readonly code?: number;
  readonly details?: { path: string; message: string }[];
  readonly errorCode?: string;
  /** What the server sent to act on the refusal (a stale record's changed fields: STALE_RECORD). */
  readonly data?: unknown;

  constructor(
    status: number,
    message: string,
    code?: number,
    details?: { path: string; message: string }[],
    errorCode?: string,
    data?: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.errorCode = errorCode;
    this.data = data;
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST';
  data?: unknown;
  params?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Reject on 403/500/502 without leaving the page (for calls whose failure the screen handles itself). */
  quiet?: boolean;
  /**
   * Sends this token, not the session's (logout: the ended session's own). Such a call belongs to no session: it is
   * not aborted when one ends, and its 401 ends none.
   */
  token?: string;
};

const REFRESH_PATH = '/admin/base/open/refreshToken';
/** Calls that must go out without waiting for a fresh token. */
const TOKENLESS = new Set(['/admin/base/open/login', '/admin/base/open/captcha', REFRESH_PATH]);

let navigate: (path: string) => void = (path) => window.location.assign(path);
/** The router hands over its navigate function so redirects stay inside the single-page app. */
export function setNavigator(fn: (path: string) => void): void {
  navigate = fn;
}

/**
 * The message of a failed reply that carries none of its own (a proxy's error page, an empty body): said by the
 * console in the user's language. Every other message is the server's, already in that language.
 */
export const requestFailed = (status: number): string => i18n.t('common:request.failed', { status });

/** Ends the session: clears it, says why, and goes to the login page. */
export function expireSession(reason: string = i18n.t('common:session.expired')): void {
  const hadSession = getSession() !== null;
  clearSession();
  if (hadSession) toast.error(reason);
  // Signed in again, the user comes back to the page they were on (as RequireSession sends a visitor without one);
  // the other calls the same dead session had in flight find the login page already open and leave its address be.
  const here = window.location.pathname;
  if (here.startsWith('/login')) return;
  navigate(loginPathFrom(here, window.location.search));
}

/**
 * The calls the signed-in session has under way, under one abort for them all: when the session ends (logout, expiry,
 * a revocation met by another call, another tab signing out or in) they are given up at once and reject with a
 * SessionEndedError, which no screen reports. Their replies would land in a data cache that is gone (app.tsx), and one
 * that met the revocation on the server would answer 401 — an error in the console and a second trip to /login. A
 * call the next session makes is under the next generation's controller, which the end of this one never touches.
 */
let sessionCalls = { generation: sessionGeneration(), controller: new AbortController() };
subscribeSession(() => {
  if (sessionGeneration() === sessionCalls.generation) return;
  sessionCalls.controller.abort(new SessionEndedError());
  sessionCalls = { generation: sessionGeneration(), controller: new AbortController() };
});

let refreshing: Promise<string> | null = null;

async function refresh(refreshToken: string): Promise<string> {
  try {
    const reply = await send<TokenReply | undefined>(
      withQuery(REFRESH_PATH, { refreshToken }),
      'GET',
      undefined,
      undefined,
      undefined,
      undefined,
    );
    if (!reply?.token) throw new RequestError(401, 'refresh returned no token');
    return saveSession(reply).token;
  } catch (error) {
    expireSession();
    throw error instanceof RequestError ? error : new RequestError(401, String(error));
  }
}

/** A token with life left, refreshing it first when needed; concurrent callers share one refresh. */
export async function ensureToken(): Promise<string | undefined> {
  const session = getSession();
  if (!session) return undefined;
  if (isTokenAlive(session)) return session.token;
  if (!isRefreshAlive(session)) {
    expireSession();
    throw new RequestError(401, i18n.t('common:session.expired'));
  }
  return refreshSession();
}

/** Exchanges the refresh token for new tokens now (the shell calls this shortly before the access token runs out). */
export function refreshSession(): Promise<string> {
  const session = getSession();
  if (!session) return Promise.reject(new RequestError(401, i18n.t('common:session.expired')));
  refreshing ??= refresh(session.refreshToken).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

type Envelope = {
  code?: number;
  message?: string;
  data?: unknown;
  details?: { path: string; message: string }[];
  errorCode?: string;
};

function statusRoute(status: number): string | undefined {
  if (status === 403) return '/403';
  if (status === 500) return '/500';
  if (status === 502) return '/502';
  return undefined;
}

function callHeaders(json: boolean, token: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { language: currentLanguage() };
  if (token) headers.Authorization = token;
  if (json) headers['Content-Type'] = 'application/json';
  return headers;
}

/**
 * One call. `session` is the abort signal of the session whose token it carries (none for a call of no session's):
 * once that has ended, the call rejects with SessionEndedError, whatever the server answered.
 */
async function send<T>(
  url: string,
  method: 'GET' | 'POST',
  body: unknown,
  token: string | undefined,
  signal: AbortSignal | undefined,
  session: AbortSignal | undefined,
  quiet = false,
): Promise<T> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  // A form (a file to send) goes as multipart with the browser's own boundary; anything else as JSON.
  const form = body instanceof FormData;
  const text = method === 'POST' && !form ? JSON.stringify(body ?? {}) : undefined;
  let response: Response;
  let early: EarlyCall | undefined;
  try {
    // A call already started early (engine/early-calls.ts: same path, body and token) is not sent twice.
    early = !signal && !form ? takeEarlyCall(earlyKey(method, url, text), token) : undefined;
    response = await (early?.response ??
      fetch(apiUrl(url), {
        method,
        headers: callHeaders(method === 'POST' && !form, token),
        body: form ? body : text,
        signal: AbortSignal.any([timeout, ...(signal ? [signal] : []), ...(session ? [session] : [])]),
      }));
  } catch (error) {
    if (session?.aborted) throw new SessionEndedError();
    if (signal?.aborted) throw error;
    // (An early call carries its own timeout signal, started by index.html.)
    if (timeout.aborted || (error instanceof DOMException && error.name === 'TimeoutError'))
      throw new RequestError(0, i18n.t('common:request.timeout'));
    throw new RequestError(
      0,
      i18n.t('common:request.network', { message: error instanceof Error ? error.message : String(error) }),
    );
  }
  let parsed: Envelope | undefined;
  try {
    parsed = (await (early ? earlyBody(early) : readBody(response))) as Envelope | undefined;
  } catch (error) {
    if (session?.aborted) throw new SessionEndedError();
    throw error;
  }
  // A reply that came back after its session ended (an early call, or one that raced the end) is no news: its 401 is
  // the revocation the user asked for, its data belong to the ended session.
  if (session?.aborted) throw new SessionEndedError();
  // The server writes its messages in the language of the `language` header sent with every call.
  const message = parsed?.message ?? requestFailed(response.status);
  if (response.status === 401 && session) {
    expireSession(message);
    throw new RequestError(401, message, parsed?.code);
  }
  const target = statusRoute(response.status);
  if (target && !quiet) navigate(target);
  if (!response.ok)
    throw new RequestError(response.status, message, parsed?.code, parsed?.details, parsed?.errorCode, parsed?.data);
  if (parsed && typeof parsed === 'object' && 'code' in parsed) {
    if (parsed.code !== SUCCESS_CODE)
      throw new RequestError(response.status, message, parsed.code, parsed.details, parsed.errorCode, parsed.data);
    return parsed.data as T;
  }
  return parsed as T;
}

/** The path with its query: a GET's data are sent as query parameters, beside `params`. */
function callUrl(path: string, method: 'GET' | 'POST', options: RequestOptions): string {
  const params =
    method === 'GET' && options.data && typeof options.data === 'object'
      ? { ...(options.data as Record<string, unknown>), ...options.params }
      : options.params;
  return withQuery(path, params);
}

/**
 * Calls the server: path is '/admin/…'. Resolves to the envelope's data (or the whole body when it has no code);
 * rejects with RequestError. Sends the token and the language, refreshes an expiring token first.
 */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const bare = path.split('?')[0];
  const calls = sessionCalls;
  const own = options.token !== undefined || TOKENLESS.has(bare);
  const token = own ? options.token : await ensureToken();
  // A call with the session's token is that session's; it may have ended while the token was being refreshed.
  const session = !own && token ? calls.controller.signal : undefined;
  if (session?.aborted) throw new SessionEndedError();
  return send<T>(callUrl(path, method, options), method, options.data, token, options.signal, session, options.quiet);
}

/**
 * Starts now a call the page is about to make (a signed-in session with a living token only): `request` with the
 * same path, data and token then takes its reply instead of asking again (engine/early-calls.ts). It is given up with
 * the session's other calls if the session ends first.
 */
export function startEarlyRequest(
  path: string,
  options: Pick<RequestOptions, 'method' | 'data' | 'params'> = {},
): void {
  const session = getSession();
  if (!session || !isTokenAlive(session)) return;
  const method = options.method ?? 'GET';
  const url = callUrl(path, method, options);
  const text = method === 'POST' ? JSON.stringify(options.data ?? {}) : undefined;
  const ended = sessionCalls.controller.signal;
  startEarlyCall(earlyKey(method, url, text), session.token, () =>
    fetch(apiUrl(url), {
      method,
      headers: callHeaders(method === 'POST', session.token),
      body: text,
      signal: AbortSignal.any([AbortSignal.timeout(TIMEOUT_MS), ended]),
    }),
  );
}
