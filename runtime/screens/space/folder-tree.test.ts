import { describe, expect, it } from 'vitest';
import { folderTree } from './folder-tree';

describe('folderTree', () => {
  it('puts each folder under its parent, depth first; a missing parent or a cycle never hides or repeats a folder', () => {
    const tree = folderTree([
      { id: 1, name: 'Pictures', parentId: null },
      { id: 2, name: 'Sofas', parentId: 1 },
      { id: 3, name: 'Videos', parentId: null },
      { id: 4, name: 'Leather', parentId: 2 },
      { id: 5, name: 'Orphan', parentId: 99 },
    ]);
    expect(tree.map((x) => [x.folder.name, x.depth])).toEqual([
      ['Pictures', 0],
      ['Sofas', 1],
      ['Leather', 2],
      ['Videos', 0],
      ['Orphan', 0],
    ]);
    const cycle = folderTree([
      { id: 1, name: 'A', parentId: 2 },
      { id: 2, name: 'B', parentId: 1 },
    ]);
    expect(cycle.map((x) => [x.folder.name, x.depth])).toEqual([
      ['A', 0],
      ['B', 1],
    ]);
  });
});
