import { maxAddBatch } from '../../config.js';
import { appError, E, fieldError, issue, joinTexts, same } from '../errors.js';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { decodeRow, encodeRow } from '../db/row-codec.js';
import { isUniqueViolation } from '../db/dialect-sql.js';
import { nowText } from '../db/time.js';
import type { OpContext } from './context.js';
import { parseId, parseIds, validateNew, validatePatch } from './input-validation.js';
import { findRow } from './read-rows.js';
import { untyped } from './dynamic-db.js';
import { copyToRecycleBin } from './recycle-bin.js';
import { insertRow } from './insert-row.js';
import { hashPasswords } from './hash-passwords.js';
import { guardedTransaction, touchesRights } from '../auth/delegation.js';
import { hashPool } from '../auth/password.js';
import { checkSkuRules } from './sku-specs-check.js';
import { checkReferences } from './ref-check.js';
import {
  asStored,
  diffChanges,
  type HistoryAction,
  historyOn,
  parseRevision,
  recordHistory,
  withVirtuals,
} from './history.js';
import { mergeStale } from './stale-merge.js';
import { writeWithRetry } from '../db/contention.js';

/**
 * The writing calls of an entity (PROTOCOL §5): add, update and delete, each in one transaction with everything slow
 * (validation, password hashing) done before it opens, and the parts import and the history routes reuse (prepare,
 * addOne, updateRecord, writeTransaction). The reading calls are in read-rows.ts.
 */

/** The most records one add call takes (JOINERY_MAX_ADD_BATCH, default 500); more → 400 naming the limit. */
export const MAX_ADD_BATCH = maxAddBatch();

/** Unique fields (single and composite) must not collide with another row: 409 naming the field. */
async function checkUnique(ctx: OpContext, entity: Entity, row: Row, exceptId?: number) {
  const keys = [...entity.fields.filter((f) => f.unique).map((f) => [f.name]), ...entity.uniques];
  for (const key of keys) {
    if (!key.every((k) => row[k] !== undefined && row[k] !== null)) continue;
    let q = untyped(ctx.db).selectFrom(entity.table).select('id');
    for (const k of key) q = q.where(k, '=', row[k]);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) {
      const details = key.map((k) => issue(k, E.FIELD_TAKEN));
      const labels = joinTexts(
        key.map((k) => entity.fieldMap.get(k)?.label ?? same(k)),
        same(' + '),
      );
      throw appError(E.UNIQUE_TAKEN, { fields: key.join(' + '), labels }, details);
    }
  }
}

/**
 * One transaction for a write, run again if the database rolls it back for a deadlock with another (writeWithRetry:
 * `work` starts from nothing each time); writes to the rights tables also go through the delegation guard.
 */
async function inTransaction<T>(ctx: OpContext, entity: Entity, work: (trx: OpContext) => Promise<T>): Promise<T> {
  try {
    if (touchesRights(entity)) return await guardedTransaction(ctx, work);
    return await writeWithRetry(ctx.db, (trx) => work({ ...ctx, db: trx }));
  } catch (e) {
    if (isUniqueViolation(e)) throw appError(E.UNIQUE_TAKEN_UNNAMED);
    throw e;
  }
}

/**
 * A record to add or a change to make, validated and with its passwords hashed: made before the transaction opens.
 * `at`: its path in a batch (`3.`), for the errors found inside the transaction.
 */
export type Prepared = { input: Row; row: Row; at?: string };

/**
 * Validates records (all of them first, so a bad one costs no hashing) and hashes their password fields, outside any
 * transaction: slow work never holds the writer (server/core/db/README.md). One call hashes at most as many at
 * once as the hash pool has threads, so a large batch takes its turn with other callers' hashes instead of queueing
 * ahead of all of them.
 */
async function prepareRows(
  ctx: OpContext,
  entity: Entity,
  raws: Row[],
  action: 'add' | 'update',
  pathPrefix: (i: number) => string,
  onRow?: () => void,
): Promise<Prepared[]> {
  const hooks = ctx.hooks.get(entity.prefix);
  const prepared = raws.map((raw, i) => {
    const input = hooks.prepareInput ? hooks.prepareInput(raw, action) : raw;
    if (action === 'update') parseId(input.id);
    const at = pathPrefix(i);
    return { input, at, row: action === 'add' ? validateNew(entity, input, at) : validatePatch(entity, input) };
  });
  let next = 0;
  const lane = async () => {
    while (next < prepared.length) {
      await hashPasswords(entity, prepared[next++].row);
      onRow?.();
    }
  };
  await Promise.all(Array.from({ length: Math.min(hashPool.threads, prepared.length) }, lane));
  return prepared;
}

