import { conflict, notFound } from '../errors.js';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { nowText } from '../db/time.js';
import type { OpContext } from './context.js';
import { untyped } from './dynamic-db.js';
import { bumpSequence, insertRow } from './insert-row.js';
import { isUniqueViolation } from '../db/dialect-sql.js';
import { guardedTransaction } from '../auth/delegation.js';

export const RECYCLE_PREFIX = 'recycle/data';

/** Entities whose records only the admin who deleted them (or a super admin) sees in the bin: they carry rights. */
const OWNER_SCOPED = new Set(['base/sys/role', 'base/sys/menu']);

/**
 * Who besides a super admin may see a deleted row (the recycle bin's `scope` column): rows of department-scoped
 * entities keep their department, so a delegated admin sees only what lay in their department scope.
 */
export function recycleScopeOf(entity: Entity, row: Row): string | null {
  if (OWNER_SCOPED.has(entity.prefix)) return 'owner';
  if (entity.prefix === 'base/sys/department') return `dept:${String(row.id)}`;
  if (entity.fields.some((f) => f.name === 'departmentId')) return row.departmentId === null || row.departmentId === undefined ? 'dept:none' : `dept:${String(row.departmentId)}`;
  return null;
}

/** Stores deleted rows exactly as they were kept, so a restore puts them back unchanged; one record per data scope. */
export async function copyToRecycleBin(ctx: OpContext, entity: Entity, rows: Row[]): Promise<void> {
  const bin = ctx.registry.get(RECYCLE_PREFIX);
  if (!bin) return;
  const now = nowText();
  const groups = new Map<string | null, Row[]>();
  for (const row of rows) {
    const scope = recycleScopeOf(entity, row);
    groups.set(scope, [...(groups.get(scope) ?? []), row]);
  }
  for (const [scope, group] of groups) {
    await insertRow(ctx, bin, {
      entityInfo: JSON.stringify({ dataSourceName: 'default', entity: entity.className }),
      entityPrefix: entity.prefix,
      scope,
      userId: ctx.user?.id ?? null,
      data: JSON.stringify(group),
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
    info = typeof record.entityInfo === 'string' ? JSON.parse(record.entityInfo) : (record.entityInfo as object) ?? {};
  } catch {
    return undefined;
  }
  return ctx.registry.all().find((e) => e.className === info.entity);
}

/** Puts the rows of recycle records back (same ids) and removes the records; a row whose id is taken → 409. */
export async function restoreFromRecycleBin(ctx: OpContext, ids: number[]): Promise<void> {
  const bin = ctx.registry.get(RECYCLE_PREFIX);
  if (!bin) throw notFound('the recycle bin is not installed');
  await guardedTransaction(ctx, async (tx) => {
    const trx = tx.db;
    const scope = ctx.hooks.get(RECYCLE_PREFIX).scope;
    const records = (await untyped(trx).selectFrom(`${bin.table} as a`).selectAll('a')
      .where((eb) => eb.and([eb('a.id', 'in', ids), ...[scope?.(tx, eb)].filter((c) => c !== undefined)])).execute()) as Row[];
    const missing = ids.filter((id) => !records.some((r) => Number(r.id) === id));
    if (missing.length) throw notFound(`recycle/data: no record with id ${missing.join(', ')}`);
    for (const record of records) {
      const entity = entityOfRecord(tx, record);
      if (!entity) throw notFound(`recycle record ${String(record.id)}: its entity no longer exists`);
      const rows = JSON.parse(String(record.data)) as Row[];
      for (const row of rows) {
        const stored: Row = {};
        for (const f of entity.fields) if (row[f.name] !== undefined) stored[f.name] = row[f.name];
        try {
          await untyped(trx).insertInto(entity.table).values(stored).execute();
        } catch (e) {
          if (isUniqueViolation(e)) throw conflict(`${entity.prefix}: record ${String(row.id)} cannot be restored because its id or a unique value is in use`);
          throw e;
        }
      }
      await bumpSequence(tx, entity);
      await untyped(trx).deleteFrom(bin.table).where('id', '=', Number(record.id)).execute();
    }
  });
}
