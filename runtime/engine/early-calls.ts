import { currentLanguage } from '../i18n/index';

/**
 * The console's first calls, started by index.html's inline script as soon as the page's HTML is read (a stored,
 * living session only), while the app's own scripts are still downloading. `send` takes such a reply instead of
 * asking again: once, for the same path, token and language, within a few seconds of the page opening. Anything
 * else (a refreshed token, a changed language, a second call) goes to the server as usual.
 */
export type EarlyCall = { token: string; language: string; at: number; response: Promise<Response> };

/** How long an early reply stays usable: it answers the page's first render, never a later revalidation. */
const EARLY_CALL_LIFE_MS = 10_000;

declare global {
  interface Window {
    __joineryEarlyCalls?: Record<string, EarlyCall>;
  }
}

/** The early reply for this GET call, if one was started for it with this token; it is handed out at most once. */
export function takeEarlyCall(url: string, token: string | undefined, now = Date.now()): Promise<Response> | undefined {
  const calls = typeof window === 'undefined' ? undefined : window.__joineryEarlyCalls;
  const call = calls?.[url];
  if (!calls || !call) return undefined;
  delete calls[url];
  const usable =
    token !== undefined &&
    call.token === token &&
    call.language === currentLanguage() &&
    now - call.at < EARLY_CALL_LIFE_MS;
  return usable ? call.response : undefined;
}
