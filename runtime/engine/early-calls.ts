import { currentLanguage } from '../i18n/index';
import { SUCCESS_CODE } from './api-base';
import { earlyBody, type EarlyCall } from '../boot/early-call';

export { earlyBody, earlyKey, readBody, type EarlyCall } from '../boot/early-call';

/**
 * Calls started before the console asks for them, whose replies `send` then takes instead of asking again:
 * - the console's first calls (eps, menu, person, plugins) and, once the menu is in, the dictionaries: started by
 *   index.html's inline script as soon as the page's HTML is read (a stored, living session only), while the app's
 *   own scripts are still downloading;
 * - the calls of the page being opened (its rows, its column preferences, its master list): started as soon as eps
 *   and the menu are in, by index.html's boot script (boot/early-page-calls.ts, built into the page) and, for what it
 *   did not start (a development server), by the app before anything is drawn (shell/first-screen-calls.ts).
 * A reply is taken once, for the same method, path, body, token and language, within a few seconds of the start.
 * Anything else (a refreshed token, a changed language, a second call) goes to the server as usual.
 */

/** How long an early reply stays usable: it answers the page's first render, never a later revalidation. */
const EARLY_CALL_LIFE_MS = 10_000;

/**
 * The early call for this call, if one was started for it with this token; it is handed out at most once. Its body is
 * read through earlyBody (someone may have read it already).
 */
export function takeEarlyCall(key: string, token: string | undefined, now = Date.now()): EarlyCall | undefined {
  const calls = typeof window === 'undefined' ? undefined : window.__joineryEarlyCalls;
  const call = calls?.[key];
  if (!calls || !call) return undefined;
  delete calls[key];
  const usable =
    token !== undefined &&
    call.token === token &&
    call.language === currentLanguage() &&
    now - call.at < EARLY_CALL_LIFE_MS;
  return usable ? call : undefined;
}

/** Starts a call under this key with this token, unless one is already under way for it. */
export function startEarlyCall(key: string, token: string, send: () => Promise<Response>): void {
  if (typeof window === 'undefined') return;
  window.__joineryEarlyCalls ??= {};
  const calls = window.__joineryEarlyCalls;
  if (calls[key]) return;
  const response = send();
  // A failure is reported by the app when it takes the reply (or when it asks again, a taken reply being gone).
  response.catch(() => undefined);
  calls[key] = { token, language: currentLanguage(), at: Date.now(), response };
}

/**
 * The data of an early reply still waiting to be taken (by its earlyKey), read without taking it: undefined when there
 * is no such call, and when its reply is not a success (the app then meets it as usual when it takes it); `{ data }`
 * for a success (`data` undefined when the reply carries none). The data are the objects the call's taker gets (the
 * body is read once).
 */
export function peekEarlyReply<T>(key: string): Promise<{ data: T | undefined } | undefined> | undefined {
  const call = typeof window === 'undefined' ? undefined : window.__joineryEarlyCalls?.[key];
  if (!call || call.language !== currentLanguage()) return undefined;
  return call.response.then(
    async (response) => {
      if (!response.ok) return undefined;
      const body = (await earlyBody(call)) as { code?: number; data?: T } | undefined;
      return body?.code === SUCCESS_CODE ? { data: body.data } : undefined;
    },
    () => undefined,
  );
}

/** peekEarlyReply's data: undefined also for a success without data. */
export function peekEarlyData<T>(key: string): Promise<T | undefined> | undefined {
  return peekEarlyReply<T>(key)?.then((reply) => reply?.data);
}

/** Gives up an early call whose reply was used without being taken (its data put straight into the first render). */
export function dropEarlyCall(key: string): void {
  if (typeof window !== 'undefined') delete window.__joineryEarlyCalls?.[key];
}
