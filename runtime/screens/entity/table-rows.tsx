import { memo, type ComponentType, type CSSProperties, type ReactNode, type RefObject } from 'react';
import type { TFunction } from 'i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ColumnSpec } from '../../engine/eps-columns';
import type { EntityRow } from '../../engine/use-entity-list';

/** Pages longer than this render only the rows in view. */
export const VIRTUAL_FROM = 60;
const ROW_HEIGHT = 45;

export function Checkbox({
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

export function SortMark({ dir }: { dir: false | 'asc' | 'desc' }) {
  return (
    <span className="ml-1 inline-flex flex-col leading-none text-[8px]" aria-hidden="true">
      <span className={dir === 'asc' ? 'text-primary' : 'text-line-strong'}>▲</span>
      <span className={dir === 'desc' ? 'text-primary' : 'text-line-strong'}>▼</span>
    </span>
  );
}

export type CellProps = { value: unknown; row: EntityRow; column: ColumnSpec };

/**
 * A cell drawn again only when its value, row or column changed: scrolling a long (virtualized) page re-renders the
 * table for every step, and the rows that stay in view keep their cells as they were.
 */
export const KeptCell = memo(function KeptCell({
  cell: Cell,
  ...props
}: CellProps & { cell: ComponentType<CellProps> }) {
  return <Cell {...props} />;
});

// The sticky action column casts a faint shadow on the columns scrolling under it.
export const stickyEdge = 'shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.18)]';
export const td = 'border-b border-line px-3 py-1.5 align-middle';

/** A body column: its spec and the widget that draws its cells. */
export type BodyColumn = { column: ColumnSpec; Cell: ComponentType<CellProps> };

export type BodyRowProps = {
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
  /** The table's `entity` texts (one translation hook for the table, not one a row). */
  t: TFunction<'entity'>;
};

/**
 * One body row, drawn again only when its row, its selection or what it is drawn with changes: a scroll step of a long
 * (virtualized) page draws the rows that come into view, not the few dozen that stay.
 */
export const BodyRow = memo(function BodyRow({
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
  t,
}: BodyRowProps) {
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

export type ModelRow = BodyRowProps['row'] & { getIsSelected: () => boolean };

/**
 * The body rows; a page longer than VIRTUAL_FROM rows renders only those in view (plus a few), between two spacer rows.
 * The virtualizer lives here, below the table: a scroll step renders this component alone, not the table (whose rows,
 * kept by TanStack while its data and state stay, then reach the memoized rows unchanged).
 */
export function VirtualRows({
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