/** One record to add, prepared outside the transaction (validation, password hashing). */
export const prepareAdd = async (ctx: OpContext, entity: Entity, raw: Row, pathPrefix = ''): Promise<Prepared> =>
  (await prepareRows(ctx, entity, [raw], 'add', () => pathPrefix))[0];

/** One change, prepared outside the transaction (validation of the patch, password hashing). */
export const prepareUpdate = async (ctx: OpContext, entity: Entity, body: Row): Promise<Prepared> =>
  (await prepareRows(ctx, entity, [body], 'update', () => ''))[0];

/** Adds one prepared record inside the caller's transaction (hooks, unique check, history); the id it got. */
export async function addOne(
  tx: OpContext,
  entity: Entity,
  prepared: Prepared,
  action: HistoryAction = 'add',
): Promise<number> {
  const hooks = tx.hooks.get(entity.prefix);
  const { input } = prepared;
  const row = { ...prepared.row };
  await hooks.beforeAdd?.(tx, row, input);
  await checkReferences(tx, entity, row, { at: prepared.at });
  await checkSkuRules(tx, entity, row);
  await checkUnique(tx, entity, row);
  const now = nowText();
  const id = await insertRow(tx, entity, { ...encodeRow(entity, row), revision: 1, createTime: now, updateTime: now });
  await hooks.afterAdd?.(tx, id, input);
  await recordHistory(tx, entity, [
    { recordId: id, version: 1, action, changes: diffChanges(entity, undefined, asStored(entity, row)) },
  ]);
  return id;
}

/**
 * Makes one prepared change inside the caller's transaction; the stored row before the change. A change that
 * changes something moves the record to its next revision and is recorded in its history. An input with `revision`
 * (the one the caller loaded) found at another revision is merged against what others changed since, or refused
 * (409 STALE_RECORD, stale-merge.ts mergeStale).
 */
export async function updateRecord(
  tx: OpContext,
  entity: Entity,
  prepared: Prepared,
  action: HistoryAction = 'update',
): Promise<{ existing: Row; revision: number }> {
  const hooks = tx.hooks.get(entity.prefix);
  const { input } = prepared;
  const id = parseId(input.id);
  const based = parseRevision(input.revision);
  let patch = { ...prepared.row };
  const existing = await findRow(tx, entity, id, true);
  if (!existing) throw appError(E.RECORD_NOT_FOUND, { prefix: entity.prefix, id });
  await hooks.beforeUpdate?.(tx, patch, existing, input);
  const stored = decodeRow(entity, existing, { keepSecrets: true });
  const names = Object.keys(patch);
  const before = (await withVirtuals(tx, entity, [stored], names))[0];
  const revision = Number(existing.revision ?? 1);
  if (based !== undefined && based !== revision)
    patch = (await mergeStale(tx, entity, id, based, before, patch)) ?? patch;
  await checkReferences(tx, entity, patch, { at: prepared.at, id, stored });
  await checkSkuRules(tx, entity, patch, stored);
  await checkUnique(tx, entity, { ...stored, ...patch }, id);
  const changes = diffChanges(entity, before, asStored(entity, patch), Object.keys(patch));
  const changed = Object.keys(changes).length > 0;
  await untyped(tx.db)
    .updateTable(entity.table)
    .set({ ...encodeRow(entity, patch), updateTime: nowText(), ...(changed ? { revision: revision + 1 } : {}) })
    .where('id', '=', id)
    .execute();
  await hooks.afterUpdate?.(tx, id, input, existing);
  if (changed) await recordHistory(tx, entity, [{ recordId: id, version: revision + 1, action, changes }]);
  return { existing, revision: changed ? revision + 1 : revision };
}

/** updateOne's work: the stored row before the change and the record's revision after it. */
export const updateOne = async (tx: OpContext, entity: Entity, prepared: Prepared, action?: HistoryAction) =>
  (await updateRecord(tx, entity, prepared, action)).existing;

/** The one transaction of a write (through the delegation guard for the rights tables), for callers outside this file. */
export const writeTransaction = inTransaction;

/** The reply to an add that was refused for its size, naming the limit (PROTOCOL §0, README). */
const tooManyRecords = (n: number) =>
  appError(E.ADD_BATCH_TOO_LARGE, { max: MAX_ADD_BATCH, count: n }, [
    issue('body', E.FIELD_TOO_MANY, { max: MAX_ADD_BATCH }),
  ]);

