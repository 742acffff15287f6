import useSWR from 'swr';
import { request } from './request';
import { pageBody, type ListState } from './use-list-state';

/** One row as the server sends it: stored columns plus joined aliases. */
export type EntityRow = Record<string, unknown> & { id: number };

export type PageReply = { list: EntityRow[]; pagination: { page: number; size: number; total: number } };

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

function isPageReply(value: unknown): value is PageReply {
  if (!value || typeof value !== 'object') return false;
  const v = value as { list?: unknown; pagination?: { total?: unknown } };
  return Array.isArray(v.list) && typeof v.pagination?.total === 'number';
}

/** Entities without a page call (department) are listed whole and paged here, so the screen works the same. */
async function fetchRows(prefix: string, mode: 'page' | 'list' | 'tree', body: Record<string, unknown>): Promise<PageReply> {
  if (mode === 'tree') {
    // A tree is listed whole (its filters apply, its keyword is matched here so that ancestors of matches stay).
    const { page: _page, size: _size, keyWord: _keyWord, ...filters } = body as { page: number; size: number; keyWord?: string };
    const all = await request<unknown>(`/admin/${prefix}/list`, { method: 'POST', data: filters });
    if (!Array.isArray(all)) throw new Error(`/admin/${prefix}/list: unexpected reply`);
    return { list: all as EntityRow[], pagination: { page: 1, size: all.length, total: all.length } };
  }
  if (mode === 'page') {
    const reply = await request<unknown>(`/admin/${prefix}/page`, { method: 'POST', data: body });
    if (!isPageReply(reply)) throw new Error(`/admin/${prefix}/page: unexpected reply`);
    return reply;
  }
  const { page, size, ...filters } = body as { page: number; size: number };
  const all = await request<unknown>(`/admin/${prefix}/list`, { method: 'POST', data: filters });
  if (!Array.isArray(all)) throw new Error(`/admin/${prefix}/list: unexpected reply`);
  const list = (all as EntityRow[]).slice((page - 1) * size, page * size);
  return { list, pagination: { page, size, total: all.length } };
}

/** SWR-backed rows of one list page; the previous page stays on screen while the next one loads. */
export function useEntityList(prefix: string, state: ListState, mode: 'page' | 'list' | 'tree' | null): EntityListResult {
  const body = pageBody(state);
  if (mode === 'tree') {
    // Page and size mean nothing to a whole tree: the same rows whatever the page.
    delete body.page;
    delete body.size;
    delete body.keyWord;
  }
  const key = mode ? (['entity-rows', prefix, mode, JSON.stringify(body)] as const) : null;
  const { data, error, isLoading, isValidating, mutate } = useSWR(key, ([, p, m, b]) => fetchRows(p, m, JSON.parse(b) as Record<string, unknown>), {
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
