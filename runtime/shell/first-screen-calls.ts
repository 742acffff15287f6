import { request, startEarlyRequest } from '../engine/request';
import { peekEarlyData } from '../engine/early-calls';
import { EPS_KEY, indexEps, type EpsEntry } from '../engine/eps';
import { buildMenu, PERMMENU_KEY, showFirstMenu, type PermMenu } from '../engine/menu';
import { entityUrl } from '../engine/entity-api';
import { listBody, listCall, listModeOf } from '../engine/use-entity-list';
import { parseListState } from '../engine/use-list-state';
import { PREF_PATH } from '../engine/prefs';
import { columnPrefKey } from '../engine/column-prefs';
import { relationCall, relationMode } from '../widgets/relation-options';
import { resolveView } from '../screens/view-registry';
import { canRead } from './menu-view';

/** What the first render is given at once (SWR fallback): eps and the menu, as their hooks would read them. */
export type FirstData = { [EPS_KEY]?: Record<string, EpsEntry[]>; [PERMMENU_KEY]?: PermMenu };

/** Set once the console has been drawn: the list's own hooks have asked by then, so nothing is started early. */
let drawn = false;

/** Says the console has been drawn (main.tsx, when it renders without waiting any longer). */
export function firstScreenDrawn(): void {
  drawn = true;
}

/**
 * The console's first data, and the calls of the list page being opened started as soon as eps and the menu are in —
 * before the console has drawn anything — rather than once the page is drawn and its data hooks run: its rows, its
 * column preferences and its master list (the departments beside the users). The page's hooks take those replies
 * (engine/early-calls.ts); a call made differently (another body, a refreshed token) is simply asked again.
 *
 * The first render does not wait for the page's replies: drawing the console while they come is quicker than drawing
 * it once after them (measured: 40-50 ms sooner to the first row on loopback and at 10 Mbit/s, bench/ui-load.mjs).
 *
 * Resolves to eps and the menu when index.html started their calls (else to nothing: the hooks ask as usual). Eps is
 * taken here (its hook, given it, never asks again: eps is read once a session); the menu is read from a copy of its
 * reply, which the menu's hook still takes to check it, as it checks a kept menu.
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
  // Late (a slow server: the console was drawn without waiting), the page's hooks have asked for themselves.
  if (eps && menu && !drawn) startListCalls(eps, menu);
  if (menu) showFirstMenu(menu);
  return { [EPS_KEY]: eps, [PERMMENU_KEY]: menu };
}

function startListCalls(eps: Record<string, EpsEntry[]>, menu: PermMenu): void {
  const index = indexEps(eps);
  const model = buildMenu(menu.menus);
  const { pathname, search } = window.location;
  const node = pathname === '/' ? model.home : model.byPath.get(pathname);
  if (!node) return;
  const view = resolveView(node, index);
  if (view.kind !== 'entity' || !canRead(view.entry)) return;
  const mode = listModeOf(view.entry);
  if (!mode) return;
  const { action, query } = listCall(mode, listBody(parseListState(new URLSearchParams(search)), mode));
  startEarlyRequest(entityUrl(view.prefix, action), { method: 'POST', data: query });
  startEarlyRequest(PREF_PATH, { params: { key: columnPrefKey(view.prefix) } });
  const master = view.entry.joinery?.master;
  const ref = master ? view.entry.joinery?.fields.find((f) => f.name === master)?.ref : undefined;
  const masterMode = ref ? relationMode(index.byPrefix.get(ref.entity)) : null;
  if (ref && masterMode) {
    // A master panel's choices are every record (no record being edited narrows them).
    const call = relationCall(masterMode, {});
    startEarlyRequest(entityUrl(ref.entity, call.action), { method: 'POST', data: call.query });
  }
}
