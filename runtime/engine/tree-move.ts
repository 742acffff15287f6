/** Pure tree helpers of the pickers and the master panel (no browser state: unit-tested under Node). */

/** A choice: the record's key and label, its depth in a tree (0 for flat entities), and the record itself. */
export type RelationOption = { value: number | string; label: string; depth: number; row?: Record<string, unknown> };

type Row = Record<string, unknown>;

/** Rows with a parentId are put in tree order (children under their parent) with their depth, for tree pickers. */
export function treeOrder(rows: Row[], key: string): { row: Row; depth: number }[] {
  if (!rows.some((r) => 'parentId' in r)) return rows.map((row) => ({ row, depth: 0 }));
  const ids = new Set(rows.map((r) => String(r[key])));
  const children = new Map<string, Row[]>();
  for (const r of rows) {
    const parent =
      r.parentId === null || r.parentId === undefined || !ids.has(String(r.parentId)) ? '' : String(r.parentId);
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const out: { row: Row; depth: number }[] = [];
  const seen = new Set<string>();
  const walk = (parent: string, depth: number) => {
    for (const r of children.get(parent) ?? []) {
      const id = String(r[key]);
      if (seen.has(id)) continue; // a cycle in bad data must not hang the picker
      seen.add(id);
      out.push({ row: r, depth });
      walk(id, depth + 1);
    }
  };
  walk('', 0);
  return out;
}

export type Zone = 'before' | 'inside' | 'after';

/**
 * Where a dragged node lands: the sibling list of its new parent in order, as `<entity>/order` takes it
 * ({id, parentId, orderNum} for each). Undefined when the drop would put a node under itself.
 */
export function reorder(
  options: RelationOption[],
  moved: number | string,
  target: number | string,
  zone: Zone,
): { id: number | string; parentId: number | string | null; orderNum: number }[] | undefined {
  const at = options.findIndex((o) => o.value === moved);
  const on = options.findIndex((o) => o.value === target);
  if (at < 0 || on < 0 || moved === target) return undefined;
  // The moved node and everything below it (options are in tree order with depths).
  const below = new Set([moved]);
  for (let i = at + 1; i < options.length && options[i].depth > options[at].depth; i++) below.add(options[i].value);
  if (below.has(target)) return undefined;
  const parentOf = (o: RelationOption) =>
    o.row?.parentId === undefined || o.row?.parentId === null ? null : (o.row.parentId as number | string);
  const parent = zone === 'inside' ? target : parentOf(options[on]);
  const siblings = options
    .filter((o) => o.value !== moved && String(parentOf(o)) === String(parent))
    .map((o) => o.value);
  if (zone === 'inside') siblings.push(moved);
  else siblings.splice(siblings.indexOf(target) + (zone === 'after' ? 1 : 0), 0, moved);
  return siblings.map((id, i) => ({ id, parentId: parent, orderNum: i + 1 }));
}
