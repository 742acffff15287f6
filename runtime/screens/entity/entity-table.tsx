import { useLayoutEffect, useMemo, useRef, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import type { ColumnSpec } from '../../engine/eps-columns';
import type { EntityRow } from '../../engine/use-entity-list';
import type { ListState, SortDir } from '../../engine/use-list-state';
import { recallScroll, rememberScroll } from '../../engine/kept-scroll';
import { cellRegistry } from '../../widgets/cell-registry';
import { SELECT_WIDTH, useColumnLayout, useFrozenWidths } from './table-layout';
import { BodyRow, Checkbox, SortMark, stickyEdge, VirtualRows, type BodyColumn } from './table-rows';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });

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
  /** The table's accessible name (the page title). */
  label?: string;
  /** A row's name, so its checkbox says which row it selects. */
  rowLabel?: (row: EntityRow) => string;
};

const resolve = <T,>(u: Updater<T>, old: T): T => (typeof u === 'function' ? (u as (o: T) => T)(old) : u);

/** The list table: TanStack Table v9 with server-side sorting, row selection and virtual rows for long pages. */
export function EntityTable(props: EntityTableProps) {
  const {
    columns,
    rows,
    state,
    loading,
    selectable,
    selection,
    onSelectionChange,
    onSort,
    actions,
    actionsWidth,
    empty,
    scrollKey,
    tree,
    label,
    rowLabel,
  } = props;
  const { t } = useTranslation('entity');
  const scrollRef = useRef<HTMLElement>(null);
  // Restored once per key, when the rows are there to scroll (they may arrive from the cache or the server).
  const restored = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!scrollKey || restored.current === scrollKey || !rows.length || !el) return;
    const top = recallScroll(scrollKey);
    // Nothing kept (a list opened for the first time): leave the scroll alone — setting it, even to 0, makes the
    // browser lay out the whole page at once, in the middle of the list's first render.
    if (top === 0) {
      restored.current = scrollKey;
      return;
    }
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
  const sorting = useMemo<SortingState>(
    () => (state.order ? [{ id: state.order, desc: state.sort === 'desc' }] : []),
    [state.order, state.sort],
  );

  const { stickyLeft, cellStyles } = useColumnLayout(columns, selectable);

  // TanStack's columns serve the header and sorting; body cells are drawn from bodyColumns (see BodyRowProps).
  const defs = useMemo(
    () =>
      columns.map((c) => ({
        id: c.id,
        accessorFn: (row: EntityRow) => row[c.accessor],
        header: c.label,
        enableSorting: c.sortable,
      })),
    [columns],
  );
  const bodyColumns = useMemo(
    () => columns.map((column): BodyColumn => ({ column, Cell: cellRegistry[column.cell] })),
    [columns],
  );

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
  const span = columns.length + (selectable ? 1 : 0) + (actions ? 1 : 0);
  // A focused control under a sticky column (the checkbox or fixed columns on the left, the actions on the right) is
  // scrolled out from under it: the browser's own focus scrolling does not know those columns cover it.
  const unhide = (e: FocusEvent<HTMLElement>) => {
    const box = scrollRef.current;
    const el = e.target;
    if (!box || el === box || el.closest('td.sticky, th.sticky, [style*="sticky"]')) return;
    const view = box.getBoundingClientRect();
    const at = el.getBoundingClientRect();
    const left =
      view.left +
      (selectable ? SELECT_WIDTH : 0) +
      [...stickyLeft.keys()].reduce((w, id) => w + (columns.find((c) => c.id === id)?.width ?? 150), 0);
    // The actions column as drawn: its links may be wider than the width asked for (取消订单).
    const drawn = box.querySelector('thead th.sticky.right-0')?.getBoundingClientRect().width;
    const right = view.right - (actions ? Math.max(actionsWidth, drawn ?? 0) : 0);
    if (at.right > right) box.scrollLeft += at.right - right + 8;
    else if (at.left < left) box.scrollLeft -= left - at.left + 8;
  };
  const th = 'h-10 border-b border-line bg-subtle px-3 text-left text-xs font-semibold whitespace-nowrap text-muted';

  const { headRef, widths } = useFrozenWidths(rows, columns);

  return (
    <section
      ref={scrollRef}
      className="relative min-h-0 flex-1 overflow-auto"
      data-testid="entity-table"
      onScroll={
        scrollKey
          ? (e) => {
              if (restored.current === scrollKey) rememberScroll(scrollKey, e.currentTarget.scrollTop);
            }
          : undefined
      }
      aria-label={label}
      onFocus={unhide}
    >
      <table
        className={`w-full border-separate border-spacing-0 text-[13px] focus:outline-none ${widths ? 'jy-fixed-cols' : ''}`}
        aria-busy={loading}
        aria-label={label}
        tabIndex={-1}
        data-focus-home=""
        style={widths ? { tableLayout: 'fixed' } : undefined}
      >
        {widths && (
          <colgroup>
            {widths.map((w, i) => (
              <col key={i} style={{ width: w }} />
            ))}
          </colgroup>
        )}
        <thead className="sticky top-0 z-[2]">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} ref={headRef}>
              {selectable && (
                <th className={`${th} sticky left-0 z-[3]`} style={{ width: SELECT_WIDTH }}>
                  <Checkbox
                    label={t('table.selectAll')}
                    checked={ticked.all}
                    indeterminate={ticked.some}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                  />
                </th>
              )}
              {group.headers.map((header) => {
                const canSort = header.column.getCanSort();
                const dir = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    className={th}
                    style={cellStyles.get(header.column.id)}
                    data-column={header.column.id}
                    aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                  >
                    {canSort ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="inline-flex items-center hover:text-ink"
                      >
                        <table.FlexRender header={header} />
                        <SortMark dir={dir} />
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
              {actions && (
                <th
                  className={`${th} ${stickyEdge} sticky right-0 z-[3] text-left`}
                  style={{ width: actionsWidth, minWidth: actionsWidth }}
                >
                  {t('table.actions')}
                </th>
              )}
            </tr>
          ))}
        </thead>
        <tbody className={loading && rows.length ? 'opacity-60 transition-opacity' : ''}>
          <VirtualRows
            rows={modelRows}
            scrollRef={scrollRef}
            span={span}
            renderRow={(row, height) => {
              const node = tree?.info(row.original);
              return (
                <BodyRow
                  key={row.id}
                  row={row}
                  selected={row.getIsSelected()}
                  selectable={selectable}
                  height={height}
                  styles={cellStyles}
                  actions={actions}
                  columns={bodyColumns}
                  depth={node?.depth}
                  hasChildren={node?.hasChildren}
                  open={node ? tree!.isOpen(row.original) : undefined}
                  toggle={tree?.toggle}
                  rowLabel={rowLabel}
                  t={t}
                />
              );
            }}
          />
          {rows.length === 0 && (
            <tr>
              <td colSpan={span} className="py-16 text-center text-[13px] text-muted">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
