import { getOrSet } from '../get-or-set.js';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { decodeFreshRows } from '../db/row-codec.js';
import type { OpContext } from './context.js';
import { untyped } from './dynamic-db.js';
import { parseId } from './input-validation.js';
import { keptTotal } from './list-conditions.js';
import { countRows, selectFullRows, selectRows } from './list-query.js';
import { type PagePlan, planList, planPage } from './page-plan.js';
import { cachedPageRows } from './page-sql-cache.js';

/**
 * The reading calls of an entity (PROTOCOL §5): page, list and info; the stored row a write reads (findRow), and the
 * decoding and hooks every reply's rows go through. The writes are in crud-service.ts.
 *
 * A page call is three steps:
 * 1. plan — the body read and checked once (page-plan.ts): paging, order, keyword and its lookup, filters, scope;
 * 2. rows — the kept SQL of the page's shape (page-sql-cache.ts), else built (a deep page through its ids);
 * 3. total — a short page tells it, else the kept counters (row-count.ts), else a count.
 */

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

/** POST page: filtered, ordered, paginated rows with the total. */
export async function pageRows(ctx: OpContext, entity: Entity, body: unknown) {
  const plan = await planPage(ctx, entity, body);
  const { page, size, offset, where } = plan;
  const rows = (await cachedPageRows(ctx, entity, plan)) ?? (await builtPageRows(ctx, entity, plan));
  // A short page tells the total by itself; only a full (or empty, past the end) page needs the counters or a count.
  const total =
    rows.length < size && (rows.length > 0 || page === 1)
      ? offset + rows.length
      : ((await keptTotal(ctx, entity, where)) ?? (await countRows(ctx, entity, where)));
  return { list: await decorateRows(ctx, entity, rows, 'page'), pagination: { page, size, total } };
}

/** The rows of a page, built and compiled by Kysely (deep pages through their ids). */
async function builtPageRows(ctx: OpContext, entity: Entity, plan: PagePlan): Promise<Row[]> {
  const ids = plan.deep ? await deepPageIds(ctx, entity, plan) : undefined;
  if (ids?.length === 0) return [];
  let q = ids
    ? selectFullRows(ctx, entity).where('a.id', 'in', ids)
    : selectFullRows(ctx, entity, plan.where, 'page').offset(plan.offset);
  for (const o of plan.order) q = q.orderBy(o.ref, o.dir);
  return (await q.limit(plan.size).execute()) as Row[];
}

/**
 * The ids of a deep page: its offset skipped over ids only (an index, no joins, no wide rows), so its own rows are read
 * by id — the same rows in the same order (the order ends with the unique id), without fetching the skipped ones.
 * Read first, on their own: given them as a subquery, MariaDB walked the table in the page's order testing each wide
 * row against them (100 ms for page 5,000, a scan of the 100,000 rows before it) instead of looking the 20 ids up.
 */
async function deepPageIds(
  ctx: OpContext,
  entity: Entity,
  { where, order, size, offset }: PagePlan,
): Promise<(number | string)[]> {
  let ids = selectRows(
    ctx,
    entity,
    where,
    'ids',
    order.map((o) => o.ref),
  ).select('a.id');
  for (const o of order) ids = ids.orderBy(o.ref, o.dir);
  const rows = (await ids.limit(size).offset(offset).execute()) as { id: number | string }[];
  return rows.map((r) => r.id);
}

/** POST list: the same filters without pagination (capped). */
export async function listRows(ctx: OpContext, entity: Entity, body: unknown) {
  const { where, order } = await planList(ctx, entity, body);
  let q = selectFullRows(ctx, entity, where, 'list');
  for (const o of order) q = q.orderBy(o.ref, o.dir);
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
  const row = await selectFullRows(ctx, entity).where('a.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return (await decorateRows(ctx, entity, [row], 'info'))[0];
}
