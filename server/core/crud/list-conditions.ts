import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import { E, fieldError } from '../errors.js';
import type { Entity, Field } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { caseless, containsInsensitive, likePattern } from '../db/dialect-sql.js';
import { type KeywordPlan, planKeyword } from './keyword-plan.js';
import { countedFields, storedRowCount, storedValueCount } from '../db/row-count.js';
import type { OpContext } from './context.js';
import { getOrSet } from '../get-or-set.js';
import { filterValue, keywordOf, list, present } from './list-params.js';

/**
 * The WHERE of a page/list call — schema filters, keyword, hook filters and row scope — read and checked once from the
 * call's parameters (listWhere), then built into the queries of the call, and the total a call can take from the kept
 * counters instead of counting.
 */

/**
 * One expression builder for every query's conditions: it holds no state (what it builds carries no executor, and is
 * compiled as part of the query it is given to), and making one per query was a measurable part of a page call.
 */
// biome-ignore lint/suspicious/noExplicitAny: tables are only known at run time
export const EB = expressionBuilder<any, any>();

/** What the conditions are built for: a page's rows (or ids), or a count or list (see `few` below). */
export type Purpose = 'page' | 'count';

/**
 * One WHERE condition of a page/list call, described before it is built: `token` says its SQL shape in a page query
 * (which column, which operator, how many values — never the values), `values` are its parameters in the order its
 * SQL holds them, and `build` makes the Kysely expression. Page calls whose conditions have the same tokens compile to
 * the same SQL text. `field`: the schema field it filters (none for the keyword).
 */
export type Condition = {
  token: string;
  values: unknown[];
  field?: Field;
  build: (purpose: Purpose) => Expression<SqlBool>;
};

/** The WHERE of one page/list call, read and checked once (listWhere); the queries of the call are built from it. */
export type ListWhere = {
  /** The keyword, checked; undefined when absent. */
  keyword: string | undefined;
  /** How the keyword is looked up (keyword-plan.ts). */
  keywordPlan: KeywordPlan;
  /** The schema fields the call filters by (a present value and a search mode): the kept counters look at these. */
  filtered: Field[];
  /** The schema filters' conditions, then the keyword's. */
  conditions: Condition[];
  /** The entity's hook filters (read from the same parameters) and its row scope for this caller. */
  hookFilters: Expression<SqlBool>[] | undefined;
  scope: Expression<SqlBool> | undefined;
};

/**
 * A page sorted by the user on SQLite, filtered by a field of a few values (a status): SQLite would read every row
 * of that value through the field's index and sort them all (500,000 of a million); walking the sort column's index
 * and skipping the other values stops after one page. A unary + keeps SQLite off the filter's index (page queries
 * only). Relations and other many-valued fields keep their index (a rare value would make the walk long).
 */
function fewValues(ctx: OpContext, field: Field, params: Row): boolean {
  return (
    ctx.database.dialect === 'sqlite' &&
    present(params.order) &&
    (Array.isArray(field.schema.enum) || field.storage === 'boolean') &&
    !field.schema['x-ref']
  );
}

/** Reads and checks the schema filters (in field order, each value once), into `out`; returns the filtered fields. */
function readFieldConditions(ctx: OpContext, entity: Entity, params: Row, out: Condition[]): Field[] {
  const filtered: Field[] = [];
  for (const field of entity.fields) {
    const value = params[field.name];
    if (!present(value) || field.search.length === 0) continue;
    filtered.push(field);
    const ref = `a.${field.name}`;
    for (const mode of field.search) {
      if (mode === 'eq' || mode === 'in') {
        const values = list(value);
        if (values.length > 1000) throw fieldError(field.name, E.FIELD_TOO_MANY, { max: 1000 });
        const checked = values.map((v, i) =>
          filterValue(field, v, Array.isArray(value) ? `${field.name}.${i}` : field.name),
        );
        const few = fewValues(ctx, field, params);
        out.push({
          token: `${field.name}${few ? '+' : ''}=${checked.length}`,
          values: checked,
          field,
          build: (purpose) => {
            const target = few && purpose === 'page' ? sql`+${EB.ref(ref)}` : EB.ref(ref);
            return checked.length === 1 ? EB(target, '=', checked[0]) : EB(target, 'in', checked);
          },
        });
      } else if (mode === 'like') {
        const v = String(filterValue(field, value, field.name));
        out.push({
          token: `${field.name}~${caseless(v) ? 'c' : 'i'}`,
          values: [likePattern(v)],
          field,
          build: () => containsInsensitive(ctx.database.dialect, EB.ref(ref), v),
        });
      } else if (mode === 'range') {
        if (!Array.isArray(value) || value.length !== 2) throw fieldError(field.name, E.FILTER_RANGE);
        if (present(value[0])) {
          const from = filterValue(field, value[0], `${field.name}.0`);
          out.push({ token: `${field.name}>=`, values: [from], field, build: () => EB(EB.ref(ref), '>=', from) });
        }
        if (present(value[1])) {
          const to = filterValue(field, value[1], `${field.name}.1`);
          out.push({ token: `${field.name}<=`, values: [to], field, build: () => EB(EB.ref(ref), '<=', to) });
        }
      }
    }
  }
  return filtered;
}

