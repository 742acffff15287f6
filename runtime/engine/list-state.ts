/* The list state a page's address holds, and the body of its page call: pure, so the page's first calls can be
 * worked out before React has loaded (boot/page-calls.ts) and tests run it outside a browser. */

export type SortDir = 'asc' | 'desc';

/** Everything that decides which rows a list shows; it lives in the URL so reloads, links and edits keep it. */
export type ListState = {
  page: number;
  size: number;
  order?: string;
  sort?: SortDir;
  keyWord: string;
  filters: Record<string, unknown>;
};

/** Page sizes offered; the server serves up to 1000 by default (JOINERY_MAX_PAGE_SIZE raises it; a bigger `size` in the
 * address is sent as it is and the server's refusal shown). Long pages are virtualized by the table. */
export const PAGE_SIZES = [10, 20, 50, 100, 500, 1000] as const;
export const DEFAULT_SIZE = 20;
const FILTER_PREFIX = 'f.';

function positiveInt(raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = raw === null ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/** Filter values: arrays (ranges, in-lists) travel as JSON, scalars as plain text (the server accepts numeric text). */
function decodeFilter(raw: string): unknown {
  if (raw.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) return parsed;
    } catch (error) {
      // Not JSON after all (a typed value starting with '['): keep the text the user entered.
      if (!(error instanceof SyntaxError)) throw error;
    }
  }
  return raw;
}

function encodeFilter(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value))
    return value.some((v) => v !== undefined && v !== null && v !== '') ? JSON.stringify(value) : undefined;
  return String(value);
}

/** Reads a ListState from URL search params. */
export function parseListState(params: URLSearchParams): ListState {
  const filters: Record<string, unknown> = {};
  for (const [key, value] of params)
    if (key.startsWith(FILTER_PREFIX) && value !== '') filters[key.slice(FILTER_PREFIX.length)] = decodeFilter(value);
  const sort = params.get('sort');
  const order = params.get('order') ?? undefined;
  return {
    page: positiveInt(params.get('page'), 1),
    size: positiveInt(params.get('size'), DEFAULT_SIZE, 100_000),
    order: order || undefined,
    sort: order && (sort === 'asc' || sort === 'desc') ? sort : order ? 'desc' : undefined,
    keyWord: params.get('kw') ?? '',
    filters,
  };
}

/** Writes a ListState into URL search params, leaving defaults out so URLs stay short. Unrelated params survive. */
export function writeListState(base: URLSearchParams, state: ListState): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of base) {
    if (!['page', 'size', 'order', 'sort', 'kw'].includes(key) && !key.startsWith(FILTER_PREFIX))
      next.append(key, value);
  }
  if (state.page !== 1) next.set('page', String(state.page));
  if (state.size !== DEFAULT_SIZE) next.set('size', String(state.size));
  if (state.order) {
    next.set('order', state.order);
    next.set('sort', state.sort ?? 'desc');
  }
  if (state.keyWord) next.set('kw', state.keyWord);
  for (const [name, value] of Object.entries(state.filters)) {
    const encoded = encodeFilter(value);
    if (encoded !== undefined) next.set(FILTER_PREFIX + name, encoded);
  }
  return next;
}

/** The body of a page call: PROTOCOL §5.1 (order/sort, keyWord and the search fields at the top level). */
export function pageBody(state: ListState): Record<string, unknown> {
  const body: Record<string, unknown> = { page: state.page, size: state.size };
  if (state.order) {
    body.order = state.order;
    body.sort = state.sort ?? 'desc';
  }
  if (state.keyWord) body.keyWord = state.keyWord;
  for (const [name, value] of Object.entries(state.filters))
    if (value !== undefined && value !== '') body[name] = value;
  return body;
}
