import type { SelectQueryBuilder } from 'kysely';
import type { Entity } from '../registry/entity-types.js';
import type { OpContext } from './context.js';
import { untyped } from './dynamic-db.js';
import { getOrSet } from '../get-or-set.js';
import { EB, type ListWhere, type Purpose, whereConditions } from './list-conditions.js';

/**
 * The SELECT of a page/list call: FROM the entity with its related tables joined (kept per entity and handle), its
 * conditions (list-conditions.ts, read once per call) and its select list.
 */

// biome-ignore lint/suspicious/noExplicitAny: tables are only known at run time
type AnySelect = SelectQueryBuilder<any, any, any>;
/** The FROM and LEFT JOINs of an entity's full row (and the same with its select list), per query executor. */
type Base = { registryVersion: number; joined: AnySelect; withColumns: AnySelect };
const bases = new WeakMap<object, WeakMap<Entity, Base>>();

/**
 * FROM the entity LEFT JOIN every related table present, built once per entity and database handle (a transaction is
 * a handle of its own) until the registry changes: query builders are immutable, so a page call adds its conditions,
 * order and limits to the same base without parsing the joins and the select list again.
 */
export function fullBase(ctx: OpContext, entity: Entity): Base {
  const byEntity = getOrSet(bases, ctx.db, () => new WeakMap());
  const known = byEntity.get(entity);
  if (known && known.registryVersion === ctx.registry.version) return known;
  const joined = joinRelated(ctx, entity, false, false, []);
  const base = {
    registryVersion: ctx.registry.version,
    joined,
    withColumns: joined.select(selectColumns(ctx, entity)),
  };
  byEntity.set(entity, base);
  return base;
}

function joinRelated(ctx: OpContext, entity: Entity, lean: boolean, keyword: boolean, ordered: string[]): AnySelect {
  let q = untyped(ctx.db).selectFrom(`${entity.table} as a`);
  const joined = new Set<string>();
  for (const j of entity.joins) {
    // A count (or the ids of a deep page) needs a join only when the keyword searches its columns (or the page is
    // sorted by them): a left join on the other table's id adds and removes no rows, and skipping it saves a lookup per row.
    if (
      lean &&
      j.key === 'id' &&
      !(keyword && entity.joins.some((k) => k.keyword && k.joinAlias === j.joinAlias)) &&
      !ordered.some((r) => r.startsWith(`${j.joinAlias}.`))
    )
      continue;
    if (joined.has(j.joinAlias)) continue;
    joined.add(j.joinAlias);
    const target = ctx.registry.get(j.table);
    if (!target) continue;
    q = q.leftJoin(`${target.table} as ${j.joinAlias}`, `${j.joinAlias}.${j.key}`, `a.${j.localField}`);
  }
  return q;
}

/**
 * SELECT FROM the entity with its joins and conditions (no select list, ordering or limits): those of a page/list call
 * (its WHERE, read once: listWhere), or without one (info, a row by id) the row scope only — page/list filters say
 * what a list shows, not what exists. A count and a deep page's ids join only what their conditions and `ordered` use.
 */
export function selectRows(
  ctx: OpContext,
  entity: Entity,
  where?: ListWhere,
  purpose: 'list' | 'page' | 'count' | 'ids' = 'list',
  ordered: string[] = [],
) {
  const lean = purpose === 'count' || purpose === 'ids';
  const q = lean ? joinRelated(ctx, entity, true, where?.keyword !== undefined, ordered) : fullBase(ctx, entity).joined;
  return withConditions(ctx, entity, q, where, purpose === 'page' || purpose === 'ids' ? 'page' : 'count');
}

/** selectRows with the select list of a full row: stored columns and joined aliases. */
export function selectFullRows(ctx: OpContext, entity: Entity, where?: ListWhere, purpose: 'list' | 'page' = 'list') {
  return withConditions(ctx, entity, fullBase(ctx, entity).withColumns, where, purpose === 'page' ? 'page' : 'count');
}

/** The number of rows a page/list call's WHERE finds, counted. */
export async function countRows(ctx: OpContext, entity: Entity, where: ListWhere): Promise<number> {
  const row = await selectRows(ctx, entity, where, 'count')
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst();
  return Number((row as { total?: unknown } | undefined)?.total ?? 0);
}

function withConditions(ctx: OpContext, entity: Entity, q: AnySelect, where: ListWhere | undefined, purpose: Purpose) {
  if (!where) {
    const scope = ctx.hooks.get(entity.prefix).scope?.(ctx, EB);
    return scope ? q.where(scope) : q;
  }
  const conds = whereConditions(where, purpose);
  if (conds.length === 0) return q;
  return q.where(conds.length === 1 ? conds[0] : EB.and(conds));
}

const columnLists = new WeakMap<Entity, { registryVersion: number; columns: string[] }>();

/** The select list: stored columns plus joined aliases (kept per entity until the registry changes). */
export function selectColumns(ctx: OpContext, entity: Entity): string[] {
  const known = columnLists.get(entity);
  if (known && known.registryVersion === ctx.registry.version) return known.columns;
  const present = entity.joins.filter((j) => ctx.registry.get(j.table));
  const columns = [
    ...entity.fields.filter((f) => !f.virtual).map((f) => `a.${f.name}`),
    ...present.map((j) => `${j.joinAlias}.${j.column} as ${j.alias}`),
  ];
  columnLists.set(entity, { registryVersion: ctx.registry.version, columns });
  return columns;
}
