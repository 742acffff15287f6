import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import { E, fieldError } from '../errors.js';
import type { Entity, Field } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { caseless, containsInsensitive, likePattern } from '../db/dialect-sql.js';
import type { KeywordPlan } from './keyword-plan.js';
import { countedFields, storedRowCount, storedValueCount } from '../db/row-count.js';
import type { OpContext } from './context.js';
import type { AnyExpressionBuilder } from './entity-hooks.js';
import { getOrSet } from '../get-or-set.js';
import { filterValue, keywordOf, list, present } from './list-params.js';

/**
 * The WHERE conditions of a page/list call — schema filters, keyword, hook filters and row scope — described (for
 * the compiled-SQL cache) and built, and the total a call can take from the kept counters instead of counting.
 */

/**
 * One expression builder for every query's conditions: it holds no state (what it builds carries no executor, and is
 * compiled as part of the query it is given to), and making one per query was a measurable part of a page call.
 */
// biome-ignore lint/suspicious/noExplicitAny: tables are only known at run time
export const EB = expressionBuilder<any, any>();

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
