import { useSyncExternalStore } from 'react';
import { revalidateAll } from './swr-cache';
import { getSession, subscribeSession, userKey } from './session';

/** An opened page: its pathname identifies it, `search` keeps its last query (page, filters). */
export type Tab = { pathname: string; search: string };

const KEY = userKey('tabs');
const MAX_TABS = 30;

function load(): Tab[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((t): t is Tab => typeof t?.pathname === 'string' && typeof t?.search === 'string')
      : [];
  } catch (error) {
    console.warn('discarding unreadable tabs', error);
    return [];
  }
}

let tabs: Tab[] = load();
const listeners = new Set<() => void>();

function commit(next: Tab[]): void {
  tabs = next;
  if (next.length) localStorage.setItem(KEY, JSON.stringify(next));
  else localStorage.removeItem(KEY);
  for (const l of listeners) l();
}

// Logout clears every joinery.user.* key; drop the in-memory copy with it.
window.addEventListener('storage', (e) => {
  if (e.key === KEY || e.key === null) {
    tabs = load();
    for (const l of listeners) l();
  }
});

export function getTabs(): Tab[] {
  return tabs;
}

// Menu pages that turned out to have no view (they go on to /404): no tab for them (see dropTab).
const noView = new Map<string, number>();

/**
 * A menu page without a view: its tab is closed, and the shell's "opened a page" that follows in the same commit
 * (effects of the page run before the shell's) does not bring it back.
 */
export function dropTab(pathname: string): void {
  noView.set(pathname, Date.now());
  if (tabs.some((t) => t.pathname === pathname)) commit(tabs.filter((t) => t.pathname !== pathname));
}

/** Adds the page as a tab, or updates the query of its tab. */
export function openTab(pathname: string, search: string): void {
  const dropped = noView.get(pathname);
  if (dropped !== undefined) {
    noView.delete(pathname);
    if (Date.now() - dropped < 2000) return;
  }
  const at = tabs.findIndex((t) => t.pathname === pathname);
  if (at >= 0) {
    if (tabs[at].search !== search) commit(tabs.map((t, i) => (i === at ? { pathname, search } : t)));
    return;
  }
  commit([...tabs, { pathname, search }].slice(-MAX_TABS));
}

/** Closes one tab; returns where to go if it was the active one (its neighbour, else home). */
export function closeTab(pathname: string): string {
  const at = tabs.findIndex((t) => t.pathname === pathname);
  const next = tabs.filter((t) => t.pathname !== pathname);
  commit(next);
  const neighbour = next[Math.min(at, next.length - 1)];
  return neighbour ? neighbour.pathname + neighbour.search : '/';
}

export function closeOtherTabs(pathname: string): void {
  commit(tabs.filter((t) => t.pathname === pathname));
}

/** Closes the tabs after this one (to its right in the bar). */
export function closeTabsRight(pathname: string): void {
  const at = tabs.findIndex((t) => t.pathname === pathname);
  if (at >= 0 && at < tabs.length - 1) commit(tabs.slice(0, at + 1));
}

export function closeAllTabs(): void {
  commit([]);
}

// "Reload" remounts the open page (its data is fetched again); the shell keys the page on this counter.
let reloads = 0;
const reloadListeners = new Set<() => void>();

export function reloadPage(): void {
  reloads += 1;
  // Mounted lists, records and menus fetch again (no cache entry is dropped, so nothing flashes empty).
  revalidateAll();
  for (const l of reloadListeners) l();
}

export function useReloadCount(): number {
  return useSyncExternalStore(
    (l) => {
      reloadListeners.add(l);
      return () => reloadListeners.delete(l);
    },
    () => reloads,
  );
}

// Logout (here or through a 401) forgets the tabs with the rest of the user's data.
subscribeSession(() => {
  if (!getSession() && tabs.length) commit([]);
});

export function useTabs(): Tab[] {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, getTabs);
}
