import { indexEps, type EpsEntry } from '../engine/eps';
import { buildMenu, type PermMenu } from '../engine/menu';
import { getSession } from '../engine/session';
import { entityListKey, listModeOf, startFirstPage } from '../engine/use-entity-list';
import { parseListState } from '../engine/use-list-state';
import { resolveView } from './view-registry';

/** The envelope's data of a successful reply (PROTOCOL §3: code 1000), else nothing. */
async function dataOf<T>(response: Promise<Response>): Promise<T | undefined> {
  // A copy: the body itself is the app's, read by the hook that takes this early call (engine/early-calls.ts).
  const copy = (await response).clone();
  if (!copy.ok) return undefined;
  const body = (await copy.json()) as { code?: number; data?: T };
  return body.code === 1000 ? body.data : undefined;
}

/**
 * The rows of the list a signed-in page opens on, asked for as soon as the early eps and menu replies are in
 * (index.html starts them) rather than when the list screen first renders: React draws the shell, the menu and the
 * screen first — about 300 ms of a cold load on a 2-core machine — and the screen then waited for its rows as well.
 * The page is asked under the key the screen reads (useEntityList), which takes the reply once (startFirstPage). Without
 * early calls (no living session), or on a page that is not an entity list, nothing more is asked.
 */
export function preloadFirstPage(pathname: string, search: string): void {
  const calls = window.__joineryEarlyCalls;
  const eps = calls?.['/admin/base/open/eps'];
  const menu = calls?.['/admin/base/comm/permmenu'];
  const token = getSession()?.token;
  if (pathname === '/' || !eps || !menu || token === undefined || eps.token !== token) return;
  Promise.all([dataOf<Record<string, EpsEntry[]>>(eps.response), dataOf<PermMenu>(menu.response)])
    .then(([epsData, menuData]) => {
      if (!epsData || !menuData) return;
      const node = buildMenu(menuData.menus).byPath.get(pathname);
      const view = node ? resolveView(node, indexEps(epsData)) : undefined;
      const mode = view?.kind === 'entity' ? listModeOf(view.entry) : null;
      if (view?.kind !== 'entity' || !mode) return;
      startFirstPage(entityListKey(view.prefix, parseListState(new URLSearchParams(search)), mode), token);
    })
    .catch((error: unknown) => {
      // The hooks take the same early replies and report what is wrong with them where it belongs.
      console.warn('first list page not asked early', error);
    });
}
