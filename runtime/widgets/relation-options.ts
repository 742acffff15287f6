import { useMemo } from 'react';
import useSWR from 'swr';
import { entityApi } from '../engine/entity-api';
import { useEps } from '../engine/eps';
import type { EpsField } from '../engine/eps';
import { treeOrder } from '../engine/tree-move';
import { KEYED_NAME_FIELD, useRowName } from './row-name';

export type { RelationOption } from '../engine/tree-move';
import type { RelationOption } from '../engine/tree-move';

type Ref = NonNullable<EpsField['ref']>;
type Row = Record<string, unknown>;

const MAX_OPTIONS = 1000;

export { treeOrder };

function labelColumn(ref: Ref, rows: Row[]): string {
  if (ref.label) return ref.label;
  const sample = rows[0] ?? {};
  return ['name', 'title', 'label', 'nickName', 'username'].find((c) => c in sample) ?? 'id';
}

async function loadOptions(entity: string, mode: 'list' | 'page', ref: Ref): Promise<RelationOption[]> {
  const api = entityApi(entity);
  const rows: Row[] = mode === 'list' ? await api.list() : (await api.page({ page: 1, size: MAX_OPTIONS })).list;
  const key = ref.key ?? 'id';
  const label = labelColumn(ref, rows);
  return treeOrder(rows.slice(0, MAX_OPTIONS), key).map(({ row, depth }) => ({
    value: row[key] as number | string,
    label:
      row[label] === null || row[label] === undefined || row[label] === ''
        ? `#${String(row[key])}`
        : String(row[label]),
    depth,
    row,
  }));
}

/**
 * The choices of a relation picker: the related entity's `list` (or first page when it has no list call).
 * `unavailable` when the signed-in user may call neither: the picker then takes a plain id.
 */
export function useRelationOptions(ref: Ref | undefined): {
  options: RelationOption[];
  isLoading: boolean;
  unavailable: boolean;
  error?: Error;
} {
  const { byPrefix } = useEps();
  const entry = ref ? byPrefix.get(ref.entity) : undefined;
  const paths = new Set(entry?.api.map((a) => a.path));
  const mode = paths.has('/list') ? 'list' : paths.has('/page') ? 'page' : null;
  const { data, isLoading, error } = useSWR(
    ref && mode ? ['relation-options', ref.entity, mode, ref.key ?? 'id', ref.label ?? ''] : null,
    () => loadOptions(ref!.entity, mode!, ref!),
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
  return { options, isLoading, unavailable: !mode, error: error instanceof Error ? error : undefined };
}
