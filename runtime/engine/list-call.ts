import type { EpsEntry } from './eps';
import { pageBody, type ListState } from './list-state';

/* Which call reads a list page, with which body: pure, so the page's first calls can be worked out before React has
 * loaded (boot/page-calls.ts). */

/** Whether the user may read the entity's rows: eps lists only the calls a user may make. */
export function canRead(entry: EpsEntry): boolean {
  return entry.api.some((a) => a.path === '/page' || a.path === '/list');
}

export type ListMode = 'page' | 'list' | 'tree';

/**
 * How an entity's rows are read: a tree (schema x-tree, with a list call) whole; else by its page call, or its list
 * call paged here; null when the user may call neither (or the entry is not an entity of this engine).
 */
export function listModeOf(entry: EpsEntry | undefined): ListMode | null {
  if (!entry?.joinery) return null;
  const paths = new Set(entry.api.map((a) => a.path));
  if (entry.joinery.tree === true && paths.has('/list')) return 'tree';
  if (paths.has('/page')) return 'page';
  return paths.has('/list') ? 'list' : null;
}

/** The body a list page is keyed by: page and size mean nothing to a whole tree (the same rows whatever the page). */
export function listBody(state: ListState, mode: ListMode): Record<string, unknown> {
  const body = pageBody(state);
  if (mode === 'tree') {
    delete body.page;
    delete body.size;
    delete body.keyWord;
  }
  return body;
}

/**
 * The call that reads one list page: its route and body. A tree is listed whole (its filters apply, its keyword is
 * matched here so that ancestors of matches stay); an entity without a page call (department) is listed and paged
 * here, so the screen works the same.
 */
export function listCall(
  mode: ListMode,
  body: Record<string, unknown>,
): { action: 'page' | 'list'; query: Record<string, unknown> } {
  if (mode === 'page') return { action: 'page', query: body };
  const { page: _page, size: _size, ...rest } = body;
  if (mode === 'list') return { action: 'list', query: rest };
  const { keyWord: _keyWord, ...filters } = rest;
  return { action: 'list', query: filters };
}
