import { appError, E } from '../errors.js';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { nowText } from '../db/time.js';
import type { OpContext } from './context.js';
import type { KeptRows } from './entity-hooks.js';
import { untyped } from './dynamic-db.js';
import { bumpSequence, insertRow } from './insert-row.js';
import { isUniqueViolation } from '../db/dialect-sql.js';
import { guardedTransaction } from '../auth/delegation.js';
import { decodeRow } from '../db/row-codec.js';
import { diffChanges, historyOn, lastVersion, recordHistory, withVirtuals } from './history.js';

export const RECYCLE_PREFIX = 'recycle/data';

/**
 * Who besides a super admin may see a deleted row (the recycle bin's `scope` column), as the entity's schema says
 * (x-scope): `owner` (only the admin who deleted it: rows that carry rights), or its department, so a delegated admin
 * sees only what lay in their department scope; null for every admin who may read the bin.
 */
export function recycleScopeOf(entity: Entity, row: Row): string | null {
  const scope = entity.scope;
  if (scope === null) return null;
  if (scope === 'owner') return 'owner';
  const department = row[scope.department];
  return department === null || department === undefined ? 'dept:none' : `dept:${String(department)}`;
}

/**
 * Stores deleted rows exactly as they were kept, so a restore puts them back unchanged; one record per data scope.
 * What the delete removes with them (the entity's `keptWith` hook: link rows, child rows) goes into the record's
 * `related` column as `[{ entity: prefix, rows: [stored rows] }]` — read now, before the delete removes it.
 */
export async function copyToRecycleBin(ctx: OpContext, entity: Entity, rows: Row[], input: Row = {}): Promise<void> {
  const bin = ctx.registry.get(RECYCLE_PREFIX);
  if (!bin) return;
  const now = nowText();
  const groups = new Map<string | null, Row[]>();
  for (const row of rows) {
    const scope = recycleScopeOf(entity, row);
    groups.set(scope, [...(groups.get(scope) ?? []), row]);
  }
  const keptWith = ctx.hooks.get(entity.prefix).keptWith;
  for (const [scope, group] of groups) {
    const kept = ((await keptWith?.(ctx, group, input)) ?? []).filter((k) => k.rows.length > 0);
    await insertRow(ctx, bin, {
      entityInfo: JSON.stringify({ dataSourceName: 'default', entity: entity.className }),
      entityPrefix: entity.prefix,
      scope,
      userId: ctx.user?.id ?? null,
      data: JSON.stringify(group),
      related: kept.length ? JSON.stringify(kept) : null,
      url: ctx.url.slice(0, 1000),
      params: JSON.stringify(ctx.params ?? {}),
      count: group.length,
      createTime: now,
      updateTime: now,
    });
  }
}

/** The entity a recycle record came from, by its class name. */
export function entityOfRecord(ctx: OpContext, record: Row): Entity | undefined {
  let info: { entity?: string } = {};
  try {
    info =
      typeof record.entityInfo === 'string' ? JSON.parse(record.entityInfo) : ((record.entityInfo as object) ?? {});
  } catch {
    return undefined;
  }
  return ctx.registry.all().find((e) => e.className === info.entity);
}

/** A kept row a restore left out because a record it links to no longer exists. */
export type SkippedRow = {
  entity: string;
  id: number | null;
  field: string | null;
  missing: { entity: string; id: unknown };
};

const parsed = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** The kept rows of a record (none on records made before they were kept, or with nothing kept). */
function keptOf(record: Row): KeptRows[] {
  const v = parsed(record.related ?? null);
  return Array.isArray(v)
    ? (v as KeptRows[]).filter(
        (k) =>
          typeof k?.entity === 'string' && Array.isArray(k.rows) && (k.links === undefined || Array.isArray(k.links)),
      )
    : [];
}

/** Inserts one stored row with its id; an id or unique value in use → 409 (the whole restore is rolled back). */
async function putBack(ctx: OpContext, entity: Entity, row: Row): Promise<void> {
  const stored: Row = {};
  for (const f of entity.fields) if (!f.virtual && row[f.name] !== undefined) stored[f.name] = row[f.name];
  try {
    await untyped(ctx.db).insertInto(entity.table).values(stored).execute();
  } catch (e) {
    if (isUniqueViolation(e)) throw appError(E.RESTORE_TAKEN, { prefix: entity.prefix, id: String(row.id) });
    throw e;
  }
}

/**
 * Puts a kept link row back: nothing to do when the same link exists again; with a fresh id when its old one was
 * given to another row meanwhile (a link's id means nothing). Checked first: a failed insert would abort the
 * transaction on PostgreSQL.
 */
