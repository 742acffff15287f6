import { sql } from 'kysely';
import type { Entity, Field } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { decodeRow, encodeRow } from '../db/row-codec.js';
import { nowText } from '../db/time.js';
import { E, fieldError } from '../errors.js';
import { getOrSet } from '../get-or-set.js';
import { historyEnabled } from '../../config.js';
import type { OpContext } from './context.js';
import { untyped } from './dynamic-db.js';

/*
 * The field history and the lost-update check (issue 31; README.md of this folder, "History and revisions").
 *
 * Every entity row has a `revision`: 1 when added, one more at every write that changes it. Every add, update, delete,
 * restore, import and revert of an entity that keeps history (x-history, default true) writes one row of
 * base_sys_history in the write's own transaction: the record, the revision the write made, who, through which path,
 * and for each changed field [old, new] (secret fields as a marker only). An update that carries the revision it was
 * based on and finds the record at another one is merged against what others changed since (mergeStale).
 */

export const HISTORY_PREFIX = 'base/sys/history';
export const HISTORY_TABLE = 'base_sys_history';
export const HISTORY_ACTIONS = ['add', 'update', 'delete', 'restore', 'import', 'revert'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];
/** What a secret field's old and new values are recorded as. */
export const SECRET_MARK = '***';
/** field → [old, new] */
export type Changes = Record<string, [unknown, unknown]>;
export type HistoryEntry = { recordId: number; version: number; action: HistoryAction; changes: Changes };

const ENABLED = historyEnabled();

/**
 * Whether writes of this entity are recorded: the history entity is installed, the entity does not opt out and the
 * server records history (JOINERY_HISTORY).
 */
export function historyOn(ctx: OpContext, entity: Entity): boolean {
  return (
    ENABLED && entity.history && entity.prefix !== HISTORY_PREFIX && ctx.registry.get(HISTORY_PREFIX) !== undefined
  );
}

/** JSON with object keys sorted (PostgreSQL and the client may order them differently): equal values, equal text. */
function stable(value: unknown): string {
  return JSON.stringify(value ?? null, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(
          Object.keys(x)
            .sort()
            .map((k) => [k, (x as Row)[k]]),
        )
      : x,
  );
}

/** Whether two decoded values are the same (null and absent alike). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  return stable(a) === stable(b);
}

const recorded = new WeakMap<Entity, Field[]>();
/** The fields history records: the entity's own (virtual relations included), not id, times or revision. */
export const recordedFields = (entity: Entity): Field[] =>
  getOrSet(recorded, entity, () => entity.fields.filter((f) => !f.system));

/** The changed fields between two decoded states of a record (either may be absent: an add, a delete). */
export function diffChanges(
  entity: Entity,
  before: Row | undefined,
  after: Row | undefined,
  names?: string[],
): Changes {
  const out: Changes = {};
  const fields = names
    ? names.map((n) => entity.fieldMap.get(n)).filter((f): f is Field => f !== undefined && !f.system)
    : recordedFields(entity);
  for (const f of fields) {
    const a = before?.[f.name] ?? null;
    const b = after?.[f.name] ?? null;
    if (sameValue(a, b)) continue;
    out[f.name] = f.secret ? [SECRET_MARK, SECRET_MARK] : [a, b];
  }
  return out;
}

/** A patch as it will read back: encoded for its columns and decoded again (dates normalised, decimals as numbers). */
export function asStored(entity: Entity, patch: Row): Row {
  const out = decodeRow(entity, encodeRow(entity, patch), { keepSecrets: true });
  for (const f of entity.fields) if (f.virtual && Object.hasOwn(patch, f.name)) out[f.name] = patch[f.name];
  return out;
}

/** Virtual fields (relations kept in link tables) of stored rows, read the way info shows them. */
export async function withVirtuals(ctx: OpContext, entity: Entity, rows: Row[], names?: string[]): Promise<Row[]> {
  const virtual = entity.fields.filter((f) => f.virtual && (!names || names.includes(f.name)));
  const decorate = ctx.hooks.get(entity.prefix).decorate;
  if (virtual.length === 0 || !decorate) return rows;
  const copies = rows.map((r) => ({ ...r }));
  await decorate(ctx, copies, 'info');
  return rows.map((r, i) => {
    const out = { ...r };
    for (const f of virtual) out[f.name] = copies[i][f.name] ?? null;
    return out;
  });
}

const HISTORY_COLUMNS = sql.join(
  ['entityPrefix', 'recordId', 'version', 'action', 'userId', 'url', 'changes', 'createTime', 'updateTime'].map((c) =>
    sql.ref(c),
  ),
);

