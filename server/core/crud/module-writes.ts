import type { Row } from '../db/row.js';
import { decodeRow } from '../db/row-codec.js';
import { nowText } from '../db/time.js';
import type { OpContext } from './context.js';
import { untyped } from './dynamic-db.js';
import { diffChanges, type HistoryEntry, nextRevision, recordHistory } from './history.js';

/** Which rows a module write touches: column = value, or column in [values] (an empty list matches nothing). */
export type RowFilter = Record<string, string | number | null | readonly (string | number)[]>;

/**
 * A module's own UPDATE of records of an entity, outside the crud layer (a subject's audit status, a member's level,
 * a bundle's snapshot, product sales, user and department moves, the person's own profile). Every row the filter
 * picks is read first (locked on PostgreSQL and MySQL, so the values recorded are the ones overwritten), written with
 * `revision + 1` and a new updateTime, and recorded in its history as an update in the same transaction — so every
 * write that moves a revision leaves the history row that explains it, and an edit based on the revision before it is
 * merged field by field (stale-merge.ts, mergeStale) instead of refused whole.
 *
 * `patch` holds stored values (as the columns take them), the same for every row or worked out from the row read.
 * A row the patch would not change is not written (its revision stays). Returns the rows the filter picked, as read.
 * Run it inside the caller's transaction.
 */
export async function updateRecorded(
  ctx: OpContext,
  prefix: string,
  filter: RowFilter,
  patch: Row | ((row: Row) => Row),
): Promise<Row[]> {
  const entity = ctx.registry.get(prefix);
  if (!entity) throw new Error(`updateRecorded: no entity ${prefix}`);
  const db = untyped(ctx.db);
  let q = db.selectFrom(entity.table).selectAll();
  for (const [column, value] of Object.entries(filter)) {
    if (Array.isArray(value)) {
      if (value.length === 0) return [];
      q = q.where(column, 'in', value);
    } else q = value === null ? q.where(column, 'is', null) : q.where(column, '=', value);
  }
  // Ascending ids: concurrent writers lock rows in one order (no deadlock on PostgreSQL / MariaDB).
  q = q.orderBy('id');
  if (ctx.database.dialect !== 'sqlite') q = q.forUpdate();
  const rows = (await q.execute()) as Row[];
  const now = nowText();
  const entries: HistoryEntry[] = [];
  const same: { ids: number[]; values: Row } = { ids: [], values: {} };
  for (const row of rows) {
    const values = typeof patch === 'function' ? patch(row) : patch;
    const before = decodeRow(entity, row, { keepSecrets: true });
    const after = decodeRow(entity, { ...row, ...values }, { keepSecrets: true });
    const changes = diffChanges(entity, before, after, Object.keys(values));
    if (Object.keys(changes).length === 0) continue;
    entries.push({ recordId: Number(row.id), version: Number(row.revision ?? 1) + 1, action: 'update', changes });
    if (typeof patch === 'function')
      await db
        .updateTable(entity.table)
        .set({ ...values, updateTime: now, revision: nextRevision() })
        .where('id', '=', row.id)
        .execute();
    else {
      same.ids.push(Number(row.id));
      same.values = values;
    }
  }
  // One statement for a patch that is the same for every row.
  for (let i = 0; i < same.ids.length; i += 500)
    await db
      .updateTable(entity.table)
      .set({ ...same.values, updateTime: now, revision: nextRevision() })
      .where('id', 'in', same.ids.slice(i, i + 500))
      .execute();
  await recordHistory(ctx, entity, entries);
  return rows;
}