async function putBackLink(ctx: OpContext, entity: Entity, row: Row, links: string[]): Promise<void> {
  const db = untyped(ctx.db);
  const same = await db
    .selectFrom(entity.table)
    .select('id')
    .where((eb) => eb.and(links.map((l) => eb(l, '=', row[l]))))
    .executeTakeFirst();
  if (same) return;
  const taken =
    row.id !== undefined &&
    (await db.selectFrom(entity.table).select('id').where('id', '=', row.id).executeTakeFirst());
  await putBack(ctx, entity, taken ? Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'id')) : row);
}

/** The first link field (a single x-ref named in `links`) of a kept row whose record does not exist (any more), if any. */
async function missingReference(
  ctx: OpContext,
  entity: Entity,
  row: Row,
  links: string[],
): Promise<SkippedRow | undefined> {
  for (const f of entity.fields) {
    const ref = f.schema['x-ref'];
    const value = row[f.name];
    if (!links.includes(f.name) || !ref || ref.multiple || f.virtual || value === null || value === undefined) continue;
    const target = ctx.registry.get(ref.entity);
    const key = ref.key ?? 'id';
    const found =
      target && (await untyped(ctx.db).selectFrom(target.table).select(key).where(key, '=', value).executeTakeFirst());
    if (!found)
      return {
        entity: entity.prefix,
        id: row.id === undefined ? null : Number(row.id),
        field: f.name,
        missing: { entity: ref.entity, id: value },
      };
  }
  return undefined;
}

/**
 * Puts the rows of recycle records back (same ids) with what was kept with them, and removes the records; a row whose
 * id or unique value is taken → 409, nothing restored. Kept rows go back after the rows of every record named (so
 * restoring a role and a user together restores the link between them); a kept link row whose other end no longer
 * exists is left out and returned. Delegation is judged on the result, links included.
 */
export async function restoreFromRecycleBin(ctx: OpContext, ids: number[]): Promise<SkippedRow[]> {
  const bin = ctx.registry.get(RECYCLE_PREFIX);
  if (!bin) throw appError(E.RECYCLE_NOT_INSTALLED);
  return guardedTransaction(ctx, async (tx) => {
    const trx = tx.db;
    const scope = ctx.hooks.get(RECYCLE_PREFIX).scope;
    const records = (await untyped(trx)
      .selectFrom(`${bin.table} as a`)
      .selectAll('a')
      .where((eb) => eb.and([eb('a.id', 'in', ids), ...[scope?.(tx, eb)].filter((c) => c !== undefined)]))
      .orderBy('a.id')
      .execute()) as Row[];
    const missing = ids.filter((id) => !records.some((r) => Number(r.id) === id));
    if (missing.length) throw appError(E.RECORD_NOT_FOUND, { prefix: 'recycle/data', id: missing.join(', ') });
    const restored: { entity: Entity; rows: Row[]; kept: KeptRows[] }[] = [];
    for (const record of records) {
      const entity = entityOfRecord(tx, record);
      if (!entity) throw appError(E.RECYCLE_ENTITY_GONE, { id: String(record.id) });
      // A restored record comes back at the revision after its delete (history.ts): the delete was revision + 1.
      const rows: Row[] = [];
      for (const row of parsed(record.data) as Row[]) {
        const last = historyOn(tx, entity) ? await lastVersion(tx, entity, Number(row.id)) : 0;
        rows.push({ ...row, revision: Math.max(Number(row.revision ?? 0) + 2, last + 1) });
      }
      for (const row of rows) await putBack(tx, entity, row);
      await bumpSequence(tx, entity);
      restored.push({ entity, rows, kept: keptOf(record) });
      await untyped(trx).deleteFrom(bin.table).where('id', '=', Number(record.id)).execute();
    }
    const skipped: SkippedRow[] = [];
    for (const group of restored.flatMap((r) => r.kept)) {
      const kept = tx.registry.get(group.entity);
      if (!kept) {
        for (const row of group.rows)
          skipped.push({
            entity: group.entity,
            id: row.id === undefined ? null : Number(row.id),
            field: null,
            missing: { entity: group.entity, id: null },
          });
        continue;
      }
      for (const row of group.rows) {
        const gap = await missingReference(tx, kept, row, group.links ?? []);
        if (gap) skipped.push(gap);
        else if (group.links?.length) await putBackLink(tx, kept, row, group.links);
        else await putBack(tx, kept, row);
      }
      await bumpSequence(tx, kept);
    }
    for (const r of restored) {
      if (!historyOn(tx, r.entity)) continue;
      const back = await withVirtuals(
        tx,
        r.entity,
        r.rows.map((row) => decodeRow(r.entity, row, { keepSecrets: true })),
      );
      await recordHistory(
        tx,
        r.entity,
        back.map((row) => ({
          recordId: Number(row.id),
          version: Number(row.revision),
          action: 'restore',
          changes: diffChanges(r.entity, undefined, row),
        })),
      );
    }
    for (const r of restored) await tx.hooks.get(r.entity.prefix).afterRestore?.(tx, r.rows);
    return skipped;
  });
}
