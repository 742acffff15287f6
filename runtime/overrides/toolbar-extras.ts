import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** What a toolbar addition gets: the entity, the ids ticked in the list, and a way to make the list read its rows again. */
export type ToolbarExtraProps = { prefix: string; selectedIds: number[]; onChanged: () => void };

/**
 * Controls added to a generic list's toolbar, by entity prefix, for actions that are neither row nor selection
 * buttons: the request log's "clear" and its keep-days setting, the change history's keep-days setting, the menus' JSON export and import. The rest of the
 * screen stays generic.
 */
export const TOOLBAR_EXTRAS: Record<string, LazyExoticComponent<ComponentType<ToolbarExtraProps>>> = {
  'base/sys/log': lazy(() => import('./log-keep')),
  'base/sys/history': lazy(() => import('./history-keep')),
  'base/sys/menu': lazy(() => import('./menu-transfer')),
};
