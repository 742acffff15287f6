import { request, startEarlyRequest } from '../engine/request';
import { peekEarlyData } from '../engine/early-calls';
import { EPS_KEY, indexEps, type EpsEntry } from '../engine/eps';
import { buildMenu, PERMMENU_KEY, type PermMenu } from '../engine/menu';
import { entityUrl } from '../engine/entity-api';
import { listBody, listCall, listModeOf } from '../engine/use-entity-list';
import { parseListState } from '../engine/use-list-state';
import { PREF_PATH } from '../engine/prefs';
import { columnPrefKey } from '../engine/column-prefs';
import { relationCall, relationMode } from '../widgets/relation-options';
import { resolveView } from '../screens/view-registry';
import { canRead } from './menu-view';

/** What the first render may be given at once: eps and the menu, as their hooks would read them (SWR fallback). */
export type FirstData = { [EPS_KEY]?: Record<string, EpsEntry[]>; [PERMMENU_KEY]?: PermMenu };

/**
 * The console's first data and the calls of the list page being opened, as soon as eps and the menu are in — before
 * the console has drawn anything — rather than once the page is drawn and its data hooks run: its rows, its column
 * preferences and its master list (the departments beside the users). The page's hooks then take these replies
 * (engine/early-calls.ts); a call made differently (another body, a refreshed token) is simply asked again.
 *
 * Resolves to eps and the menu when index.html started their calls (else to nothing: the hooks ask as usual). Eps is
 * taken here (the hook, given it, never asks: it is read once a session); the menu is read from a copy of its reply,
 * which the menu's hook still takes to check it as it does a stored menu.
 */
export async function loadFirstScreen(): Promise<FirstData> {
  if (window.location.pathname === '/login' || !window.__joineryEarlyCalls?.[EPS_KEY]) return {};
  const menu = peekEarlyData<PermMenu>(PERMMENU_KEY);
  if (!menu) return {};
  const [epsData, menuData] = await Promise.all([
    // A refusal here (a revoked session) is handled as the hook's own would be; the hook then asks again, or not.
    request<Record<string, EpsEntry[]>>(EPS_KEY).catch(() => undefined),
    menu,
  ]);
  if (!epsData || !menuData) return { [EPS_KEY]: epsData, [PERMMENU_KEY]: menuData };
  startListCalls(epsData, menuData);
  return { [EPS_KEY]: epsData, [PERMMENU_KEY]: menuData };
}

function startListCalls(epsData: Record<string, EpsEntry[]>, menuData: PermMenu): void {
  const index = indexEps(epsData);
  const model = buildMenu(menuData.menus);
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
    const call = relationCall(masterMode, {});
    startEarlyRequest(entityUrl(ref.entity, call.action), { method: 'POST', data: call.query });
  }
}
