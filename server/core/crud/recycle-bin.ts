import { conflict, notFound } from '../errors.js';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { nowText } from '../db/time.js';
import type { OpContext } from './context.js';
import { untyped } from './dynamic-db.js';
import { bumpSequence, insertRow } from './insert-row.js';
import { isUniqueViolation } from '../db/dialect-sql.js';

export const RECYCLE_PREFIX = 'recycle/data';

/** Stores deleted rows exactly as they were kept, so a restore puts them back unchanged. */
export async function copyToRecycleBin(ctx: OpContext, entity: Entity, rows: Row[]): Promise<void> {
  const bin = ctx.registry.get(RECYCLE_PREFIX);
  if (!bin) return;
  const now = nowText();
  await insertRow(ctx, bin, {
    entityInfo: JSON.stringify({ dataSourceName: 'default', entity: entity.className }),
    userId: ctx.user?.id ?? null,
    data: JSON.stringify(rows),
    url: ctx.url.slice(0, 1000),
    params: JSON.stringify(ctx.params ?? {}),
    count: rows.length,
    createTime: now,
    updateTime: now,
  });
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
  await ctx.db.transaction().execute(async (trx) => {
    const tx = { ...ctx, db: trx };
    const records = (await untyped(trx).selectFrom(bin.table).selectAll().where('id', 'in', ids).execute()) as Row[];
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
