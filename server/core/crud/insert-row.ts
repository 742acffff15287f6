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

/** After rows were inserted with explicit ids, PostgreSQL's sequence must move past them. */
export async function bumpSequence(ctx: OpContext, entity: Entity): Promise<void> {
  if (ctx.database.dialect !== 'postgres') return;
  await sql`select setval(pg_get_serial_sequence(${entity.table}, 'id'), coalesce((select max(id) from ${sql.table(entity.table)}), 0) + 1, false)`.execute(ctx.db);
}
