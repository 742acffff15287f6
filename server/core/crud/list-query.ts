import { expressionBuilder, sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { appError, E, type ErrorEntry, fieldError, issue, type ParamValue } from '../errors.js';
import type { Entity, Field } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { caseless, containsInsensitive, likePattern } from '../db/dialect-sql.js';
import type { KeywordPlan } from './keyword-plan.js';
import { countedFields, storedRowCount, storedValueCount } from '../db/row-count.js';
import { encodeValue } from '../db/row-codec.js';
import { columnRange } from '../db/column-sql.js';
import type { OpContext } from './context.js';
import type { AnyExpressionBuilder } from './entity-hooks.js';
import { untyped } from './dynamic-db.js';
import { getOrSet } from '../get-or-set.js';

const MAX_KEYWORD = 200;

/** Empty-string, null and missing filters are ignored (PROTOCOL §0). */
const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Checks one filter value against the field's type; numeric text is accepted for numbers. */
function filterValue(field: Field, value: unknown, param: string): unknown {
  const bad = (entry: ErrorEntry, params?: Record<string, ParamValue>) =>
    fieldError(param, entry as ErrorEntry<never>, params as Record<string, never>);
  switch (field.storage) {
    case 'integer':
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n) || (field.storage === 'integer' && !Number.isInteger(n)))
        throw bad(field.storage === 'integer' ? E.FIELD_WHOLE_NUMBER : E.FIELD_NUMBER);
      const range = columnRange(field);
      if (range && (n < range.min || n > range.max)) throw bad(E.FIELD_BETWEEN, { min: range.min, max: range.max });
      return n;
    }
    case 'boolean':
      if (value === true || value === 1 || value === '1' || value === 'true') return 1;
      if (value === false || value === 0 || value === '0' || value === 'false') return 0;
      throw bad(E.FIELD_BOOLEAN);
    default:
      if (typeof value !== 'string' && typeof value !== 'number') throw bad(E.FIELD_TEXT);
      if (String(value).length > 1000) throw bad(E.FIELD_TOO_LONG, { max: 1000 });
      try {
        return encodeValue(field, String(value));
      } catch (e) {
        if (e instanceof RangeError) throw bad(E.FIELD_DATETIME);
        throw e;
      }
  }
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/**
 * A page sorted by the user on SQLite, filtered by a field of a few values (a status): SQLite would read every row
 * of that value through the field's index and sort them all (500,000 of a million); walking the sort column's index
 * and skipping the other values stops after one page. A unary + keeps SQLite off the filter's index. Relations and
 * other many-valued fields keep their index (a rare value would make the walk long).
 */
function fewValues(ctx: OpContext, field: Field, params: Row, purpose: 'page' | 'count'): boolean {
  return (
    purpose === 'page' &&
    ctx.database.dialect === 'sqlite' &&
    present(params.order) &&
    (Array.isArray(field.schema.enum) || field.storage === 'boolean') &&
    !field.schema['x-ref']
  );
}

/**
 * One WHERE condition of a page/list call, described before it is built: `token` says its SQL shape (which column,
 * which operator, how many values — never the values), `values` are its parameters in the order its SQL holds them,
 * and `build` makes the Kysely expression. Calls whose conditions have the same tokens compile to the same SQL text.
 */
type Condition = { token: string; values: unknown[]; cacheable: boolean; build: () => Expression<SqlBool> };

function describeFieldConditions(
  entity: Entity,
  params: Row,
  eb: AnyExpressionBuilder,
  ctx: OpContext,
  purpose: 'page' | 'count',
): Condition[] {
  const out: Condition[] = [];
  for (const field of entity.fields) {
    const value = params[field.name];
    if (!present(value)) continue;
    const ref = `a.${field.name}`;
    for (const mode of field.search) {
      if (mode === 'eq' || mode === 'in') {
        const values = list(value);
        if (values.length > 1000) throw fieldError(field.name, E.FIELD_TOO_MANY, { max: 1000 });
        const checked = values.map((v, i) =>
          filterValue(field, v, Array.isArray(value) ? `${field.name}.${i}` : field.name),
        );
        const few = fewValues(ctx, field, params, purpose);
        out.push({
          token: `${field.name}${few ? '+' : ''}=${checked.length}`,
          values: checked,
          cacheable: true,
          build: () => {
            const target = few ? sql`+${eb.ref(ref)}` : eb.ref(ref);
            return checked.length === 1 ? eb(target, '=', checked[0]) : eb(target, 'in', checked);
          },
        });
      } else if (mode === 'like') {
        const v = String(filterValue(field, value, field.name));
        out.push({
          token: `${field.name}~${caseless(v) ? 'c' : 'i'}`,
          values: [likePattern(v)],
          cacheable: true,
          build: () => containsInsensitive(ctx.database.dialect, eb.ref(ref), v),
        });
      } else if (mode === 'range') {
        if (!Array.isArray(value) || value.length !== 2) throw fieldError(field.name, E.FILTER_RANGE);
        if (present(value[0])) {
          const from = filterValue(field, value[0], `${field.name}.0`);
          out.push({
            token: `${field.name}>=`,
            values: [from],
            cacheable: true,
            build: () => eb(eb.ref(ref), '>=', from),
          });
        }
        if (present(value[1])) {
          const to = filterValue(field, value[1], `${field.name}.1`);
          out.push({ token: `${field.name}<=`, values: [to], cacheable: true, build: () => eb(eb.ref(ref), '<=', to) });
        }
      }
    }
  }
  return out;
}

