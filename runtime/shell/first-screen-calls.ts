import { unstable_serialize } from 'swr';
import { request, startEarlyRequest } from '../engine/request';
import { earlyKey, peekEarlyData } from '../engine/early-calls';
import { EPS_KEY, type EpsEntry } from '../engine/eps';
import { PERMMENU_KEY, showFirstMenu, type PermMenu } from '../engine/menu';
import { pageCalls, type PageCall } from '../boot/page-calls';
import { isPageReply } from '../engine/entity-api';
import { entityRowsKey } from '../engine/swr-cache';

/** The first part of a list page's SWR key. */
const ROWS = entityRowsKey('', '', {})[0];

/**
 * What the first render is given at once. `fallback` (SWR's, for the first session): eps and the menu, as their hooks
 * would read them. `cached` (put in the first session's cache as if its hooks had read them, by serialized SWR key):
 * the list page's rows and column preferences, when their replies are in by then — in the cache rather than as
 * fallback, so they stand for that one read: a list page dropped from the cache later is read again, never shown
 * from the page's first load.
 */
export type FirstData = {
  fallback?: { [EPS_KEY]?: Record<string, EpsEntry[]>; [PERMMENU_KEY]?: PermMenu };
  cached?: Record<string, unknown>;
};

/**
 * How long the first render waits for the page's rows once eps, the menu and the list screen's code are in. They were
 * asked for as soon as eps and the menu came (index.html's boot script), so they are usually in before the app's
 * scripts have even run; a slow list (a search over many rows) draws the console first rather than keep it blank.
 */
const PAGE_DATA_WAIT_MS = 100;

/** Set once the console has been drawn: the list's own hooks have asked by then, so nothing is started early. */
let drawn = false;

/** Says the console has been drawn (main.tsx, when it renders without waiting any longer). */
export function firstScreenDrawn(): void {
  drawn = true;
}

/**
 * The console's first data. Eps and the menu come from the calls index.html started; the calls of the list page being
 * opened — its rows, its column preferences, its master list (the departments beside the users) — were started by
 * index.html's boot script once those were in (boot/early-page-calls.ts), or are started here (a development server
 * builds no boot script), before the console has drawn anything. The page's hooks take those replies
 * (engine/early-calls.ts); a call made differently (another body, a refreshed token) is simply asked again.
 *
 * The rows and the preferences, when in within PAGE_DATA_WAIT_MS, are put in the first render's cache: the page is drawn
 * once with its rows, not once without them and again when they come (one layout of the whole page instead of two).
 * Their hooks still check them on mount, reading the same early reply: the same objects, so nothing is drawn again.
 *
 * Resolves to nothing when index.html started no calls (the hooks ask as usual). Eps is taken here (its hook, given
 * it, never asks again: eps is read once a session); the menu is read from the early reply, which the menu's hook
 * still takes to check it, as it checks a kept menu.
 */
export async function loadFirstScreen(): Promise<FirstData> {
  if (window.location.pathname === '/login' || !window.__joineryEarlyCalls?.[EPS_KEY]) return {};
  const menuPeek = peekEarlyData<PermMenu>(PERMMENU_KEY);
  if (!menuPeek) return {};
  const [eps, menu] = await Promise.all([
    // A refusal here (a revoked session) is handled as the hook's own would be; the hook then asks again, or not.
    request<Record<string, EpsEntry[]>>(EPS_KEY).catch(() => undefined),
    menuPeek,
  ]);
  if (menu) showFirstMenu(menu);
  const fallback = { [EPS_KEY]: eps, [PERMMENU_KEY]: menu };
  // Late (a slow server: the console was drawn without waiting), the page's hooks have asked for themselves.
  if (!eps || !menu || drawn) return { fallback };
  const calls = pageCalls(eps, menu.menus, window.location);
  for (const call of calls) startEarlyRequest(call.path, { method: call.method, data: call.data });
  return { fallback, cached: await pageData(calls) };
}

/** The replies of the page's calls its hooks read as they come, by SWR key: those in within PAGE_DATA_WAIT_MS. */
async function pageData(calls: PageCall[]): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {};
  const waits = calls.map(async (call) => {
    if (!call.swrKey) return;
    const body = call.method === 'POST' ? JSON.stringify(call.data ?? {}) : undefined;
    const reply = await peekEarlyData<unknown>(earlyKey(call.method, call.path, body));
    // A reply not shaped as its hook reads it is left to the hook, which refuses it as it refuses any.
    if (reply === undefined || (call.swrKey[0] === ROWS && !isPageReply(reply))) return;
    data[unstable_serialize(call.swrKey)] = reply;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, PAGE_DATA_WAIT_MS);
  });
  await Promise.race([Promise.all(waits), late]);
  clearTimeout(timer);
  return { ...data };
}
