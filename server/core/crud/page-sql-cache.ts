import { CompiledQuery } from 'kysely';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import type { OpContext } from './context.js';
import type { PagePlan } from './page-plan.js';
import { selectFullRows } from './list-query.js';
import { getOrSet } from '../get-or-set.js';

/** Compiled SQL of page queries by shape, per database handle: the text, or undefined for a shape built every time. */
const compiledPages = new WeakMap<object, Map<string, { sql?: string; uses: number }>>();
/** Every this many uses a cached shape is built and compiled again and compared (a check that can only warn). */
const RECHECK_EVERY = 1000;
let shapeCache = process.env.JOINERY_QUERY_CACHE !== 'off';
let shapeHits = 0;

/** Page calls answered from a kept SQL text since the process started (tests check that the cache is exercised). */
export const shapeCacheHits = () => shapeHits;

/** Tests compare answers with and without the cache (JOINERY_QUERY_CACHE=off turns it off for a whole server). */
export function setShapeCache(on: boolean): void {
  shapeCache = on;
}

const sameValues = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * The rows of one page (not a deep page) of an entity without hook filters or row scope, with a compiled-SQL cache:
 * the query's SQL text depends only on the shape of its conditions (their tokens) and its order — the plan's `shape`
 * (page-plan.ts) — and its parameters are the conditions' values then limit and offset. The first call of a shape is
 * built and compiled by Kysely, and the text is kept only if Kysely's parameters are exactly the ones described; later
 * calls of that shape send the kept text with their own values, without building or compiling. Undefined when the
 * call does not qualify (the caller builds it as usual).
 */
export async function cachedPageRows(ctx: OpContext, entity: Entity, plan: PagePlan): Promise<Row[] | undefined> {
  const { shape, where, order, size, offset } = plan;
  if (!shapeCache || shape === undefined) return undefined;
  const values = [...where.conditions.flatMap((c) => c.values), size, offset];
  const shapes = getOrSet(compiledPages, ctx.db, () => new Map());
  const known = shapes.get(shape);
  const compile = () => {
    let q = selectFullRows(ctx, entity, where, 'page');
    for (const o of order) q = q.orderBy(o.ref, o.dir);
    return q.limit(size).offset(offset).compile();
  };
  if (known?.sql !== undefined && ++known.uses % RECHECK_EVERY !== 0) {
    shapeHits += 1;
    // Outside a transaction, SQLite runs the kept text at once (no query queue); otherwise it goes through Kysely.
    const now = ctx.db === ctx.database.db ? ctx.database.readNow?.(known.sql, values) : undefined;
    return now ?? ((await ctx.db.executeQuery(CompiledQuery.raw(known.sql, values))).rows as Row[]);
  }
  if (known && known.sql === undefined) return undefined;
  const compiled = compile();
  const fits = sameValues(compiled.parameters, values);
  if (known && (!fits || compiled.sql !== known.sql)) {
    console.warn(
      `[joinery] page query of ${entity.prefix}: the kept SQL no longer matches a fresh build; that shape is built every time from now on`,
    );
    known.sql = undefined;
  } else if (!known) {
    if (shapes.size >= 1000) shapes.clear();
    shapes.set(shape, { sql: fits ? compiled.sql : undefined, uses: 0 });
  }
  return (await ctx.db.executeQuery(compiled)).rows as Row[];
}