/**
 * POST add: one object or an array (at most MAX_ADD_BATCH), all in one transaction. Everything slow (validation of
 * every record, password hashing) is done before the transaction opens; the transaction only checks and writes.
 * A batch's reply also says how many records were added (`added`).
 */
export async function addRows(ctx: OpContext, entity: Entity, body: unknown) {
  const batch = Array.isArray(body);
  const inputs = (batch ? body : [body]) as unknown[];
  if (inputs.length === 0) throw fieldError('body', E.ADD_BATCH_EMPTY);
  if (inputs.length > MAX_ADD_BATCH) throw tooManyRecords(inputs.length);
  inputs.forEach((input, i) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      throw fieldError(batch ? String(i) : 'body', E.FIELD_OBJECT);
  });
  const hooks = ctx.hooks.get(entity.prefix);
  ctx.progress?.start(inputs.length);
  const prepared = await prepareRows(
    ctx,
    entity,
    inputs as Row[],
    'add',
    (i) => (batch ? `${i}.` : ''),
    () => ctx.progress?.step(),
  );
  ctx.progress?.phase('write');
  const ids = await inTransaction(ctx, entity, async (tx) => {
    const out: number[] = [];
    for (const p of prepared) out.push(await addOne(tx, entity, p));
    return out;
  });
  await hooks.afterCommit?.(ctx);
  if (hooks.addReply) return hooks.addReply(ids, batch);
  return batch ? { id: ids, added: ids.length } : { id: ids[0] };
}

/** POST update: a partial record with its id. */
export async function updateRow(ctx: OpContext, entity: Entity, body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw fieldError('body', E.FIELD_OBJECT);
  return updateAs(ctx, entity, body as Row, 'update');
}

/**
 * An update (or a revert, its history says which). A call that carried the revision it was based on is answered
 * with the record's revision after it (`{revision}`); one without keeps the original's empty reply.
 */
export async function updateAs(ctx: OpContext, entity: Entity, body: Row, action: HistoryAction) {
  const prepared = await prepareUpdate(ctx, entity, body);
  const done = await inTransaction(ctx, entity, (tx) => updateRecord(tx, entity, prepared, action));
  await ctx.hooks.get(entity.prefix).afterCommit?.(ctx);
  return parseRevision(body.revision) === undefined ? undefined : { revision: done.revision };
}

/** POST delete {ids}: copies the rows to the recycle bin (unless the entity opts out) and deletes them, in one transaction. */
export async function deleteRows(ctx: OpContext, entity: Entity, body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw fieldError('body', E.FIELD_OBJECT);
  const input = body as Row;
  const ids = parseIds(input.ids);
  // A delete of one record may say the revision it was shown at: another by now → 409 (stale-merge.ts mergeStale).
  const based = ids.length === 1 ? parseRevision(input.revision) : undefined;
  const hooks = ctx.hooks.get(entity.prefix);
  await inTransaction(ctx, entity, async (tx) => {
    const q = untyped(tx.db)
      .selectFrom(`${entity.table} as a`)
      .selectAll('a')
      .where((eb) => eb.and([eb('a.id', 'in', ids), ...[hooks.scope?.(tx, eb)].filter((c) => c !== undefined)]));
    const rows = (await (tx.database.dialect === 'sqlite' ? q : q.forUpdate()).execute()) as Row[];
    if (rows.length === 0) return;
    if (based !== undefined && Number(rows[0].revision ?? 1) !== based)
      await mergeStale(tx, entity, ids[0], based, decodeRow(entity, rows[0], { keepSecrets: true }), undefined);
    await hooks.beforeDelete?.(tx, rows, input);
    if (historyOn(tx, entity)) {
      const before = await withVirtuals(
        tx,
        entity,
        rows.map((r) => decodeRow(entity, r, { keepSecrets: true })),
      );
      await recordHistory(
        tx,
        entity,
        before.map((r) => ({
          recordId: Number(r.id),
          version: Number(r.revision ?? 1) + 1,
          action: 'delete',
          changes: diffChanges(entity, r, undefined),
        })),
      );
    }
    if (entity.recycle) await copyToRecycleBin(tx, entity, rows, input);
    await untyped(tx.db)
      .deleteFrom(entity.table)
      .where(
        'id',
        'in',
        rows.map((r) => Number(r.id)),
      )
      .execute();
    await hooks.afterDelete?.(tx, rows, input);
  });
  await hooks.afterCommit?.(ctx);
}