const keywordColumns = new WeakMap<Entity, { own: Field[]; joined: Entity['joins'] }>();

function keywordCondition(ctx: OpContext, entity: Entity, keyword: string, plan: KeywordPlan): Condition | undefined {
  const { own, joined } = getOrSet(keywordColumns, entity, () => ({
    own: entity.fields.filter((f) => f.search.includes('keyword')),
    joined: entity.joins.filter((j) => j.keyword),
  }));
  if (own.length === 0 && joined.length === 0) return undefined;
  const match = (c: string) => containsInsensitive(ctx.database.dialect, EB.ref(c), keyword);
  const pattern = likePattern(keyword);
  const caseToken = caseless(keyword) ? 'c' : 'i';
  const joinedMatches = () => joined.map((j) => match(`${j.joinAlias}.${j.column}`));
  const anyOf = (all: Expression<SqlBool>[]) => (all.length === 1 ? all[0] : EB.or(all));
  const index = plan.index;
  if (index && !plan.dense && own.length) {
    // The index answers for the own columns exactly: their rows are read from it, no row is tested.
    return {
      token: `kw${own.length}+${joined.length}${caseToken}:${index.shape}`,
      values: [...index.params, ...joined.map(() => pattern)],
      build: () => anyOf([index.condition(), ...joinedMatches()]),
    };
  }
  return {
    token: `kw${own.length}+${joined.length}${caseToken}`,
    values: Array.from({ length: own.length + joined.length }, () => pattern),
    build: () => anyOf([...(own.length ? [EB.or(own.map((f) => match(`a.${f.name}`)))] : []), ...joinedMatches()]),
  };
}

/**
 * Reads the WHERE of a page/list call from its parameters, checking in this order: the keyword, the schema filters
 * (field by field), the entity's hook filters; then asks how the keyword is looked up (keyword-plan.ts).
 */
export async function listWhere(ctx: OpContext, entity: Entity, params: Row): Promise<ListWhere> {
  const keyword = keywordOf(params);
  const conditions: Condition[] = [];
  const filtered = readFieldConditions(ctx, entity, params, conditions);
  const hooks = ctx.hooks.get(entity.prefix);
  const hookFilters = hooks.filters?.(ctx, params, EB);
  const scope = hooks.scope?.(ctx, EB);
  let keywordPlan: KeywordPlan = {};
  if (keyword !== undefined) {
    keywordPlan = await planKeyword(ctx, entity, keyword);
    const kw = keywordCondition(ctx, entity, keyword, keywordPlan);
    if (kw) conditions.push(kw);
  }
  return { keyword, keywordPlan, filtered, conditions, hookFilters, scope };
}

/** Every WHERE condition of a page/list call, built: schema filters, keyword, hook filters and the row scope. */
export function whereConditions(where: ListWhere, purpose: Purpose): Expression<SqlBool>[] {
  const conds = where.conditions.map((c) => c.build(purpose));
  if (where.hookFilters) conds.push(...where.hookFilters);
  if (where.scope) conds.push(where.scope);
  return conds;
}

/**
 * The total of a page call from the kept counters (server/core/db/row-count.ts), when the call has no condition at all
 * (the table's count) or one equality filter on a field counted per value and nothing else (no keyword, hook filter
 * or row scope); undefined otherwise (the rows are counted).
 */
export async function keptTotal(ctx: OpContext, entity: Entity, where: ListWhere): Promise<number | undefined> {
  if ((where.hookFilters?.length ?? 0) > 0 || where.scope) return undefined;
  const { filtered } = where;
  // A keyword alone, on the entity's own columns only: the keyword index counted its rows.
  if (where.keyword !== undefined)
    return filtered.length === 0 && !entity.joins.some((j) => j.keyword) ? where.keywordPlan.index?.total() : undefined;
  if (filtered.length === 0) return storedRowCount(ctx.database, ctx.db, entity);
  if (filtered.length > 1) return undefined;
  const [field] = filtered;
  if (!countedFields(entity).includes(field)) return undefined;
  // A counted field is searched by equality only: its (first) condition holds its checked values.
  const values = where.conditions.find((c) => c.field === field)?.values ?? [];
  return storedValueCount(ctx.database, ctx.db, entity, field.name, values);
}
