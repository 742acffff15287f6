/**
 * Scroll positions of lists, kept for the session by a key (the page's path and query), so a list opened again from
 * its tab comes back where it was left; its search, filters and page come back from the tab's URL.
 */
const kept = new Map<string, number>();
const MAX_KEPT = 100;

export function rememberScroll(key: string, top: number): void {
  kept.delete(key);
  if (top > 0) kept.set(key, top);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
}

export function recallScroll(key: string): number {
  return kept.get(key) ?? 0;
}
