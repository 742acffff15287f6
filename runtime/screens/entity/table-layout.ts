import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { ColumnSpec } from '../../engine/eps-columns';
import type { EntityRow } from '../../engine/use-entity-list';
import { VIRTUAL_FROM } from './table-rows';

/** The width of the checkbox column. */
export const SELECT_WIDTH = 40;

/** Where each column sits: the left offsets of the sticky ones and one style object per column. */
export function useColumnLayout(columns: ColumnSpec[], selectable: boolean) {
  // Left offsets of sticky columns: the checkbox, then columns the schema fixes to the left.
  const stickyLeft = useMemo(() => {
    const out = new Map<string, number>();
    let left = selectable ? SELECT_WIDTH : 0;
    for (const c of columns)
      if (c.fixed === 'left') {
        out.set(c.id, left);
        left += c.width ?? 150;
      }
    return out;
  }, [columns, selectable]);
  // One style object per column, kept while the columns stay: rows that stay in view are not drawn again on a scroll step.
  const cellStyles = useMemo(
    () =>
      new Map(
        columns.map((c): [string, CSSProperties] => [
          c.id,
          {
            width: c.width,
            minWidth: c.width ?? 96,
            maxWidth: c.width ? Math.max(c.width, 320) : 320,
            ...(stickyLeft.has(c.id) ? { position: 'sticky', left: stickyLeft.get(c.id), zIndex: 1 } : {}),
          },
        ]),
      ),
    [columns, stickyLeft],
  );
  return { stickyLeft, cellStyles };
}

/**
 * A long (virtualized) page lays its columns out once, as the browser did for the first rows it drew, then keeps
 * those widths (table-layout: fixed): a scroll step then lays out the rows it adds, not the whole table, and the
 * columns do not jump as rows of other widths come into view. A new page or set of columns measures again.
 * `headRef` goes on the header row; `widths` is undefined until measured (and for short pages).
 */
export function useFrozenWidths(rows: EntityRow[], columns: ColumnSpec[]) {
  const headRef = useRef<HTMLTableRowElement>(null);
  const [frozen, setFrozen] = useState<{ rows: EntityRow[]; columns: ColumnSpec[]; widths: number[] }>();
  const virtual = rows.length > VIRTUAL_FROM;
  const widths = virtual && frozen?.rows === rows && frozen.columns === columns ? frozen.widths : undefined;
  useLayoutEffect(() => {
    if (!virtual || widths || !headRef.current) return;
    setFrozen({ rows, columns, widths: [...headRef.current.cells].map((c) => c.getBoundingClientRect().width) });
  }, [virtual, widths, rows, columns]);
  return { headRef, widths };
}
