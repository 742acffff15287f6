import { unstable_serialize, type Key, type Middleware } from 'swr';
import { request, startEarlyRequest } from '../engine/request';
import { dropEarlyCall, earlyKey, peekEarlyData, peekEarlyReply } from '../engine/early-calls';
import { EPS_KEY, type EpsEntry } from '../engine/eps';
import { keepMenu, PERMMENU_KEY, showFirstMenu, type PermMenu } from '../engine/menu';
import { pageCalls, type PageCall } from '../boot/page-calls';
import { DICT_KEY } from '../engine/dict';
import { BUILTIN_PLUGINS_KEY } from '../engine/builtin-plugins';
import { currentLanguage } from '../i18n/index';
import { isPageReply } from '../engine/entity-api';
import { entityRowsKey } from '../engine/swr-cache';

/** The first part of a list page's SWR key. */
const ROWS = entityRowsKey('', '', {})[0];

/**
 * What the first render is given at once. `fallback` (SWR's, for the first session): eps, as its hook would read it
 * (and the menu when the page was drawn before the list's calls could be started). `cached` (put in the first
 * session's cache as if its hooks had read them, by serialized SWR key): the menu, the dictionaries, the built-in
 * plugins and the list page's rows and column preferences, when their replies are in by then — in the cache rather
 * than as fallback, so they stand for that one read: a list page dropped from the cache later is read again, never
 * shown from the page's first load.
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
 * The rows and the preferences, and the shell's dictionaries and plugins, when in within PAGE_DATA_WAIT_MS, are
 * put in the first render's cache: the page is drawn once with its rows and their dictionary tags, not once without
 * them and again when they come (one layout of the whole page instead of two).
 * Their hooks do not read them again on mount (they are a moment old: freshFirstData in app.tsx), so the end of such a
 * check does not draw the page a second time.
 *
 * Resolves to nothing when index.html started no calls (the hooks ask as usual). Eps is taken here (its hook, given
 * it, never asks again: eps is read once a session); the menu is read from its early reply and put in the cache with
 * the rest (kept for the next start; the hook's check of a kept menu is not needed for one read a moment ago).
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
  // Late (a slow server: the console was drawn without waiting), the page's hooks have asked for themselves.
  if (!eps || !menu || drawn) return { fallback: { [EPS_KEY]: eps, [PERMMENU_KEY]: menu } };
  const calls = pageCalls(eps, menu.menus, window.location);
  for (const call of calls) startEarlyRequest(call.path, { method: call.method, data: call.data });
  const cached = await firstReplies([...shellReplies(), ...calls.flatMap(pageReply)]);
  // Drawn meanwhile without this (main.tsx waits at most so long): the hooks have taken what they needed.
  if (drawn) return {};
  // The menu goes in the cache with the rest, kept for the next start as its hook keeps what it reads.
  keepMenu(menu);
  dropEarlyCall(PERMMENU_KEY);
  cached[unstable_serialize(PERMMENU_KEY)] = menu;
  return { fallback: { [EPS_KEY]: eps }, cached };
}

/** An early reply its hook reads as it comes: the early call's name and the hook's SWR key. */
type FirstReply = { early: string; swrKey: Key };

/**
 * The shell's own first calls index.html started (the dictionaries, the built-in plugins), as their hooks (useDicts,
 * useBuiltinPlugins) name them: drawn in the first render, a reply coming after it would draw the shell again — the
 * dictionaries every dictionary cell of the list. (The signed-in user is drawn from the copy kept at the last start,
 * and its hook keeps that copy up to date from the reply.)
 */
const shellReplies = (): FirstReply[] => [
  { early: earlyKey('POST', DICT_KEY, '{}'), swrKey: [DICT_KEY, currentLanguage()] },
  { early: BUILTIN_PLUGINS_KEY, swrKey: BUILTIN_PLUGINS_KEY },
];

/** A page call whose reply its hook reads as it comes (its rows, its column preferences). */
function pageReply(call: PageCall): FirstReply[] {
  if (!call.swrKey) return [];
  const body = call.method === 'POST' ? JSON.stringify(call.data ?? {}) : undefined;
  return [{ early: earlyKey(call.method, call.path, body), swrKey: call.swrKey }];
}

/** The data of those replies in within PAGE_DATA_WAIT_MS, by serialized SWR key. */
async function firstReplies(replies: FirstReply[]): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {};
  let closed = false;
  const waits = replies.map(async ({ early, swrKey }) => {
    const reply = await peekEarlyReply<unknown>(early);
    // Too late for the first render (or drawn without it): its hook takes the reply as usual.
    if (closed || drawn) return;
    // A refusal, and a reply not shaped as its hook reads it, are left to the hook, which meets them as it meets any.
    if (!reply || (Array.isArray(swrKey) && swrKey[0] === ROWS && !isPageReply(reply.data))) return;
    // (A success without data — no column preferences saved — is kept too: the hook then reads nothing again.)
    data[unstable_serialize(swrKey)] = reply.data;
    // Its hook does not read it again on mount (freshFirstData): nothing else may take this reply later.
    dropEarlyCall(early);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, PAGE_DATA_WAIT_MS);
  });
  await Promise.race([Promise.all(waits), late]);
  closed = true;
  clearTimeout(timer);
  return data;
}

/**
 * How long the replies put in the first render's cache count as fresh: a hook mounting within it does not read its
 * data again (SWR's own dedupe window is as long). A page opened later reads as usual.
 */
const FIRST_DATA_FRESH_MS = 2_000;

/**
 * An SWR middleware for the first session: a hook whose data the first render was given (`cached`, read a moment ago
 * from the page's early calls) does not check them again when it mounts within FIRST_DATA_FRESH_MS — that check only
 * read the same reply again, and drew the list and the shell a second time when it ended (it sets isValidating).
 */
export function freshFirstData(cached: Record<string, unknown> | undefined): Middleware {
  const keys = new Set(Object.keys(cached ?? {}));
  const until = Date.now() + FIRST_DATA_FRESH_MS;
  return (useSWRNext) => (key, fetcher, config) => {
    const fresh = keys.size > 0 && Date.now() < until && key !== null && keys.has(unstable_serialize(key));
    return useSWRNext(key, fetcher, fresh ? { ...config, revalidateOnMount: false } : config);
  };
}
