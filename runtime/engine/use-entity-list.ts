import useSWR from 'swr';
import { entityApi, type EntityRow, type PageReply } from './entity-api';
import { pageBody, type ListState } from './use-list-state';
import { entityRowsKey } from './swr-cache';

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

/** Entities without a page call (department) are listed whole and paged here, so the screen works the same. */
async function fetchRows(
  prefix: string,
  mode: 'page' | 'list' | 'tree',
  body: Record<string, unknown>,
): Promise<PageReply> {
  const api = entityApi(prefix);
  if (mode === 'tree') {
    // A tree is listed whole (its filters apply, its keyword is matched here so that ancestors of matches stay).
    const {
      page: _page,
      size: _size,
      keyWord: _keyWord,
      ...filters
    } = body as { page: number; size: number; keyWord?: string };
    const all = await api.list(filters);
    return { list: all, pagination: { page: 1, size: all.length, total: all.length } };
  }
  if (mode === 'page') return api.page(body);
  const { page, size, ...filters } = body as { page: number; size: number };
  const all = await api.list(filters);
  return { list: all.slice((page - 1) * size, page * size), pagination: { page, size, total: all.length } };
}

/** SWR-backed rows of one list page; the previous page stays on screen while the next one loads. */
export function useEntityList(
  prefix: string,
  state: ListState,
  mode: 'page' | 'list' | 'tree' | null,
): EntityListResult {
  const body = pageBody(state);
  if (mode === 'tree') {
    // Page and size mean nothing to a whole tree: the same rows whatever the page.
    delete body.page;
    delete body.size;
    delete body.keyWord;
  }
  const key = mode ? entityRowsKey(prefix, mode, body) : null;
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    key,
    ([, p, m, b]) => fetchRows(p, m, JSON.parse(b) as Record<string, unknown>),
    {
      keepPreviousData: true,
      revalidateOnFocus: false,
    },
  );
  return {
    rows: data?.list ?? NO_ROWS,
    total: data?.pagination.total ?? 0,
    isLoading,
    isValidating,
    error: error instanceof Error ? error : undefined,
    refresh: () => mutate(),
  };
}
