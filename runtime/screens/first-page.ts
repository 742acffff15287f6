import { preload } from 'swr';
import { EPS_KEY, fetchEps, indexEps } from '../engine/eps';
import { buildMenu, fetchPermMenu, PERMMENU_KEY } from '../engine/menu';
import { entityListKey, fetchEntityList, listModeOf } from '../engine/use-entity-list';
import { parseListState } from '../engine/use-list-state';
import { resolveView } from './view-registry';

/**
 * The rows of the list a signed-in page opens on, asked for as soon as eps and the menu are in rather than when the
 * list screen first renders: React draws the shell, the menu and the screen first, about 350 ms of a cold load on a
 * 2-core machine, and the screen then waited for its rows as well. The calls go through SWR's preload under the keys
 * the hooks use (useEps, usePermMenu, useEntityList), so each is asked once and the screen's first render finds its
 * rows. A page that is not an entity list asks nothing more.
 */
export function preloadFirstPage(pathname: string, search: string): void {
  if (pathname === '/') return;
  Promise.all([preload(EPS_KEY, fetchEps), preload(PERMMENU_KEY, fetchPermMenu)])
    .then(([eps, permmenu]) => {
      const node = buildMenu(permmenu.menus).byPath.get(pathname);
      if (!node) return;
      const view = resolveView(node, indexEps(eps));
      const mode = view.kind === 'entity' ? listModeOf(view.entry) : null;
      if (view.kind !== 'entity' || !mode) return;
      void preload(entityListKey(view.prefix, parseListState(new URLSearchParams(search)), mode), fetchEntityList);
    })
    .catch((error: unknown) => {
      // The hooks take the same failed reply and show it where it belongs (the menu, the page).
      console.warn('first list page not preloaded', error);
    });
}
