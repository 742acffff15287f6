import { type SqlBool, sql } from 'kysely';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { decodeRow } from '../db/row-codec.js';
import { appError, E, fieldError, same } from '../errors.js';
import { normalizeDateTime } from '../db/time.js';
import type { OpContext } from './context.js';
import { untyped } from './dynamic-db.js';
import { parseId, writableFields } from './input-validation.js';
import { updateAs } from './crud-service.js';
import { findRow } from './read-rows.js';
import { queryParams } from './list-params.js';
import {
  HISTORY_ACTIONS,
  HISTORY_TABLE,
  historySince,
  parseChanges,
  parseRevision,
  SECRET_MARK,
  sameValue,
  userNames,
  withVirtuals,
} from './history.js';

const MAX_SIZE = 100;

function intArg(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > max)
    throw fieldError(name, E.FIELD_WHOLE_BETWEEN, { min: 1, max });
  return n;
}

function timeArg(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  try {
    if (typeof value === 'string') return normalizeDateTime(value);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
  }
  throw fieldError(name, E.NOT_A_DATETIME, { field: same(name) });
}

/**
 * The history rows of an entity a search picks (`id`, `userId`, `field`, `action`, `from`, `to`), as the caller may
 * see them: with a row scope (a delegated admin), only the history of records it may see now.
 */
export function historyQuery(ctx: OpContext, entity: Entity, params: Row) {
  const id = params.id === undefined || params.id === null || params.id === '' ? undefined : parseId(params.id);
  const userId =
    params.userId === undefined || params.userId === null || params.userId === ''
      ? undefined
      : parseId(params.userId, 'userId');
  const field = params.field === undefined || params.field === '' ? undefined : String(params.field);
  if (field !== undefined && !entity.fieldMap.has(field)) throw appError(E.HISTORY_FIELD_UNKNOWN, { field });
  const action = params.action === undefined || params.action === '' ? undefined : String(params.action);
  if (action !== undefined && !(HISTORY_ACTIONS as readonly string[]).includes(action))
    throw fieldError('action', E.FIELD_ONE_OF, { values: HISTORY_ACTIONS.join(', ') });
  const from = timeArg(params.from, 'from');
  const to = timeArg(params.to, 'to');
  const scope = ctx.hooks.get(entity.prefix).scope;
  let q = untyped(ctx.db).selectFrom(`${HISTORY_TABLE} as h`).where('h.entityPrefix', '=', entity.prefix);
  if (id !== undefined) q = q.where('h.recordId', '=', id);
  if (userId !== undefined) q = q.where('h.userId', '=', userId);
  if (action !== undefined) q = q.where('h.action', '=', action);
  if (field !== undefined) q = q.where('h.changes', 'like', `%"${field}":[%`);
  if (from !== undefined) q = q.where('h.createTime', '>=', from);
  if (to !== undefined) q = q.where('h.createTime', '<=', to);
  // Only where the scope restricts this caller: a super admin also sees the history of deleted records.
  if (scope)
    q = q.where((eb) => {
      const c = scope(ctx, eb);
      return c === undefined
        ? sql<SqlBool>`1 = 1`
        : eb('h.recordId', 'in', eb.selectFrom(`${entity.table} as a`).select('a.id').where(c));
    });
  return q;
}

/**
 * POST <prefix>/history: a record's timeline (`id`), or the entity's history searched by `userId`, `field`, `action`
 * and a time range (`from`, `to`), newest first, paged (`page`, `size` ≤ 100). The caller's data scope applies: with
 * a row scope (a delegated admin), only the history of records it may see now.
 */
