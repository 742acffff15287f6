import type { EpsEntry } from '../engine/eps';
import { withQuery } from '../engine/api-base';
import { columnPrefKey, PREF_PATH } from '../engine/column-prefs';
import { entityUrl, indexEps } from '../engine/eps-index';
import { canRead, listBody, listCall, listModeOf } from '../engine/list-call';
import { parseListState } from '../engine/list-state';
import { buildMenu, type MenuRow } from '../engine/menu-tree';
import { relationCall, relationMode } from '../engine/relation-call';
import { entityRowsKey } from '../engine/swr-cache';
import { isFrameView, pageEntity, plainViewPath, VIEW_PATH_TITLES } from '../screens/view-paths';

/**
 * One call a page makes as soon as it is drawn. `path` is a server path with its query (a GET's name among the early
 * calls); `data` a POST's body. `swrKey`: the key of the hook that reads it, when that hook's data is the reply's data
 * as it comes (a page of rows, a preference), so the first render can be given it.
 */
export type PageCall = {
  method: 'GET' | 'POST';
  path: string;
  data?: Record<string, unknown>;
  swrKey?: readonly unknown[];
};

/**
 * The calls the list page at this address makes first — its rows, its column preferences, its master list (the
 * departments beside the users) — worked out from eps and the menu as the page's own hooks work them out (same
 * modules), so a call started early is the call they make. None for a page that is not a list the user may read, nor
 * for one whose view path names a screen of the console's own (a hand-written override the console adds for a view
 * path of an entity page is not known here: its list calls would be started and not taken, costing one query).
 *
 * Pure and free of React, SWR and the translations: index.html runs it (boot/early-page-calls.ts) before the app's
 * scripts have loaded; the app runs it too (shell/first-screen-calls.ts), for what index.html did not start.
 */
export function pageCalls(
  eps: Record<string, EpsEntry[]>,
  menu: MenuRow[],
  location: { pathname: string; search: string },
): PageCall[] {
  const index = indexEps(eps);
  const model = buildMenu(menu);
  const node = location.pathname === '/' ? model.home : model.byPath.get(location.pathname);
  const view = node?.viewPath?.trim() ?? '';
  if (!node || isFrameView(view) || plainViewPath(view) in VIEW_PATH_TITLES) return [];
  const entry = pageEntity(node, index);
  const mode = entry && canRead(entry) ? listModeOf(entry) : null;
  if (!entry || !mode) return [];
  const prefix = entry.prefix.replace(/^\/admin\//, '');
  const body = listBody(parseListState(new URLSearchParams(location.search)), mode);
  const { action, query } = listCall(mode, body);
  const calls: PageCall[] = [
    {
      method: 'POST',
      path: entityUrl(prefix, action),
      data: query,
      // Only a page call's reply is the list hook's data as it comes (a list is paged by the hook).
      swrKey: mode === 'page' ? entityRowsKey(prefix, mode, body) : undefined,
    },
  ];
  const prefKey = columnPrefKey(prefix);
  calls.push({ method: 'GET', path: withQuery(PREF_PATH, { key: prefKey }), swrKey: [PREF_PATH, prefKey] });
  const master = entry.joinery?.master;
  const ref = master ? entry.joinery?.fields.find((f) => f.name === master)?.ref : undefined;
  const masterMode = ref ? relationMode(index.byPrefix.get(ref.entity)) : null;
  if (ref && masterMode) {
    // A master panel's choices are every record (no record being edited narrows them).
    const call = relationCall(masterMode, {});
    calls.push({ method: 'POST', path: entityUrl(ref.entity, call.action), data: call.query });
  }
  return calls;
}
