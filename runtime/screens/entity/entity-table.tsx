import { memo, useLayoutEffect, useMemo, useRef, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  rowSelectionFeature, rowSortingFeature, tableFeatures, useTable,
  type RowSelectionState, type SortingState, type Updater,
} from '@tanstack/react-table';
import type { ColumnSpec } from '../../engine/eps-columns';
import type { EntityRow } from '../../engine/use-entity-list';
import type { ListState, SortDir } from '../../engine/use-list-state';
import { recallScroll, rememberScroll } from '../../engine/kept-scroll';
import { widgetRegistry } from '../../widgets/widget-registry';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });

/** Pages longer than this render only the rows in view. */
const VIRTUAL_FROM = 60;
const ROW_HEIGHT = 45;
const SELECT_WIDTH = 40;

export type EntityTableProps = {
  columns: ColumnSpec[];
  rows: EntityRow[];
  state: ListState;
  loading: boolean;
  selectable: boolean;
  selection: RowSelectionState;
  onSelectionChange: (next: RowSelectionState) => void;
  onSort: (order: string | undefined, sort?: SortDir) => void;
  /** Row actions (info, edit, delete), rendered in the sticky last column. */
  actions?: (row: EntityRow) => ReactNode;
  actionsWidth: number;
  empty: ReactNode;
  /** Where the rows were scrolled is kept under this key and restored when the table shows rows again (keep-alive). */
  scrollKey?: string;
  /** A tree table: the first column is indented by depth, with a toggle on rows that have children. */
  tree?: {
    info: (row: EntityRow) => { depth: number; hasChildren: boolean } | undefined;
    isOpen: (row: EntityRow) => boolean;
    toggle: (row: EntityRow) => void;
  };
};

const resolve = <T,>(u: Updater<T>, old: T): T => (typeof u === 'function' ? (u as (o: T) => T)(old) : u);

function Checkbox({ checked, indeterminate, onChange, label }: { checked: boolean; indeterminate?: boolean; onChange: (e: unknown) => void; label: string }) {
  return (
    <input type="checkbox" aria-label={label} checked={checked} onChange={onChange}
      ref={(el) => { if (el) el.indeterminate = !!indeterminate; }}
      className="h-3.5 w-3.5 cursor-pointer align-middle accent-[var(--color-primary)]" />
  );
}

function SortMark({ dir }: { dir: false | 'asc' | 'desc' }) {
  return (
    <span className="ml-1 inline-flex flex-col leading-none text-[8px]" aria-hidden="true">
      <span className={dir === 'asc' ? 'text-primary' : 'text-line-strong'}>▲</span>
      <span className={dir === 'desc' ? 'text-primary' : 'text-line-strong'}>▼</span>
    </span>
  );
}

/** The list table: TanStack Table v9 with server-side sorting, row selection and virtual rows for long pages. */
type CellProps = { value: unknown; row: EntityRow; column: ColumnSpec };

/**
 * A cell drawn again only when its value, row or column changed: scrolling a long (virtualized) page re-renders the
 * table for every step, and the rows that stay in view keep their cells as they were.
 */
const KeptCell = memo(function KeptCell({ cell: Cell, ...props }: CellProps & { cell: ComponentType<CellProps> }) {
  return <Cell {...props} />;
});