export async function historyPage(ctx: OpContext, entity: Entity, body: unknown) {
  const params = queryParams(body);
  const page = intArg(params.page, 'page', 1, 1_000_000);
  const size = intArg(params.size, 'size', 20, MAX_SIZE);
  const q = historyQuery(ctx, entity, params);
  const total = Number(
    ((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as Row | undefined)?.n ?? 0,
  );
  const rows = (await q
    .select(['h.id', 'h.recordId', 'h.version', 'h.action', 'h.userId', 'h.url', 'h.createTime', 'h.changes'])
    .orderBy('h.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute()) as Row[];
  const names = await userNames(
    ctx,
    rows.map((r) => (r.userId === null ? null : Number(r.userId))),
  );
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      recordId: Number(r.recordId),
      version: Number(r.version),
      action: String(r.action),
      userId: r.userId === null ? null : Number(r.userId),
      userName: r.userId === null ? null : (names.get(Number(r.userId)) ?? null),
      url: r.url ?? null,
      createTime: String(r.createTime),
      changes: parseChanges(r.changes),
    })),
    pagination: { page, size, total },
    ...(params.users === true ? { users: await historyUsers(ctx, entity, params) } : {}),
  };
}

/** The most people `users: true` lists. */
const MAX_USERS = 200;

/** Everyone who made a write the search finds (whoever it names by userId aside), by name: the choices of a filter. */
async function historyUsers(ctx: OpContext, entity: Entity, params: Row) {
  const ids = (
    (await historyQuery(ctx, entity, { ...params, userId: undefined })
      .select('h.userId')
      .distinct()
      .where('h.userId', 'is not', null)
      .limit(MAX_USERS)
      .execute()) as Row[]
  ).map((r) => Number(r.userId));
  const names = await userNames(ctx, ids);
  return ids
    .map((id) => ({ id, name: names.get(id) ?? null }))
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.id - b.id);
}

/**
 * POST <prefix>/revert {id, version, field?, revision?}: the record's fields (or one field) as they were at `version`,
 * written as an update (the same permission, delegation and checks; recorded as `revert`). The state at a version is
 * the record now with every later change undone. Secret fields and fields a client may not write are left as they are.
 */
export async function revertRecord(ctx: OpContext, entity: Entity, body: unknown) {
  const params = queryParams(body);
  const id = parseId(params.id);
  const version = intArg(params.version, 'version', 0, 2147483647);
  const field = params.field === undefined || params.field === '' ? undefined : String(params.field);
  const writable = writableFields(entity).filter((f) => !f.secret);
  if (field !== undefined && !writable.some((f) => f.name === field))
    throw appError(E.HISTORY_FIELD_UNKNOWN, { field });
  const row = await findRow(ctx, entity, id);
  if (!row) throw appError(E.RECORD_NOT_FOUND, { prefix: entity.prefix, id });
  const now = (await withVirtuals(ctx, entity, [decodeRow(entity, row, { keepSecrets: true })]))[0];
  const later = await historySince(ctx, entity, id, version - 1);
  // A version the record has no state at (none recorded, or its delete) cannot be gone back to.
  if (later[0]?.version !== version || later[0].action === 'delete')
    throw appError(E.HISTORY_VERSION_MISSING, { prefix: entity.prefix, id, version });
  const then: Row = { ...now };
  for (const h of later.slice(1).reverse()) for (const [name, [old]] of Object.entries(h.changes)) then[name] = old;
  const patch: Row = {};
  for (const f of field ? writable.filter((x) => x.name === field) : writable)
    if (then[f.name] !== SECRET_MARK && !sameValue(then[f.name], now[f.name])) patch[f.name] = then[f.name] ?? null;
  const revision = parseRevision(params.revision);
  const done = await updateAs(ctx, entity, { ...patch, id, revision: revision ?? Number(row.revision) }, 'revert');
  return { revision: (done as { revision: number }).revision, fields: Object.keys(patch) };
}

/** Whether the entity has history routes (it keeps history), and which permission reads it. */
export function historyAccessAction(entity: Entity): 'info' | 'page' | 'list' | undefined {
  if (!entity.history) return undefined;
  return (['info', 'page', 'list'] as const).find((a) => entity.api.includes(a));
}
