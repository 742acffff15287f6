import { maxPageSize } from '../../config.js';
import { E, fieldError } from '../errors.js';
import type { Entity } from '../registry/entity-types.js';
import type { OpContext } from './context.js';
import { type ListWhere, listWhere } from './list-conditions.js';
import { orderBy, queryParams } from './list-params.js';

/**
 * A page or list call read once from its raw body into a plan, before any query: the paging, the order, the WHERE
 * (keyword and how it is looked up, filters each read and checked once, hook filters, row scope) and, for a page the
 * compiled-SQL cache may answer, the key of its shape. Every query of the call is built from the plan; nothing reads
 * the body again. The checks run in the order the calls have always made them, so a body with two faults is refused
 * for the same one: a page checks page, size, order, keyword, filters, hook filters; a list its keyword, filters and
 * hook filters before its order.
 */

export const MAX_PAGE_SIZE = maxPageSize();
/** The original's crud.pageSize default (PROTOCOL §5.1); the Vue client always sends its own size. */
export const DEFAULT_PAGE_SIZE = 15;
/** From this many skipped rows on, a page is read through its ids (read-rows.ts, builtPageRows). */
const DEEP_OFFSET = 1000;

export type Order = { ref: string; dir: 'asc' | 'desc' }[];
/** A list call: its WHERE and its order (whitelisted columns, then the entity's order, then id). */
export type ListPlan = { where: ListWhere; order: Order };
/**
 * A page call: `offset` rows skipped, `deep` when they are skipped over ids only; `shape` is the compiled-SQL cache's
 * key (page-sql-cache.ts), undefined for a page it does not answer (a deep page, an entity with hook filters or scope).
 */
export type PagePlan = ListPlan & { page: number; size: number; offset: number; deep: boolean; shape?: string };

function intParam(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > max) {
    throw fieldError(name, E.FIELD_WHOLE_BETWEEN, { min: 1, max });
  }
  return n;
}

/** The plan of a page call (POST page). */
export async function planPage(ctx: OpContext, entity: Entity, body: unknown): Promise<PagePlan> {
  const params = queryParams(body);
  const page = intParam(params.page, 'page', 1, 1_000_000);
  const size = intParam(params.size, 'size', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const order = orderBy(entity, params);
  const where = await listWhere(ctx, entity, params);
  const offset = (page - 1) * size;
  const deep = offset >= DEEP_OFFSET && entity.joins.every((j) => j.key === 'id');
  const hooks = ctx.hooks.get(entity.prefix);
  // The SQL text of a page depends only on its conditions' tokens and its order (page-sql-cache.ts).
  const shape =
    deep || hooks.filters || hooks.scope
      ? undefined
      : `${entity.prefix}\n${ctx.registry.version}\n${where.conditions.map((c) => c.token).join('&')}\n${order.map((o) => `${o.ref} ${o.dir}`).join(',')}`;
  return { page, size, offset, deep, order, where, shape };
}

/** The plan of a list call (POST list): the same pieces without paging; a list checks its filters before its order. */
export async function planList(ctx: OpContext, entity: Entity, body: unknown): Promise<ListPlan> {
  const params = queryParams(body);
  const where = await listWhere(ctx, entity, params);
  return { where, order: orderBy(entity, params) };
}
