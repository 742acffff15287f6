import type { OpContext } from '../../../core/crud/context.js';
import { untyped } from '../../../core/crud/dynamic-db.js';
import { E, fieldError } from '../../../core/errors.js';
import { nowText } from '../../../core/db/time.js';
import type { Row } from '../../../core/db/row.js';
import type { KeptRows } from '../../../core/crud/entity-hooks.js';

/** An optional list of ids from a body field: undefined when absent, 400 when malformed. */
export function idList(body: Row, name: string): number[] | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.length > 10_000 || !v.every((x) => Number.isSafeInteger(x) && (x as number) > 0)) {
    throw fieldError(name, E.FIELD_ID_LIST);
  }
  return [...new Set(v as number[])];
}

/** Replaces the rows of a link table owned by one id (user → roles, role → menus, role → departments). */
export async function replaceLinks(
  ctx: OpContext,
  table: string,
  ownerColumn: string,
  ownerId: number,
  otherColumn: string,
  ids: number[],
): Promise<void> {
  // Table and columns are parameters here, so the query is built untyped.
  const db = untyped(ctx.db);
  await db.deleteFrom(table).where(ownerColumn, '=', ownerId).execute();
  if (ids.length === 0) return;
  const now = nowText();
  await db
    .insertInto(table)
    .values(ids.map((id) => ({ [ownerColumn]: ownerId, [otherColumn]: id, createTime: now, updateTime: now })))
    .execute();
}

/** The stored rows of link tables that name any of these ids (kept with a recycle copy: they go with the record). */
export async function linkRowsOf(
  ctx: OpContext,
  links: { entity: string; table: string; column: string; other: string }[],
  ids: number[],
): Promise<KeptRows[]> {
  const out: KeptRows[] = [];
  for (const l of links) {
    const rows: Row[] = await untyped(ctx.db)
      .selectFrom(l.table)
      .selectAll()
      .where(l.column, 'in', ids)
      .orderBy('id')
      .execute();
    // A link goes back only when both its ends exist.
    out.push({ entity: l.entity, rows, links: [l.column, l.other] });
  }
  return out;
}

/** Ids from a link table for one owner. */
export async function linkedIds(
  ctx: OpContext,
  table: string,
  ownerColumn: string,
  ownerId: number,
  otherColumn: string,
): Promise<number[]> {
  const rows: Row[] = await untyped(ctx.db)
    .selectFrom(table)
    .select(otherColumn)
    .where(ownerColumn, '=', ownerId)
    .execute();
  return rows.map((r) => Number(r[otherColumn]));
}
