import { useMemo } from 'react';
import useSWR from 'swr';
import { entityApi } from '../engine/entity-api';
import { useEps } from '../engine/eps';
import type { EpsField } from '../engine/eps';
import { treeOrder } from '../engine/tree-move';
import { KEYED_NAME_FIELD, useRowName } from './row-name';
import { MAX_OPTIONS, relationCall, relationMode } from '../engine/relation-call';

export type { RelationOption } from '../engine/tree-move';
import type { RelationOption } from '../engine/tree-move';

type Ref = NonNullable<EpsField['ref']>;
type Row = Record<string, unknown>;

export { treeOrder };

function labelColumn(ref: Ref, rows: Row[]): string {
  if (ref.label) return ref.label;
  const sample = rows[0] ?? {};
  return ['name', 'title', 'label', 'nickName', 'username'].find((c) => c in sample) ?? 'id';
}

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** The label of an option: its label column, then the `detail` columns that tell like labels apart. */
function optionLabel(row: Row, key: string, label: string, detail: string[] | undefined): string {
  const main = present(row[label]) ? String(row[label]) : `#${String(row[key])}`;
  const extra = (detail ?? [])
    .map((c) => row[c])
    .filter(present)
    .map(String);
  // A detail repeating an earlier one (上海市 上海市) is said once.
  const said = extra.filter((v, i) => extra.indexOf(v) === i);
  return said.length ? `${main} · ${said.join(' ')}` : main;
}

async function loadOptions(
  entity: string,
  mode: 'list' | 'page',
  ref: Ref,
  filters: Record<string, unknown>,
): Promise<RelationOption[]> {
  const api = entityApi(entity);
  const { action, query } = relationCall(mode, filters);
  const fetched: Row[] = action === 'list' ? await api.list(query) : (await api.page(query)).list;
  // The server filters by the matched columns it searches; the rest are matched here.
  // …and a relation's `offer` keeps the kinds of record it may point at (a menu's parent: directories and pages).
  const offered = Object.entries(ref.offer ?? {});
  const rows = fetched.filter(
    (r) =>
      Object.entries(filters).every(([c, v]) => String(r[c]) === String(v)) &&
      offered.every(([c, values]) => values.some((v) => String(v) === String(r[c]))),
  );
  const key = ref.key ?? 'id';
  const label = labelColumn(ref, rows);
  return treeOrder(rows.slice(0, MAX_OPTIONS), key).map(({ row, depth }) => ({
    value: row[key] as number | string,
    label: optionLabel(row, key, label, ref.detail),
    depth,
    row,
  }));
}

/**
 * The filters a relation's `match` asks for, from the values of the record being edited: undefined while one of them
 * is not set yet (nothing to offer), {} when the relation matches nothing or no record is given (every record).
 */
export function matchFilters(ref: Ref | undefined, values: Row | undefined): Row | undefined {
  if (!ref?.match || !values) return {};
  const out: Row = {};
  for (const [column, field] of Object.entries(ref.match)) {
    if (!present(values[field])) return undefined;
    out[column] = values[field];
  }
  return out;
}

/**
 * The choices of a relation picker: the related entity's `list` (or first page when it has no list call).
 * `unavailable` when the signed-in user may call neither: the picker then takes a plain id. With `values` (the record
 * being edited) a relation's `match` narrows the choices to the related records matching it, and `waiting` says a
 * value it matches on is not set yet.
 */
export function useRelationOptions(
  ref: Ref | undefined,
  values?: Row,
): {
  options: RelationOption[];
  isLoading: boolean;
  unavailable: boolean;
  waiting: boolean;
  error?: Error;
} {
  const { byPrefix } = useEps();
  const mode = relationMode(ref ? byPrefix.get(ref.entity) : undefined);
  const filters = matchFilters(ref, values);
  const { data, isLoading, error } = useSWR(
    ref && mode && filters
      ? [
          'relation-options',
          ref.entity,
          mode,
          ref.key ?? 'id',
          ref.label ?? '',
          (ref.detail ?? []).join(),
          JSON.stringify(filters),
          JSON.stringify(ref.offer ?? {}),
        ]
      : null,
    () => loadOptions(ref!.entity, mode!, ref!, filters!),
    {
      revalidateOnFocus: false,
    },
  );
  // Rows named by a key (menus) are offered by their name in the interface language, as the sidebar shows them.
  const rowName = useRowName();
  const byName = (ref?.label ?? KEYED_NAME_FIELD) === KEYED_NAME_FIELD;
  const options = useMemo(
    () => (byName ? (data ?? []).map((o) => ({ ...o, label: rowName(o.row, o.label) })) : (data ?? [])),
    [data, rowName, byName],
  );
  return {
    options,
    isLoading,
    unavailable: !mode,
    waiting: !filters,
    error: error instanceof Error ? error : undefined,
  };
}
