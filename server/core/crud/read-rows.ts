import { maxPageSize } from '../../config.js';
import { E, fieldError } from '../errors.js';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { decodeFreshRows } from '../db/row-codec.js';
import type { OpContext } from './context.js';
import { parseId } from './input-validation.js';
import { cachedPageRows } from './page-sql-cache.js';
import { keptTotal } from './list-conditions.js';
import { orderBy } from './list-params.js';
import { selectFullRows, selectRows } from './list-query.js';
import { planKeyword } from './keyword-plan.js';
import { untyped } from './dynamic-db.js';
import { getOrSet } from '../get-or-set.js';

/**
 * The reading calls of an entity (PROTOCOL §5): page (kept SQL or built, deep pages through their ids, the total from
 * the page, the kept counters or a count), list and info; the stored row a write reads (findRow), and the decoding
 * and hooks every reply's rows go through. The writes are in crud-service.ts.
 */

export const MAX_PAGE_SIZE = maxPageSize();
/** The original's crud.pageSize default (PROTOCOL §5.1); the Vue client always sends its own size. */
export const DEFAULT_PAGE_SIZE = 15;
/** From this many skipped rows on, a page is read through its ids (pageRows). */
const DEEP_OFFSET = 1000;

function intParam(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > max) {
    throw fieldError(name, E.FIELD_WHOLE_BETWEEN, { min: 1, max });
  }
  return n;
}

/** Per entity: the fields its replies send as text (`x-wire: "string"`, schemas/README.md). */
const wireText = new WeakMap<Entity, string[]>();
const textOnWire = (entity: Entity) =>
  getOrSet(wireText, entity, () => entity.fields.filter((f) => f.schema['x-wire'] === 'string').map((f) => f.name));

export async function decorateRows(
  ctx: OpContext,
  entity: Entity,
  rows: Row[],
  action: 'page' | 'list' | 'info',
): Promise<Row[]> {
  const decoded = decodeFreshRows(entity, rows);
  // Values replies send as text (x-wire: a number the original keeps in a varchar column).
  for (const name of textOnWire(entity))
    for (const row of decoded) if (row[name] !== null && row[name] !== undefined) row[name] = String(row[name]);
  await ctx.hooks.get(entity.prefix).decorate?.(ctx, decoded, action);
  return decoded;
}

/** page/list arguments: a JSON object, or no body at all (a string, number or array is a client bug worth saying so). */
export function queryParams(body: unknown): Row {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw fieldError('body', E.QUERY_NOT_OBJECT);
  return body as Row;
}

/** POST page: filtered, ordered, paginated rows with the total. */
export async function pageRows(ctx: OpContext, entity: Entity, body: unknown) {
  const params = queryParams(body);
  const page = intParam(params.page, 'page', 1, 1_000_000);
  const size = intParam(params.size, 'size', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const order = orderBy(entity, params);
  const plan = await planKeyword(ctx, entity, params);
  const offset = (page - 1) * size;
  const deep = offset >= DEEP_OFFSET && entity.joins.every((j) => j.key === 'id');
  const rows =
    (!deep && (await cachedPageRows(ctx, entity, params, plan, order, size, offset))) ||
    (await builtPageRows(ctx, entity, params, plan, order, size, offset, deep));
  // A short page tells the total by itself; only a full (or empty, past the end) page needs the count query.
  const total =
    rows.length < size && (rows.length > 0 || page === 1)
      ? (page - 1) * size + rows.length
      : ((await keptTotal(ctx, entity, params, plan)) ??
        Number(
          (
            await selectRows(ctx, entity, params, 'count', plan)
              .select((eb) => eb.fn.countAll().as('total'))
              .executeTakeFirst()
          )?.total ?? 0,
        ));
  return { list: await decorateRows(ctx, entity, rows, 'page'), pagination: { page, size, total } };
}

/** The rows of a page, built and compiled by Kysely (deep pages through their ids). */
async function builtPageRows(
  ctx: OpContext,
  entity: Entity,
  params: Row,
  plan: Awaited<ReturnType<typeof planKeyword>>,
  order: ReturnType<typeof orderBy>,
  size: number,
  offset: number,
  deep: boolean,
): Promise<Row[]> {
  let q = selectFullRows(ctx, entity, params, 'page', plan);
  if (deep) {
    // A deep page skips its offset over ids only (an index, no joins, no wide rows), then reads its own rows by id:
    // the same rows in the same order (the order ends with the unique id), without fetching the skipped ones.
    let ids = selectRows(
      ctx,
      entity,
      params,
      'ids',
      plan,
      order.map((o) => o.ref),
    ).select('a.id');
    for (const o of order) ids = ids.orderBy(o.ref, o.dir);
    const pageIds = ids.limit(size).offset(offset);
    // Wrapped once more: MySQL takes no LIMIT in an IN subquery, but does in a derived table.
    q = selectFullRows(ctx, entity, {}, 'one').where(
      'a.id',
      'in',
      untyped(ctx.db).selectFrom(pageIds.as('p')).select('p.id'),
    );
  } else q = q.offset(offset);
  for (const o of order) q = q.orderBy(o.ref, o.dir);
  return (await q.limit(size).execute()) as Row[];
}

/** POST list: the same filters without pagination (capped). */
export async function listRows(ctx: OpContext, entity: Entity, body: unknown) {
  const params = queryParams(body);
  let q = selectFullRows(ctx, entity, params, 'list', await planKeyword(ctx, entity, params));
  for (const o of orderBy(entity, params)) q = q.orderBy(o.ref, o.dir);
  return decorateRows(ctx, entity, await q.limit(10_000).execute(), 'list');
}

/**
 * Reads one stored row within the caller's scope (undefined when absent). `lock`: inside a write, the row is locked
 * until the transaction ends (PostgreSQL and MySQL; SQLite has one writer), so its revision cannot move under the write.
 */
export async function findRow(ctx: OpContext, entity: Entity, id: number, lock = false): Promise<Row | undefined> {
  const hooks = ctx.hooks.get(entity.prefix);
  const q = untyped(ctx.db)
    .selectFrom(`${entity.table} as a`)
    .selectAll('a')
    .where((eb) => eb.and([eb('a.id', '=', id), ...[hooks.scope?.(ctx, eb)].filter((c) => c !== undefined)]));
  return (lock && ctx.database.dialect !== 'sqlite' ? q.forUpdate() : q).executeTakeFirst() as Promise<Row | undefined>;
}

/** GET info: one row with joined columns, or undefined (the protocol answers success without data). */
export async function infoRow(ctx: OpContext, entity: Entity, query: Row) {
  const id = parseId(query.id);
  const row = await selectFullRows(ctx, entity, {}, 'one').where('a.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return (await decorateRows(ctx, entity, [row], 'info'))[0];
}