export function EntityTable(props: EntityTableProps) {
  const { columns, rows, state, loading, selectable, selection, onSelectionChange, onSort, actions, actionsWidth, empty, scrollKey, tree } = props;
  const { t } = useTranslation('entity');
  const scrollRef = useRef<HTMLDivElement>(null);
  // Restored once per key, when the rows are there to scroll (they may arrive from the cache or the server).
  const restored = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!scrollKey || restored.current === scrollKey || !rows.length || !el) return;
    const top = recallScroll(scrollKey);
    // The table gets its height a moment after its rows (it is sized to fill the page): try for a few frames.
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      el.scrollTop = top;
      if (Math.abs(el.scrollTop - top) <= 1 || ++tries > 60) restored.current = scrollKey;
      else frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [scrollKey, rows.length]);
  const sorting = useMemo<SortingState>(() => (state.order ? [{ id: state.order, desc: state.sort === 'desc' }] : []), [state.order, state.sort]);

  // Left offsets of sticky columns: the checkbox, then columns the schema fixes to the left.
  const stickyLeft = useMemo(() => {
    const out = new Map<string, number>();
    let left = selectable ? SELECT_WIDTH : 0;
    for (const c of columns) if (c.fixed === 'left') { out.set(c.id, left); left += c.width ?? 150; }
    return out;
  }, [columns, selectable]);

  const defs = useMemo(() => columns.map((c) => {
    const Cell = widgetRegistry.cells[c.cell];
    return {
      id: c.id,
      accessorFn: (row: EntityRow) => row[c.accessor],
      header: c.label,
      enableSorting: c.sortable,
      cell: (ctx: { getValue: () => unknown; row: { original: EntityRow } }) => <KeptCell cell={Cell} value={ctx.getValue()} row={ctx.row.original} column={c} />,
    };
  }), [columns]);

  const table = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (row: EntityRow) => String(row.id),
    manualSorting: true,
    enableMultiSort: false,
    // Every column sorts ascending first, numbers included (TanStack would start numbers descending).
    sortDescFirst: false,
    state: { sorting, rowSelection: selection },
    onSortingChange: (u: Updater<SortingState>) => {
      const next = resolve(u, sorting)[0];
      onSort(next?.id, next ? (next.desc ? 'desc' : 'asc') : undefined);
    },
    onRowSelectionChange: (u: Updater<RowSelectionState>) => onSelectionChange(resolve(u, selection)),
  });

  const modelRows = table.getRowModel().rows;
  // The header box's state walks every row: worked out when the rows or the ticks change, not on each scroll step.
  const ticked = useMemo(() => {
    const count = rows.reduce((n, r) => n + (selection[String(r.id)] ? 1 : 0), 0);
    return { all: rows.length > 0 && count === rows.length, some: count > 0 && count < rows.length };
  }, [rows, selection]);
  const virtual = modelRows.length > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: virtual ? modelRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Scrolling re-renders in React's own time, not synchronously inside each scroll event (a long page stays smooth).
    useFlushSync: false,
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const padTop = virtual && items.length ? items[0].start : 0;
  const padBottom = virtual && items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const visibleRows = virtual ? items.map((i) => modelRows[i.index]) : modelRows;
  const spec = new Map(columns.map((c) => [c.id, c]));
  const span = columns.length + (selectable ? 1 : 0) + (actions ? 1 : 0);

  const cellStyle = (c: ColumnSpec | undefined): CSSProperties => ({
    width: c?.width, minWidth: c?.width ?? 96, maxWidth: c?.width ? Math.max(c.width, 320) : 320,
    ...(c && stickyLeft.has(c.id) ? { position: 'sticky', left: stickyLeft.get(c.id), zIndex: 1 } : {}),
  });
  const th = 'h-10 border-b border-line bg-subtle px-3 text-left text-xs font-semibold whitespace-nowrap text-muted';
  // The sticky action column casts a faint shadow on the columns scrolling under it.
  const stickyEdge = 'shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.18)]';
  const td = 'border-b border-line px-3 py-1.5 align-middle';

  return (
    <div ref={scrollRef} className="relative min-h-0 flex-1 overflow-auto" data-testid="entity-table"
      onScroll={scrollKey ? (e) => { if (restored.current === scrollKey) rememberScroll(scrollKey, e.currentTarget.scrollTop); } : undefined}>
      <table className="w-full border-separate border-spacing-0 text-[13px]" aria-busy={loading}>
        <thead className="sticky top-0 z-[2]">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selectable && (
                <th className={`${th} sticky left-0 z-[3]`} style={{ width: SELECT_WIDTH }}>
                  <Checkbox label={t('table.selectAll')} checked={ticked.all} indeterminate={ticked.some} onChange={table.getToggleAllPageRowsSelectedHandler()} />
                </th>
              )}
              {group.headers.map((header) => {
                const c = spec.get(header.column.id);
                const canSort = header.column.getCanSort();
                const dir = header.column.getIsSorted();
                return (
                  <th key={header.id} className={th} style={cellStyle(c)} data-column={header.column.id}
                    aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}>
                    {canSort ? (
                      <button type="button" onClick={header.column.getToggleSortingHandler()} className="inline-flex items-center hover:text-ink">
                        <table.FlexRender header={header} />
                        <SortMark dir={dir} />
                      </button>
                    ) : <table.FlexRender header={header} />}
                  </th>
                );
              })}
              {actions && <th className={`${th} ${stickyEdge} sticky right-0 z-[3] text-left`} style={{ width: actionsWidth, minWidth: actionsWidth }}>{t('table.actions')}</th>}
            </tr>
          ))}
        </thead>
        <tbody className={loading && rows.length ? 'opacity-60 transition-opacity' : ''}>
          {padTop > 0 && <tr aria-hidden="true"><td colSpan={span} style={{ height: padTop, padding: 0 }} /></tr>}
          {visibleRows.map((row) => {
            const selected = row.getIsSelected();
            const bg = selected ? 'bg-primary-9' : 'bg-surface group-hover:bg-hover';
            return (
              <tr key={row.id} className="group" data-row-id={row.id} style={virtual ? { height: ROW_HEIGHT } : undefined}>
                {selectable && (
                  <td className={`${td} ${bg} sticky left-0 z-[1]`}>
                    <Checkbox label={t('table.selectRow')} checked={selected} onChange={row.getToggleSelectedHandler()} />
                  </td>
                )}
                {row.getAllCells().map((cell, i) => {
                  const node = tree && i === 0 ? tree.info(row.original) : undefined;
                  return (
                    <td key={cell.id} className={`${td} ${bg} text-ink`} style={cellStyle(spec.get(cell.column.id))} data-column={cell.column.id}>
                      {node ? (
                        <span className="flex items-center gap-1" style={{ paddingLeft: node.depth * 18 }} data-depth={node.depth}>
                          {node.hasChildren ? (
                            <button type="button" aria-expanded={tree!.isOpen(row.original)} aria-label={tree!.isOpen(row.original) ? t('tree.collapse') : t('tree.expand')}
                              onClick={() => tree!.toggle(row.original)}
                              className="flex h-5 w-5 shrink-0 items-center justify-center rounded text-muted hover:bg-hover hover:text-ink">
                              <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" className={`transition-transform ${tree!.isOpen(row.original) ? 'rotate-90' : ''}`}><path d="M4 2.5 7.5 6 4 9.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" /></svg>
                            </button>
                          ) : <span className="w-5 shrink-0" />}
                          <span className="min-w-0">
                            <table.FlexRender cell={cell} />
                          </span>
                        </span>
                      ) : <table.FlexRender cell={cell} />}
                    </td>
                  );
                })}
                {actions && <td className={`${td} ${bg} ${stickyEdge} sticky right-0 z-[1] whitespace-nowrap`}>{actions(row.original)}</td>}
              </tr>
            );
          })}
          {padBottom > 0 && <tr aria-hidden="true"><td colSpan={span} style={{ height: padBottom, padding: 0 }} /></tr>}
          {rows.length === 0 && (
            <tr><td colSpan={span} className="py-16 text-center text-[13px] text-muted">{empty}</td></tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
