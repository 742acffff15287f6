import { request, RequestError, type RequestOptions } from './request';
import { entityUrl, shortPrefix } from './eps-index';

export { entityUrl };

/*
 * The engine's data layer: the one place that builds `/admin/<prefix>/<action>` URLs. Every entity call of the runtime
 * goes through `entityApi(prefix)`, the run-time twin of one entity of the client `joinery client` generates
 * (`client.product.info.page(query)`): the same method names, the envelope unwrapped, refusals thrown as a typed
 * exception (RequestError: status, code, message, details), the token refreshed before it runs out (request.ts).
 */

/** One row as the server sends it: stored columns plus joined aliases. */
export type EntityRow = Record<string, unknown> & { id: number };
export type PageReply<T = EntityRow> = { list: T[]; pagination: { page: number; size: number; total: number } };
/** The body of an extra action: the records it applies to, an optional remark, and what else the action takes. */
export type ActionBody = { ids?: number[]; remark?: string; [key: string]: unknown };
/** What a call may add: quiet (the screen shows the refusal itself), an abort signal. */
export type CallOptions = Pick<RequestOptions, 'quiet' | 'signal'>;

export function isPageReply(value: unknown): value is PageReply {
  if (!value || typeof value !== 'object') return false;
  const v = value as { list?: unknown; pagination?: { total?: unknown } };
  return Array.isArray(v.list) && typeof v.pagination?.total === 'number';
}

/** A reply that is not what the route promises (a proxy page, an older server): a refusal like any other. */
function unexpected(url: string): RequestError {
  return new RequestError(502, `${url}: unexpected reply`);
}

export type EntityApi<Row extends EntityRow = EntityRow> = {
  readonly prefix: string;
  page(query?: Record<string, unknown>, options?: CallOptions): Promise<PageReply<Row>>;
  list(query?: Record<string, unknown>, options?: CallOptions): Promise<Row[]>;
  info(id: number | string, options?: CallOptions): Promise<Row | undefined>;
  add(input: Record<string, unknown>, options?: CallOptions): Promise<{ id: number }>;
  update(input: Record<string, unknown> & { id: number | string }, options?: CallOptions): Promise<unknown>;
  delete(ids: (number | string)[], options?: CallOptions): Promise<unknown>;
  /** Any other route of the entity, posted (an extra action: `complete`, `order`, `export`, `setKeep`…). */
  post<T = unknown>(action: string, body?: unknown, options?: CallOptions): Promise<T>;
  /** Any other route of the entity, read with query parameters (`detail`, `getKeep`, `log`…). */
  get<T = unknown>(action: string, params?: Record<string, unknown>, options?: CallOptions): Promise<T>;
  /** The route's URL, for what is not JSON (file downloads and uploads). */
  url(action: string): string;
};

/** The calls of one entity (prefix as in eps, with or without '/admin/'). */
export function entityApi<Row extends EntityRow = EntityRow>(prefix: string): EntityApi<Row> {
  const short = shortPrefix(prefix);
  const post = <T>(action: string, body?: unknown, options?: CallOptions) =>
    request<T>(entityUrl(short, action), { method: 'POST', data: body ?? {}, ...options });
  const get = <T>(action: string, params?: Record<string, unknown>, options?: CallOptions) =>
    request<T>(entityUrl(short, action), { params, ...options });
  return {
    prefix: short,
    async page(query = {}, options) {
      const reply = await post<unknown>('page', query, options);
      if (!isPageReply(reply)) throw unexpected(entityUrl(short, 'page'));
      return reply as PageReply<Row>;
    },
    async list(query = {}, options) {
      const reply = await post<unknown>('list', query, options);
      if (!Array.isArray(reply)) throw unexpected(entityUrl(short, 'list'));
      return reply as Row[];
    },
    info: (id, options) => get<Row | undefined>('info', { id }, options),
    add: (input, options) => post<{ id: number }>('add', input, options),
    update: (input, options) => post('update', input, options),
    delete: (ids, options) => post('delete', { ids }, options),
    post,
    get,
    url: (action) => entityUrl(short, action),
  };
}
