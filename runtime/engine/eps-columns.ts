import type { EpsEntry, EpsField } from './eps';
import { cellKind, type CellKind } from '../widgets/field-kind';
import { labelOf } from '../widgets/label-of';

/** One table column derived from eps: what it shows, how, and its defaults before user preferences. */
export type ColumnSpec = {
  /** Stable id (field name or join alias), used by preferences and sorting. */
  id: string;
  label: string;
  /** The field that describes the value (for a joined column, the related entity's field). */
  field: EpsField;
  cell: CellKind;
  /** Row key holding the shown value (a join alias for relations). */
  accessor: string;
  /** For relations: the row key with the raw id, shown when the joined label is empty. */
  rawKey?: string;
  width?: number;
  sortable: boolean;
  visible: boolean;
  fixed?: 'left' | 'right';
  order: number;
};

type ListHint = { show?: boolean; width?: number; fixed?: 'left' | 'right'; sortable?: boolean; order?: number };

function listHint(field: EpsField): ListHint | false | undefined {
  const list = field.list;
  if (list === false) return false;
  if (list === true) return { show: true };
  return list ?? undefined;
}

const TIME_COLUMNS = new Set(['createTime', 'updateTime']);
const DEFAULT_WIDTH: Partial<Record<CellKind, number>> = {
  image: 64,
  images: 120,
  video: 90,
  file: 120,
  money: 110,
  skus: 190,
  number: 84,
  bool: 76,
  dict: 96,
  enum: 96,
  date: 110,
  datetime: 160,
  json: 200,
};

/** Own fields shown by default when a schema says nothing about its list (no field has x-list). */
const DEFAULT_SHOWN = 6;
/** Cells too big or too opaque to show unasked in a list a schema did not design. */
const NOT_SHOWN_UNASKED = new Set<CellKind>(['json', 'skus']);

/**
 * Columns of an entity's table: every listable field plus the extra columns its relations join in. Shown by default:
 * the fields whose x-list says so, and createTime; a schema with no x-list on any field shows its first six own fields
 * (not JSON, secret or system) and createTime, so a minimal schema still lists its data.
 */
export function epsColumns(entry: EpsEntry, lang: string, entries: Map<string, EpsEntry>): ColumnSpec[] {
  const hints = entry.joinery;
  if (!hints) return [];
  const joinAliases = new Set(hints.joins.map((j) => j.alias));
  const designed = hints.fields.some((f) => f.list !== undefined);
  const shownUnasked = new Set(
    designed
      ? []
      : hints.fields
          .filter((f) => !f.system && !f.secret && !NOT_SHOWN_UNASKED.has(cellKind(f)))
          .slice(0, DEFAULT_SHOWN)
          .map((f) => f.name),
  );
  const out: ColumnSpec[] = [];
  hints.fields.forEach((field, index) => {
    const hint = listHint(field);
    if (hint === false || field.secret) return;
    const isTime = TIME_COLUMNS.has(field.name);
    // A relation to rows carrying their names per language (dictionary types) is drawn as a relation, which names it
    // in the interface language (cells.tsx), whatever widget its form uses.
    const translatedRef =
      !!field.ref && !!entries.get(field.ref.entity)?.joinery?.fields.some((f) => f.name === 'i18n');
    const cell = translatedRef ? 'relation' : cellKind(field);
    const order = hint?.order ?? (isTime ? 10_000 + index : field.name === 'id' ? -1 : 1000 + index);
    const visible = hint ? hint.show !== false : field.name === 'createTime' || shownUnasked.has(field.name);
    const refAliases = Object.keys(field.ref?.fields ?? {}).filter((a) => joinAliases.has(a));
    out.push({
      id: field.name,
      label: labelOf(field.label, lang),
      field,
      cell,
      accessor: refAliases[0] ?? field.name,
      rawKey: refAliases[0] ? field.name : undefined,
      width: cell === 'image' ? Math.min(hint?.width ?? 64, 72) : (hint?.width ?? (isTime ? 160 : DEFAULT_WIDTH[cell])),
      sortable: hint?.sortable === true || isTime || field.name === 'id',
      visible,
      fixed: hint?.fixed,
      order,
    });
    // Further joined columns (an audit row shows the product's picture, code and price next to its name).
    refAliases.slice(1).forEach((alias, i) => {
      if (field.ref?.columns && !field.ref.columns.includes(alias)) return;
      const target = field.ref
        ? entries.get(field.ref.entity)?.joinery?.fields.find((f) => f.name === field.ref?.fields?.[alias])
        : undefined;
      if (!target) return;
      const targetCell = cellKind(target);
      out.push({
        id: alias,
        label: labelOf(target.label, lang),
        field: target,
        cell: targetCell === 'relation' ? 'text' : targetCell,
        accessor: alias,
        width: DEFAULT_WIDTH[targetCell],
        sortable: false,
        visible,
        order: order + (i + 1) / 100,
      });
    });
  });
  return out.sort((a, b) => a.order - b.order);
}
