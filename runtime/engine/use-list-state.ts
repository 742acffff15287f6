import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { parseListState, writeListState, type ListState, type SortDir } from './list-state';

export * from './list-state';

export type ListStateApi = {
  state: ListState;
  setPage: (page: number) => void;
  setSize: (size: number) => void;
  setSort: (order: string | undefined, sort?: SortDir) => void;
  /** Applies a new keyword and filter set and goes back to page 1. */
  search: (keyWord: string, filters: Record<string, unknown>) => void;
  reset: () => void;
};

/**
 * URL-synced list state (page, size, sort, keyword, filters), in the manner of react-admin's useListController.
 * While the screen is kept alive in a background tab, the URL belongs to another page: the state is frozen then.
 */
export function useListState(): ListStateApi {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const home = useRef(location.pathname);
  const frozen = useRef<ListState | null>(null);
  const active = location.pathname === home.current;

  const parsed = useMemo(() => parseListState(params), [params]);
  if (active) frozen.current = parsed;
  const state = active ? parsed : (frozen.current ?? parsed);

  const update = useCallback(
    (change: (s: ListState) => ListState) => {
      if (!active) return;
      setParams((prev) => writeListState(prev, change(parseListState(prev))), { replace: false });
    },
    [active, setParams],
  );

  return useMemo(
    () => ({
      state,
      setPage: (page) => update((s) => ({ ...s, page: Math.max(1, Math.floor(page)) })),
      setSize: (size) => update((s) => ({ ...s, size, page: 1 })),
      setSort: (order, sort) => update((s) => ({ ...s, order, sort: order ? (sort ?? 'asc') : undefined, page: 1 })),
      search: (keyWord, filters) => update((s) => ({ ...s, keyWord: keyWord.trim(), filters, page: 1 })),
      reset: () => update((s) => ({ ...s, keyWord: '', filters: {}, page: 1 })),
    }),
    [state, update],
  );
}
