import useSWR from 'swr';
import { request } from '../engine/request';
import { useEps } from '../engine/eps';
import type { EpsField } from '../engine/eps';

/** A choice: the record's key and label, its depth in a tree (0 for flat entities), and the record itself. */
export type RelationOption = { value: number | string; label: string; depth: number; row?: Record<string, unknown> };

type Ref = NonNullable<EpsField['ref']>;
type Row = Record<string, unknown>;

const MAX_OPTIONS = 1000;

/** Rows with a parentId are put in tree order (children under their parent) with their depth, for tree pickers. */
export function treeOrder(rows: Row[], key: string): { row: Row; depth: number }[] {
  if (!rows.some((r) => 'parentId' in r)) return rows.map((row) => ({ row, depth: 0 }));
  const ids = new Set(rows.map((r) => String(r[key])));
  const children = new Map<string, Row[]>();
  for (const r of rows) {
    const parent = r.parentId === null || r.parentId === undefined || !ids.has(String(r.parentId)) ? '' : String(r.parentId);
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const out: { row: Row; depth: number }[] = [];
  const seen = new Set<string>();
  const walk = (parent: string, depth: number) => {
    for (const r of children.get(parent) ?? []) {
      const id = String(r[key]);
      if (seen.has(id)) continue; // a cycle in bad data must not hang the picker
      seen.add(id);
      out.push({ row: r, depth });
      walk(id, depth + 1);
    }
  };
  walk('', 0);
  return out;
}

function labelColumn(ref: Ref, rows: Row[]): string {
  if (ref.label) return ref.label;
  const sample = rows[0] ?? {};
  return ['name', 'title', 'label', 'nickName', 'username'].find((c) => c in sample) ?? 'id';
}

async function loadOptions(entity: string, mode: 'list' | 'page', ref: Ref): Promise<RelationOption[]> {
  const rows = mode === 'list'
    ? await request<Row[]>(`/admin/${entity}/list`, { method: 'POST', data: {} })
    : (await request<{ list: Row[] }>(`/admin/${entity}/page`, { method: 'POST', data: { page: 1, size: MAX_OPTIONS } })).list;
  const key = ref.key ?? 'id';
  const label = labelColumn(ref, rows);
  return treeOrder(rows.slice(0, MAX_OPTIONS), key).map(({ row, depth }) => ({
    value: row[key] as number | string,
    label: row[label] === null || row[label] === undefined || row[label] === '' ? `#${String(row[key])}` : String(row[label]),
    depth,
    row,
  }));
}

/**
 * The choices of a relation picker: the related entity's `list` (or first page when it has no list call).
 * `unavailable` when the signed-in user may call neither: the picker then takes a plain id.
 */
export function useRelationOptions(ref: Ref | undefined): { options: RelationOption[]; isLoading: boolean; unavailable: boolean; error?: Error } {
  const { byPrefix } = useEps();
  const entry = ref ? byPrefix.get(ref.entity) : undefined;
  const paths = new Set(entry?.api.map((a) => a.path));
  const mode = paths.has('/list') ? 'list' : paths.has('/page') ? 'page' : null;
  const { data, isLoading, error } = useSWR(ref && mode ? ['relation-options', ref.entity, mode, ref.key ?? 'id', ref.label ?? ''] : null, () => loadOptions(ref!.entity, mode!, ref!), {
    revalidateOnFocus: false,
  });
  return { options: data ?? [], isLoading, unavailable: !mode, error: error instanceof Error ? error : undefined };
}