export function keywordOf(params: Row): string | undefined {
  const raw = params.keyWord;
  if (!present(raw)) return undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number') throw fieldError('keyWord', E.FIELD_TEXT);
  const keyword = String(raw);
  if (keyword.length > MAX_KEYWORD) throw fieldError('keyWord', E.FIELD_TOO_LONG, { max: MAX_KEYWORD });
  return keyword;
}

export type { KeywordPlan } from './keyword-plan.js';

const keywordColumns = new WeakMap<Entity, { own: Field[]; joined: Entity['joins'] }>();

function describeKeyword(
  entity: Entity,
  params: Row,
  eb: AnyExpressionBuilder,
  ctx: OpContext,
  plan: KeywordPlan,
): Condition | undefined {
  const keyword = keywordOf(params);
  if (keyword === undefined) return undefined;
  const { own, joined } = getOrSet(keywordColumns, entity, () => ({
    own: entity.fields.filter((f) => f.search.includes('keyword')),
    joined: entity.joins.filter((j) => j.keyword),
  }));
  if (own.length === 0 && joined.length === 0) return undefined;
  const match = (c: string) => containsInsensitive(ctx.database.dialect, eb.ref(c), keyword);
  const pattern = likePattern(keyword);
  const caseToken = caseless(keyword) ? 'c' : 'i';
  const joinedMatches = () => joined.map((j) => match(`${j.joinAlias}.${j.column}`));
  const anyOf = (all: Expression<SqlBool>[]) => (all.length === 1 ? all[0] : eb.or(all));
  const index = plan.index;
  if (index && !plan.dense && own.length) {
    // The index answers for the own columns exactly: their rows are read from it, no row is tested.
    return {
      token: `kw${own.length}+${joined.length}${caseToken}:${index.shape}`,
      values: [...index.params, ...joined.map(() => pattern)],
      cacheable: true,
      build: () => anyOf([index.condition(), ...joinedMatches()]),
    };
  }
  return {
    token: `kw${own.length}+${joined.length}${caseToken}`,
    values: Array.from({ length: own.length + joined.length }, () => pattern),
    cacheable: true,
    build: () => anyOf([...(own.length ? [eb.or(own.map((f) => match(`a.${f.name}`)))] : []), ...joinedMatches()]),
  };
}

/** The conditions of a page/list call from the schema (filters and keyword), described; hook filters and scope aside. */
export function describeConditions(
  ctx: OpContext,
  entity: Entity,
  params: Row,
  eb: AnyExpressionBuilder,
  plan: KeywordPlan,
  purpose: 'page' | 'count',
): Condition[] {
  const conds = describeFieldConditions(entity, params, eb, ctx, purpose);
  const kw = describeKeyword(entity, params, eb, ctx, plan);
  if (kw) conds.push(kw);
  return conds;
}

/** Every WHERE condition of a page/list call: schema filters, keyword, hook filters and the row scope. */
export function whereConditions(
  ctx: OpContext,
  entity: Entity,
  params: Row,
  eb: AnyExpressionBuilder,
  plan: KeywordPlan = {},
  purpose: 'page' | 'count' = 'count',
): Expression<SqlBool>[] {
  const hooks = ctx.hooks.get(entity.prefix);
  const conds = describeConditions(ctx, entity, params, eb, plan, purpose).map((c) => c.build());
  if (hooks.filters) conds.push(...hooks.filters(ctx, params, eb));
  const scope = hooks.scope?.(ctx, eb);
  if (scope) conds.push(scope);
  return conds;
}

/**
 * The total of a page call from the kept counters (server/core/db/row-count.ts), when the call has no condition at all
 * (the table's count) or one equality filter on a field counted per value and nothing else (no keyword, hook filter
 * or row scope); undefined otherwise (the rows are counted).
 */
