/** A file-space folder (space/type). */
export type Folder = { id: number; name: string; parentId: number | null };

/** Folders in tree order (a folder under its parent), each with its depth. */
export function folderTree(folders: Folder[]): { folder: Folder; depth: number }[] {
  const ids = new Set(folders.map((f) => f.id));
  const children = (parent: number | null) =>
    folders.filter((f) => (f.parentId !== null && ids.has(f.parentId) ? f.parentId : null) === parent);
  const out: { folder: Folder; depth: number }[] = [];
  const walk = (parent: number | null, depth: number, seen: Set<number>) => {
    for (const f of children(parent)) {
      if (seen.has(f.id)) continue;
      seen.add(f.id);
      out.push({ folder: f, depth });
      walk(f.id, depth + 1, seen);
    }
  };
  const seen = new Set<number>();
  walk(null, 0, seen);
  // Folders caught in a loop of parents (no root above them) are listed at the top level rather than lost.
  for (const f of folders) {
    if (seen.has(f.id)) continue;
    seen.add(f.id);
    out.push({ folder: f, depth: 0 });
    walk(f.id, 1, seen);
  }
  return out;
}
