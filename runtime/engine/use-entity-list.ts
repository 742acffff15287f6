import useSWR from 'swr';
import { entityApi, type EntityRow, type PageReply } from './entity-api';
import { pageBody, type ListState } from './use-list-state';
import { entityRowsKey } from './swr-cache';
import type { EpsEntry } from './eps';

export type { EntityRow, PageReply } from './entity-api';

export type EntityListResult = {
  rows: EntityRow[];
  total: number;
  isLoading: boolean;
  isValidating: boolean;
  error?: Error;
  /** Re-fetches the current page (after add, edit or delete). */
  refresh: () => Promise<unknown>;
};

const NO_ROWS: EntityRow[] = [];

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

async function fetchRows(prefix: string, mode: ListMode, body: Record<string, unknown>): Promise<PageReply> {
  const api = entityApi(prefix);
  const { action, query } = listCall(mode, body);
  if (action === 'page') return api.page(query);
  const all = await api.list(query);
  if (mode === 'tree') return { list: all, pagination: { page: 1, size: all.length, total: all.length } };
  const { page, size } = body as { page: number; size: number };
  return { list: all.slice((page - 1) * size, page * size), pagination: { page, size, total: all.length } };
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

/** The SWR key of one list page of an entity. */
function entityListKey(prefix: string, state: ListState, mode: ListMode) {
  return entityRowsKey(prefix, mode, listBody(state, mode));
}

/** Reads the rows an entityListKey names. */
function fetchEntityList([, prefix, mode, body]: ReturnType<typeof entityListKey>): Promise<PageReply> {
  return fetchRows(prefix, mode, JSON.parse(body) as Record<string, unknown>);
}

/** SWR-backed rows of one list page; the previous page stays on screen while the next one loads. */
export function useEntityList(prefix: string, state: ListState, mode: ListMode | null): EntityListResult {
  const key = mode ? entityListKey(prefix, state, mode) : null;
  const { data, error, isLoading, isValidating, mutate } = useSWR(key, fetchEntityList, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
  return {
    rows: data?.list ?? NO_ROWS,
    total: data?.pagination.total ?? 0,
    isLoading,
    isValidating,
    error: error instanceof Error ? error : undefined,
    refresh: () => mutate(),
  };
}
