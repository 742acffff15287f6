import useSWR from 'swr';
import { entityApi, type EntityRow, type PageReply } from './entity-api';
import type { ListState } from './list-state';
import { listBody, listCall, type ListMode } from './list-call';
import { entityRowsKey } from './swr-cache';

export type { EntityRow, PageReply } from './entity-api';
export { listModeOf, type ListMode } from './list-call';

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

async function fetchRows(prefix: string, mode: ListMode, body: Record<string, unknown>): Promise<PageReply> {
  const api = entityApi(prefix);
  const { action, query } = listCall(mode, body);
  if (action === 'page') return api.page(query);
  const all = await api.list(query);
  if (mode === 'tree') return { list: all, pagination: { page: 1, size: all.length, total: all.length } };
  const { page, size } = body as { page: number; size: number };
  return { list: all.slice((page - 1) * size, page * size), pagination: { page, size, total: all.length } };
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
