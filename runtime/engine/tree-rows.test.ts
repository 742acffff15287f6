import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parentsOf, treeRows } from './tree-rows';

const row = (id: number, parentId: number | null, name = `n${id}`) => ({ id, parentId, name });

describe('treeRows', () => {
  const rows = [
    row(1, null, 'System'),
    row(2, 1, 'Users'),
    row(3, 2, 'Add user'),
    row(4, null, 'Shop'),
    row(5, 4, 'Orders'),
    row(6, 99, 'Orphan'),
  ];

  it('orders rows under their parents and shows children only of open rows', () => {
    expect(treeRows(rows, new Set()).map((r) => [r.row.name, r.depth, r.hasChildren])).toEqual([
      ['System', 0, true],
      ['Shop', 0, true],
      ['Orphan', 0, false],
    ]);
    expect(treeRows(rows, new Set(['1', '2'])).map((r) => [r.row.name, r.depth])).toEqual([
      ['System', 0],
      ['Users', 1],
      ['Add user', 2],
      ['Shop', 0],
      ['Orphan', 0],
    ]);
    expect(treeRows(rows, parentsOf(rows)).map((r) => r.row.name)).toEqual([
      'System',
      'Users',
      'Add user',
      'Shop',
      'Orders',
      'Orphan',
    ]);
  });

  it('a search keeps the matches with their ancestors, opened', () => {
    expect(treeRows(rows, new Set(), (r) => String(r.name).includes('Add')).map((r) => [r.row.name, r.depth])).toEqual([
      ['System', 0],
      ['Users', 1],
      ['Add user', 2],
    ]);
  });

  it('property: every row appears exactly once when all are open, each after its parent, and loops lose nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }), { minLength: 1, maxLength: 30 }),
        (parents) => {
          const list = parents.map((p, i) => row(i + 1, p));
          const out = treeRows(list, parentsOf(list));
          expect(out.map((r) => r.row.id).sort((a, b) => a - b)).toEqual(list.map((r) => r.id));
          const at = new Map(out.map((r, i) => [r.row.id, i]));
          for (const r of out)
            if (r.depth > 0) expect(at.get(r.row.parentId as number)!).toBeLessThan(at.get(r.row.id)!);
        },
      ),
      { numRuns: 200 },
    );
  });
});
