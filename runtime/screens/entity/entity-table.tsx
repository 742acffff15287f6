import {
  memo,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
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
  /** The table's accessible name (the page title). */
  label?: string;
  /** A row's name, so its checkbox says which row it selects. */
  rowLabel?: (row: EntityRow) => string;
};

const resolve = <T,>(u: Updater<T>, old: T): T => (typeof u === 'function' ? (u as (o: T) => T)(old) : u);

function Checkbox({
  checked,
  indeterminate,
  onChange,
  label,
}: {
  checked: boolean;
  indeterminate?: boolean;
  onChange: (e: unknown) => void;
  label: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={onChange}
      ref={(el) => {
        if (el) el.indeterminate = !!indeterminate;
      }}
      className="h-3.5 w-3.5 cursor-pointer align-middle accent-primary"
    />
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

// The sticky action column casts a faint shadow on the columns scrolling under it.
const stickyEdge = 'shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.18)]';
const td = 'border-b border-line px-3 py-1.5 align-middle';

/** A body column: its spec and the widget that draws its cells. */
type BodyColumn = { column: ColumnSpec; Cell: ComponentType<CellProps> };

type BodyRowProps = {
  // TanStack's row (kept by the table while its data stays).
  row: { id: string; original: EntityRow; getToggleSelectedHandler: () => (e: unknown) => void };
  /**
   * Cells are drawn from the column specs, not through TanStack's cells: TanStack builds and keeps a cell object and
   * a memo for every cell of every row it is asked for, so scrolling through a 10,000-row page would leave hundreds of
   * thousands of them behind (garbage collection pauses that drop frames). Its rows, sorting and selection stay.
   */
  columns: BodyColumn[];
  selected: boolean;
  selectable: boolean;
  height?: number;
  styles: Map<string, CSSProperties>;
  actions?: (row: EntityRow) => ReactNode;
  /** Tree tables: the first column's depth, toggle and open state. */
  depth?: number;
  hasChildren?: boolean;
  open?: boolean;
  toggle?: (row: EntityRow) => void;
  rowLabel?: (row: EntityRow) => string;
};

/**
 * One body row, drawn again only when its row, its selection or what it is drawn with changes: a scroll step of a long
 * (virtualized) page draws the rows that come into view, not the few dozen that stay.
 */
const BodyRow = memo(function BodyRow({
  row,
  columns,
  selected,
  selectable,
  height,
  styles,
  actions,
  depth,
  hasChildren,
  open,
  toggle,
  rowLabel,
}: BodyRowProps) {
  const { t } = useTranslation('entity');
  const bg = selected ? 'bg-primary-9' : 'bg-surface group-hover:bg-hover';
  return (
    <tr className="group" data-row-id={row.id} style={height ? { height } : undefined}>
      {selectable && (
        <td className={`${td} ${bg} sticky left-0 z-[1]`}>
          <Checkbox
            label={rowLabel ? t('table.selectRowNamed', { name: rowLabel(row.original) }) : t('table.selectRow')}
            checked={selected}
            onChange={row.getToggleSelectedHandler()}
          />
        </td>
      )}
      {columns.map(({ column, Cell }, i) => (
        <td key={column.id} className={`${td} ${bg} text-ink`} style={styles.get(column.id)} data-column={column.id}>
          {i === 0 && depth !== undefined ? (
            <span className="flex items-center gap-1" style={{ paddingLeft: depth * 18 }} data-depth={depth}>
              {hasChildren ? (
                <button
                  type="button"
                  aria-expanded={open}
                  // Names the row it opens ("展开 系统管理"): a list of bare 展开 buttons says nothing out of context.
                  aria-label={`${open ? t('tree.collapse') : t('tree.expand')}${rowLabel ? ` ${rowLabel(row.original)}` : ''}`}
                  onClick={() => toggle?.(row.original)}
                  className="flex h-5 w-5 shrink-0 items-center justify-center rounded text-muted hover:bg-hover hover:text-ink"
                >
                  <svg
                    viewBox="0 0 12 12"
                    width="10"
                    height="10"
                    aria-hidden="true"
                    className={`transition-transform ${open ? 'rotate-90' : ''}`}
                  >
                    <path
                      d="M4 2.5 7.5 6 4 9.5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.6"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </button>
              ) : (
                <span className="w-5 shrink-0" />
              )}
              <span className="min-w-0">
                <KeptCell cell={Cell} value={row.original[column.accessor]} row={row.original} column={column} />
              </span>
            </span>
          ) : (
            <KeptCell cell={Cell} value={row.original[column.accessor]} row={row.original} column={column} />
          )}
        </td>
      ))}
      {actions && (
        <td className={`${td} ${bg} ${stickyEdge} sticky right-0 z-[1] whitespace-nowrap`}>{actions(row.original)}</td>
      )}
    </tr>
  );
});

type ModelRow = BodyRowProps['row'] & { getIsSelected: () => boolean };

/**
 * The body rows; a page longer than VIRTUAL_FROM rows renders only those in view (plus a few), between two spacer rows.
 * The virtualizer lives here, below the table: a scroll step renders this component alone, not the table (whose rows,
 * kept by TanStack while its data and state stay, then reach the memoized rows unchanged).
 */
function VirtualRows({
  rows,
  scrollRef,
  span,
  renderRow,
}: {
  rows: ModelRow[];
  scrollRef: RefObject<HTMLElement | null>;
  span: number;
  renderRow: (row: ModelRow, height?: number) => ReactNode;
}) {
  const virtual = rows.length > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    // A short page is not virtualized: no scroll element, so the virtualizer does not measure it (a forced layout of
    // the whole page while the list screen mounts, before its first call goes out).
    getScrollElement: () => (virtual ? scrollRef.current : null),
    estimateSize: () => ROW_HEIGHT,
    overscan: 5,
    // Scrolling re-renders in React's own time, not synchronously inside each scroll event (a long page stays smooth).
    useFlushSync: false,
  });
  if (!virtual) return <>{rows.map((row) => renderRow(row))}</>;
  const items = virtualizer.getVirtualItems();
  const padTop = items.length ? items[0].start : 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  return (
    <>
      {/* Spacers standing in for the rows out of view: hidden from assistive technology (a tr takes no focus; biome
          counts a table row as focusable). */}
      {padTop > 0 && (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row, never focusable
        <tr aria-hidden="true">
          <td colSpan={span} style={{ height: padTop, padding: 0 }} />
        </tr>
      )}
      {items.map((i) => renderRow(rows[i.index], ROW_HEIGHT))}
      {padBottom > 0 && (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row, never focusable
        <tr aria-hidden="true">
          <td colSpan={span} style={{ height: padBottom, padding: 0 }} />
        </tr>
      )}
    </>
  );
}

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

  // A long (virtualized) page lays its columns out once, as the browser did for the first rows it drew, then keeps
  // those widths (table-layout: fixed): a scroll step then lays out the rows it adds, not the whole table, and the
  // columns do not jump as rows of other widths come into view. A new page or set of columns measures again.
  const headRef = useRef<HTMLTableRowElement>(null);
  const [frozen, setFrozen] = useState<{ rows: EntityRow[]; columns: ColumnSpec[]; widths: number[] }>();
  const virtual = rows.length > VIRTUAL_FROM;
  const widths = virtual && frozen?.rows === rows && frozen.columns === columns ? frozen.widths : undefined;
  useLayoutEffect(() => {
    if (!virtual || widths || !headRef.current) return;
    setFrozen({ rows, columns, widths: [...headRef.current.cells].map((c) => c.getBoundingClientRect().width) });
  }, [virtual, widths, rows, columns]);

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
