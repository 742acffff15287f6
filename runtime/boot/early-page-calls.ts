import { apiUrl, EPS_KEY, PERMMENU_KEY, SUCCESS_CODE, TIMEOUT_MS } from '../engine/api-base';
import type { EpsEntry } from '../engine/eps';
import type { MenuRow } from '../engine/menu-tree';
import { earlyBody, earlyKey, type EarlyCall } from './early-call';
import { pageCalls } from './page-calls';

/*
 * index.html's boot script (the build inlines this module as a script of its own, runtime/vite.config.ts): once eps
 * and the menu that index.html's first script asked for are in, the calls of the list page being opened — its rows,
 * its column preferences, its master list — start at once, while the app's scripts are still downloading or being
 * evaluated. The app takes their replies (engine/early-calls.ts) and draws the rows in its first render
 * (shell/first-screen-calls.ts). Any failure here only means the app asks for itself, as it would without this.
 */

async function dataOf<T>(call: EarlyCall): Promise<T | undefined> {
  const response = await call.response;
  if (!response.ok) return undefined;
  const body = (await earlyBody(call)) as { code?: number; data?: T } | undefined;
  return body?.code === SUCCESS_CODE ? body.data : undefined;
}

async function start(): Promise<void> {
  const calls = window.__joineryEarlyCalls;
  const first = calls?.[EPS_KEY];
  const menuCall = calls?.[PERMMENU_KEY];
  if (!calls || !first || !menuCall) return;
  const [eps, menu] = await Promise.all([
    dataOf<Record<string, EpsEntry[]>>(first),
    dataOf<{ menus: MenuRow[] }>(menuCall),
  ]);
  if (!eps || !menu) return;
  for (const call of pageCalls(eps, menu.menus, window.location)) {
    const body = call.method === 'POST' ? JSON.stringify(call.data ?? {}) : undefined;
    const key = earlyKey(call.method, call.path, body);
    if (calls[key]) continue;
    const headers: Record<string, string> = { language: first.language, Authorization: first.token };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = fetch(apiUrl(call.path), {
      method: call.method,
      headers,
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // A failure is reported by the app when it takes the reply.
    response.catch(() => undefined);
    calls[key] = { token: first.token, language: first.language, at: Date.now(), response };
  }
}

start().catch((error: unknown) => console.warn('page calls not started early', error));
