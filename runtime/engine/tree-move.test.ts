import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { reorder, treeOrder, type RelationOption } from './tree-move';

/** Options as the panel has them: rows in tree order with depths. */
function optionsOf(rows: { id: number; parentId: number | null; orderNum: number }[]): RelationOption[] {
  const sorted = [...rows].sort((a, b) => a.orderNum - b.orderNum);
  return treeOrder(sorted, 'id').map(({ row, depth }) => ({
    value: row.id as number,
    label: String(row.id),
    depth,
    row,
  }));
}

const tree = [
  { id: 1, parentId: null, orderNum: 1 },
  { id: 2, parentId: 1, orderNum: 1 },
  { id: 3, parentId: 1, orderNum: 2 },
  { id: 4, parentId: 1, orderNum: 3 },
  { id: 5, parentId: 3, orderNum: 1 },
];

describe('dragging a node of a tree master (reorder)', () => {
  it('before and after a sibling: the parent keeps its children, in the new order', () => {
    expect(reorder(optionsOf(tree), 4, 2, 'before')).toEqual([
      { id: 4, parentId: 1, orderNum: 1 },
      { id: 2, parentId: 1, orderNum: 2 },
      { id: 3, parentId: 1, orderNum: 3 },
    ]);
    expect(reorder(optionsOf(tree), 2, 3, 'after')).toEqual([
      { id: 3, parentId: 1, orderNum: 1 },
      { id: 2, parentId: 1, orderNum: 2 },
      { id: 4, parentId: 1, orderNum: 3 },
    ]);
  });

  it('onto a node: the last child of it', () => {
    expect(reorder(optionsOf(tree), 2, 3, 'inside')).toEqual([
      { id: 5, parentId: 3, orderNum: 1 },
      { id: 2, parentId: 3, orderNum: 2 },
    ]);
  });

  it('never under itself or its own descendants', () => {
    expect(reorder(optionsOf(tree), 3, 5, 'inside')).toBeUndefined();
    expect(reorder(optionsOf(tree), 1, 2, 'before')).toBeUndefined();
    expect(reorder(optionsOf(tree), 3, 3, 'inside')).toBeUndefined();
  });

  it('any drop keeps every node exactly once and the tree acyclic (property)', () => {
    const arbTree = fc.array(fc.nat(), { minLength: 1, maxLength: 12 }).map((parents) =>
      parents.map((p, i) => ({
        id: i + 1,
        parentId: i === 0 || p % (i + 1) === 0 ? null : (p % i) + 1,
        orderNum: i + 1,
      })),
    );
    fc.assert(
      fc.property(
        arbTree,
        fc.nat(),
        fc.nat(),
        fc.constantFrom('before', 'inside', 'after' as const),
        (rows, a, b, zone) => {
          const options = optionsOf(rows);
          const moved = options[a % options.length].value;
          const target = options[b % options.length].value;
          const body = reorder(options, moved, target, zone as 'before' | 'inside' | 'after');
          if (!body) return;
          const next = rows.map((r) => ({ ...r }));
          for (const it of body)
            Object.assign(next.find((r) => r.id === it.id)!, { parentId: it.parentId, orderNum: it.orderNum });
          // Every node is reachable from a root once: no cycle, nothing lost.
          const reached = optionsOf(next).map((o) => o.value);
          expect([...reached].sort((x, y) => Number(x) - Number(y))).toEqual(rows.map((r) => r.id));
          expect(body.map((x) => x.id)).toContain(moved);
          expect(new Set(body.map((x) => x.orderNum)).size).toBe(body.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
