import type { EpsEntry } from '../../engine/eps';

/** Whether the caller may read (and revert) the history of an entity: the routes eps lists to it. */
export function historyRoutes(entry: EpsEntry): { read: boolean; revert: boolean } {
  const on = entry.joinery?.history === true;
  return {
    read: on && entry.api.some((a) => a.path === '/history'),
    revert: on && entry.api.some((a) => a.path === '/revert'),
  };
}
