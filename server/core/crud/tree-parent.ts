import type { OpContext } from './context.js';
import { untyped } from './dynamic-db.js';
import { E, fieldError } from '../errors.js';
import type { Row } from '../db/row.js';

/**
 * A tree row's new parent must exist and must not be the row itself or one of its descendants (a cycle would hide
 * the subtree from every tree screen and make ancestor walks meaningless). `id` is absent for a new row.
 */
export async function assertTreeParent(
  ctx: OpContext,
  table: string,
  id: number | undefined,
  parentId: unknown,
  field = 'parentId',
): Promise<void> {
  if (parentId === null || parentId === undefined) return;
  const rows = (await untyped(ctx.db).selectFrom(table).select(['id', 'parentId']).execute()) as Row[];
  const parents = new Map(rows.map((r) => [Number(r.id), r.parentId === null ? null : Number(r.parentId)]));
  const target = Number(parentId);
  if (!parents.has(target)) throw fieldError(field, E.PARENT_MISSING, { id: target });
  if (id === undefined) return;
  const seen = new Set<number>();
  for (let at: number | null = target; at !== null && !seen.has(at); at = parents.get(at) ?? null) {
    if (at === id) throw fieldError(field, E.PARENT_CYCLE);
    seen.add(at);
  }
}

/** After several moves at once (drag-and-drop ordering): every row must still reach a root. */
export async function assertAcyclic(ctx: OpContext, table: string, field = 'parentId'): Promise<void> {
  const rows = (await untyped(ctx.db).selectFrom(table).select(['id', 'parentId']).execute()) as Row[];
  const parents = new Map(rows.map((r) => [Number(r.id), r.parentId === null ? null : Number(r.parentId)]));
  const rooted = new Set<number>();
  for (const start of parents.keys()) {
    const path = new Set<number>();
    for (let at: number | null = start; at !== null && !rooted.has(at); at = parents.get(at) ?? null) {
      if (path.has(at)) throw fieldError(field, E.PARENT_CYCLE_AT, { id: at });
      path.add(at);
    }
    for (const id of path) rooted.add(id);
  }
}
