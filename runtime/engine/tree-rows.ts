import type { EntityRow } from './use-entity-list';

export type TreeRow = { row: EntityRow; depth: number; hasChildren: boolean };

const keyOf = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * The rows of a tree entity (a parentId naming a row of the same list) in tree order, each under its parent, for a
 * tree table: only rows whose ancestors are all open are shown. With `matches` (a keyword search), the matching rows
 * are shown with every ancestor, open, whatever `open` says; rows whose parent is not in the list are roots, and
 * rows caught in a loop of parents are shown at the top level rather than lost.
 */
export function treeRows(
  rows: EntityRow[],
  open: ReadonlySet<string>,
  matches?: (row: EntityRow) => boolean,
  parentKey = 'parentId',
): TreeRow[] {
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const parentOf = (r: EntityRow) => {
    const p = keyOf(r[parentKey]);
    return p !== null && byId.has(p) && p !== String(r.id) ? p : null;
  };
  const children = new Map<string | null, EntityRow[]>();
  for (const r of rows) {
    const p = parentOf(r);
    if (!children.has(p)) children.set(p, []);
    children.get(p)!.push(r);
  }
  // With a search: the matches and their ancestors.
  let keep: Set<string> | undefined;
  if (matches) {
    keep = new Set();
    for (const r of rows) {
      if (!matches(r)) continue;
      let at: string | null = String(r.id);
      const seen = new Set<string>();
      while (at !== null && !seen.has(at)) {
        seen.add(at);
        keep.add(at);
        at = parentOf(byId.get(at)!);
      }
    }
  }
  const out: TreeRow[] = [];
  const placed = new Set<string>();
  const walk = (parent: string | null, depth: number, visible: boolean) => {
    for (const r of children.get(parent) ?? []) {
      const id = String(r.id);
      if (placed.has(id)) continue;
      placed.add(id);
      if (keep && !keep.has(id)) continue;
      const kids = (children.get(id) ?? []).filter((c) => !keep || keep.has(String(c.id)));
      if (visible) out.push({ row: r, depth, hasChildren: kids.length > 0 });
      walk(id, depth + 1, visible && (keep !== undefined || open.has(id)));
    }
  };
  walk(null, 0, true);
  for (const r of rows) {
    if (placed.has(String(r.id)) || (keep && !keep.has(String(r.id)))) continue;
    // A loop of parents: listed from its first member.
    placed.add(String(r.id));
    out.push({ row: r, depth: 0, hasChildren: (children.get(String(r.id)) ?? []).length > 0 });
    walk(String(r.id), 1, keep !== undefined || open.has(String(r.id)));
  }
  return out;
}

/** Every row that has children (to open them all). */
export function parentsOf(rows: EntityRow[], parentKey = 'parentId'): Set<string> {
  return new Set(rows.map((r) => keyOf(r[parentKey])).filter((p): p is string => p !== null));
}