/** Writes history rows inside the caller's transaction (nothing when the entity keeps none). */
export async function recordHistory(ctx: OpContext, entity: Entity, entries: HistoryEntry[]): Promise<void> {
  if (entries.length === 0 || !historyOn(ctx, entity)) return;
  const now = nowText();
  const userId = ctx.user?.id ?? null;
  const url = ctx.url.split('?')[0].slice(0, 255);
  // One row (the usual case) as one fixed statement text: built without the query builder, prepared once per
  // connection by the driver's statement cache.
  if (entries.length === 1) {
    const e = entries[0];
    await sql`insert into ${sql.table(HISTORY_TABLE)} (${HISTORY_COLUMNS}) values (${entity.prefix}, ${e.recordId}, ${e.version}, ${e.action}, ${userId}, ${url}, ${JSON.stringify(e.changes)}, ${now}, ${now})`.execute(
      ctx.db,
    );
    return;
  }
  for (let i = 0; i < entries.length; i += 200) {
    await untyped(ctx.db)
      .insertInto(HISTORY_TABLE)
      .values(
        entries.slice(i, i + 200).map((e) => ({
          entityPrefix: entity.prefix,
          recordId: e.recordId,
          version: e.version,
          action: e.action,
          userId,
          url,
          changes: JSON.stringify(e.changes),
          createTime: now,
          updateTime: now,
        })),
      )
      .execute();
  }
}

/** The revision a write was based on (`revision` of its body), if it says one. */
export function parseRevision(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 2147483647)
    throw fieldError('revision', E.REVISION_INVALID);
  return n;
}

/** The highest revision history holds for a record (0 when none). */
export async function lastVersion(ctx: OpContext, entity: Entity, id: number): Promise<number> {
  const r = (await untyped(ctx.db)
    .selectFrom(HISTORY_TABLE)
    .select((eb) => eb.fn.max('version').as('v'))
    .where('entityPrefix', '=', entity.prefix)
    .where('recordId', '=', id)
    .executeTakeFirst()) as Row | undefined;
  return Number(r?.v ?? 0);
}

/** History rows of a record after a revision, oldest first, changes decoded. */
export async function historySince(
  ctx: OpContext,
  entity: Entity,
  id: number,
  after: number,
): Promise<{ version: number; userId: number | null; createTime: string; action: string; changes: Changes }[]> {
  if (!historyOn(ctx, entity)) return [];
  const rows = (await untyped(ctx.db)
    .selectFrom(HISTORY_TABLE)
    .select(['version', 'userId', 'createTime', 'action', 'changes'])
    .where('entityPrefix', '=', entity.prefix)
    .where('recordId', '=', id)
    .where('version', '>', after)
    .orderBy('version')
    .execute()) as Row[];
  return rows.map((r) => ({
    version: Number(r.version),
    userId: r.userId === null || r.userId === undefined ? null : Number(r.userId),
    createTime: String(r.createTime),
    action: String(r.action),
    changes: parseChanges(r.changes),
  }));
}

export function parseChanges(value: unknown): Changes {
  if (typeof value !== 'string') return (value as Changes) ?? {};
  try {
    return JSON.parse(value) as Changes;
  } catch {
    return {};
  }
}

/** Names of users by id (for who changed what). */
export async function userNames(ctx: OpContext, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await ctx.db.selectFrom('base_sys_user').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}

/**
 * `revision + 1`, for a module's own UPDATE of an entity table (an order transition, an audit decision): the record
 * moves to its next revision, so an edit based on the one before is checked against it. The write records what it
 * changed (recordModuleWrite, or updateRecorded in module-writes.ts, which does both).
 */
export const nextRevision = () => sql<number>`revision + 1`;

/**
 * Records a module's own write of one record (an order transition, an audit decision) in its history, so an edit based
 * on the revision before it is merged field by field instead of refused whole. `before` is the stored row as read,
 * locked, before the write (with `revision` and every column the patch writes); `patch` the stored values written.
 * The write itself must have set `revision = revision + 1` (nextRevision).
 */
export async function recordModuleWrite(ctx: OpContext, prefix: string, before: Row, patch: Row): Promise<void> {
  const entity = ctx.registry.get(prefix);
  if (!entity || !historyOn(ctx, entity)) return;
  const names = Object.keys(patch);
  const changes = diffChanges(
    entity,
    decodeRow(entity, before, { keepSecrets: true }),
    decodeRow(entity, { ...before, ...patch }, { keepSecrets: true }),
    names,
  );
  if (Object.keys(changes).length === 0) return;
  await recordHistory(ctx, entity, [
    { recordId: Number(before.id), version: Number(before.revision ?? 1) + 1, action: 'update', changes },
  ]);
}
