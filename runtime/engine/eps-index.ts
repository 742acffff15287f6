import type { EpsEntry, EpsState } from './eps';

/* Pure indexing of eps, apart from the fetching hook so it loads outside a browser (tests). */

/** Strips '/admin/' from an eps prefix. */
export function shortPrefix(prefix: string): string {
  return prefix.replace(/^\/admin\//, '');
}

/** The URL of an entity's route: `entityUrl('product/info', 'page')` → `/admin/product/info/page`. */
export function entityUrl(prefix: string, action: string): string {
  return `/admin/${shortPrefix(prefix).replace(/^\/+|\/+$/g, '')}/${action}`;
}

/** Entries by prefix, menu viewPath (the first entity naming it) and menu router. */
export function indexEps(
  data: Record<string, EpsEntry[]> | undefined,
): Pick<EpsState, 'entries' | 'byPrefix' | 'byViewPath' | 'byRouter'> {
  const entries = data ? Object.values(data).flat() : [];
  const byPrefix = new Map<string, EpsEntry>();
  const byViewPath = new Map<string, EpsEntry>();
  const byRouter = new Map<string, EpsEntry>();
  for (const entry of entries) {
    byPrefix.set(shortPrefix(entry.prefix), entry);
    const menu = entry.joinery?.menu;
    if (menu?.viewPath && !byViewPath.has(menu.viewPath)) byViewPath.set(menu.viewPath, entry);
    if (menu?.router) byRouter.set(menu.router, entry);
  }
  return { entries, byPrefix, byViewPath, byRouter };
}