export async function keptTotal(
  ctx: OpContext,
  entity: Entity,
  params: Row,
  plan: KeywordPlan = {},
): Promise<number | undefined> {
  const eb = EB;
  const hooks = ctx.hooks.get(entity.prefix);
  if ((hooks.filters?.(ctx, params, eb).length ?? 0) > 0 || hooks.scope?.(ctx, eb)) return undefined;
  const filtered = entity.fields.filter((f) => f.search.length > 0 && present(params[f.name]));
  // A keyword alone, on the entity's own columns only: the keyword index counted its rows.
  if (keywordOf(params) !== undefined)
    return filtered.length === 0 && !entity.joins.some((j) => j.keyword) ? plan.index?.total() : undefined;
  if (filtered.length === 0) return storedRowCount(ctx.database, ctx.db, entity);
  if (filtered.length > 1) return undefined;
  const [field] = filtered;
  if (!countedFields(entity).includes(field)) return undefined;
  const value = params[field.name];
  const values = list(value).map((v, i) =>
    filterValue(field, v, Array.isArray(value) ? `${field.name}.${i}` : field.name),
  );
  return storedValueCount(ctx.database, ctx.db, entity, field.name, values);
}

/** Parses order/sort (comma lists allowed) against a whitelist of columns and join aliases. */
export function orderBy(entity: Entity, params: Row): { ref: string; dir: 'asc' | 'desc' }[] {
  const out: { ref: string; dir: 'asc' | 'desc' }[] = [];
  if (present(params.order)) {
    if (typeof params.order !== 'string') throw fieldError('order', E.ORDER_NOT_TEXT);
    const columns = params.order.split(',').map((s) => s.trim());
    const sortRaw =
      params.sort === undefined || params.sort === null || params.sort === '' ? columns.map(() => 'desc') : params.sort;
    if (typeof sortRaw !== 'string' && !Array.isArray(sortRaw))
      throw appError(E.SORT_INVALID, {}, [issue('sort', E.SORT_INVALID)]);
    const sorts = Array.isArray(sortRaw) ? sortRaw : sortRaw.split(',').map((s) => s.trim());
    if (sorts.length !== columns.length)
      throw appError(E.SORT_COUNT_MISMATCH, {}, [issue('sort', E.SORT_COUNT_MISMATCH)]);
    columns.forEach((column, i) => {
      const dir = String(sorts[i]).toLowerCase();
      if (dir !== 'asc' && dir !== 'desc') throw appError(E.SORT_INVALID, {}, [issue('sort', E.SORT_INVALID)]);
      const field = entity.fieldMap.get(column);
      const join = entity.joins.find((j) => j.alias === column);
      if (field && !field.secret && !field.virtual) out.push({ ref: `a.${column}`, dir });
      else if (join) out.push({ ref: `${join.joinAlias}.${join.column}`, dir });
      else throw fieldError('order', E.ORDER_COLUMN_UNKNOWN, { column: column.slice(0, 60), prefix: entity.prefix });
    });
  }
  for (const o of entity.order) out.push({ ref: `a.${o.column}`, dir: o.dir });
  out.push({ ref: 'a.id', dir: 'desc' });
  return out;
}

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
 * SELECT FROM the entity with its joins and conditions (no select list, ordering or limits): those of a page/list call,
 * or for one record (info) the row scope only — page/list filters say what a list shows, not what exists.
 */
export function selectRows(
  ctx: OpContext,
  entity: Entity,
  params: Row,
  purpose: 'list' | 'one' | 'page' | 'count' | 'ids' = 'list',
  plan: KeywordPlan = {},
  ordered: string[] = [],
) {
  const lean = purpose === 'count' || purpose === 'ids';
  const q = lean
    ? joinRelated(ctx, entity, true, keywordOf(params) !== undefined, ordered)
    : fullBase(ctx, entity).joined;
  return withConditions(ctx, entity, q, params, purpose, plan);
}

/** selectRows with the select list of a full row: stored columns and joined aliases. */
export function selectFullRows(
  ctx: OpContext,
  entity: Entity,
  params: Row,
  purpose: 'list' | 'one' | 'page' = 'list',
  plan: KeywordPlan = {},
) {
  return withConditions(ctx, entity, fullBase(ctx, entity).withColumns, params, purpose, plan);
}

/**
 * One expression builder for every query's conditions: it holds no state (what it builds carries no executor, and is
 * compiled as part of the query it is given to), and making one per query was a measurable part of a page call.
 */
// biome-ignore lint/suspicious/noExplicitAny: tables are only known at run time
export const EB = expressionBuilder<any, any>();

function withConditions(
  ctx: OpContext,
  entity: Entity,
  q: AnySelect,
  params: Row,
  purpose: 'list' | 'one' | 'page' | 'count' | 'ids',
  plan: KeywordPlan,
) {
  if (purpose === 'one') {
    const scope = ctx.hooks.get(entity.prefix).scope?.(ctx, EB);
    return scope ? q.where(scope) : q;
  }
  const conds = whereConditions(
    ctx,
    entity,
    params,
    EB,
    plan,
    purpose === 'page' || purpose === 'ids' ? 'page' : 'count',
  );
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
