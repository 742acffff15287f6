import { sql } from 'kysely';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import type { OpContext } from './context.js';
import { untyped } from './dynamic-db.js';

/** Inserts one stored row and returns its id, on every dialect. */
export async function insertRow(ctx: OpContext, entity: Entity, row: Row): Promise<number> {
  const q = untyped(ctx.db).insertInto(entity.table).values(row);
  if (ctx.database.dialect === 'mysql') {
    const r = await q.executeTakeFirstOrThrow();
    return row.id !== undefined ? Number(row.id) : Number(r.insertId);
  }
  const r = await q.returning('id').executeTakeFirstOrThrow();
  return Number((r as Row).id);
}

/**
 * After rows were inserted with explicit ids, PostgreSQL's sequence must move past them — and only ever forward: set
 * back to max(id) + 1 after the highest row was deleted, it would hand that id to the next new row, and the deleted
 * row could then not be restored from the recycle bin. Restored rows hold ids the sequence gave out before, so it
 * moves only when rows were written with ids it never gave (the seed).
 */
export async function bumpSequence(ctx: OpContext, entity: Entity): Promise<void> {
  if (ctx.database.dialect !== 'postgres') return;
  const found = await sql<{ seq: string | null }>`select pg_get_serial_sequence(${entity.table}, 'id') as seq`.execute(
    ctx.db,
  );
  const seq = found.rows[0]?.seq;
  if (!seq) return;
  // The name comes from the catalog, quoted where it needs to be.
  await sql`select setval(${seq}::regclass, m.top, true) from (select max(id) as top from ${sql.table(entity.table)}) m
    where m.top >= (select case when is_called then last_value + 1 else last_value end from ${sql.raw(seq)})`.execute(
    ctx.db,
  );
}
