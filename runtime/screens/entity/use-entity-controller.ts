import { useMemo, useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { useEps, type EpsButton, type EpsEntry } from '../../engine/eps';
import { mayCallAction, usePerms } from '../../engine/permission';
import { epsColumns, type ColumnSpec } from '../../engine/eps-columns';
import { epsSearch, type SearchSpec } from '../../engine/eps-search';
import { applyColumnPrefs, useColumnPrefs, type ColumnPrefs } from '../../engine/prefs';
import { useListState, type ListStateApi } from '../../engine/use-list-state';
import { listModeOf, useEntityList, type EntityListResult, type EntityRow } from '../../engine/use-entity-list';
import { entityApi, type EntityApi } from '../../engine/entity-api';
import { runButton } from './action-buttons';
import { labelOf } from '../../widgets/label-of';
import { useValueChanged } from '../../engine/use-value-changed';

export type EntityAction = 'add' | 'update' | 'delete' | 'info';

export type EntityController = {
  prefix: string;
  entry?: EpsEntry;
  /** Listed whole as a tree table (schema x-tree). */
  tree: boolean;
  title: string;
  lang: string;
  /** Every column in the user's order, with visibility applied. */
  allColumns: ColumnSpec[];
  /** The visible columns, in order. */
  columns: ColumnSpec[];
  search: SearchSpec;
  list: ListStateApi;
  rows: EntityListResult;
  can: Record<EntityAction, boolean>;
  /** Buttons of the entity's extra actions (declared in its schema) that the user may run here. */
  buttons: EpsButton[];
  prefs: { value?: ColumnPrefs; save: (prefs: ColumnPrefs | null) => Promise<void> };
  /** The entity's calls (the engine's data layer). */
  api: EntityApi;
  /** The ticked rows of the current page; a new page or search starts with none. */
  selection: RowSelectionState;
  setSelection: (selection: RowSelectionState) => void;
  selectedIds: number[];
  selectedRows: EntityRow[];
  /**
   * Deletes these records, clears the selection and reads the page again; deleting every row of a page after the
   * first steps back one page instead of showing an empty one. Rejects with the server's refusal (nothing changed).
   */
  remove: (ids: number[]) => Promise<void>;
  /** Runs an action's button for these ids, then reads the page again. */
  run: (button: EpsButton, ids: number[], remark?: string, picked?: number | string) => Promise<unknown>;
  /** After any write (saved, imported, an action run): clears the selection, bumps `version`, reads the page again. */
  afterWrite: () => Promise<void>;
  /** Bumped after every write, so tab counts and open detail views read again. */
  version: number;
  epsLoading: boolean;
  epsError?: Error;
};

/**
 * Everything the generic entity screen needs, headless: eps entry, URL list state, the rows, columns with the user's
 * preferences, the search form and what the user may do. The screen only renders this.
 */
export function useEntityController(prefix: string): EntityController {
  const { i18n } = useTranslation('entity');
  const lang = i18n.language;
  const eps = useEps();
  const entry = eps.byPrefix.get(prefix);
  const perms = usePerms();
  const list = useListState();
  const mode = listModeOf(entry);
  // A tree (schema x-tree: parentId names a record of the same entity) is listed whole, as a tree table.
  const tree = mode === 'tree';
  const rows = useEntityList(prefix, list.state, mode);
  const prefs = useColumnPrefs(prefix);
  const api = useMemo(() => entityApi(prefix), [prefix]);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [version, setVersion] = useState(0);
  // A new page or search starts with nothing selected.
  if (useValueChanged(`${prefix}\n${JSON.stringify(list.state)}`)) setSelection({});
  const selectedIds = Object.keys(selection)
    .filter((k) => selection[k])
    .map(Number);
  const selectedRows = rows.rows.filter((r) => selection[String(r.id)]);

  const afterWrite = async () => {
    setSelection({});
    setVersion((v) => v + 1);
    await rows.refresh();
  };
  const remove = async (ids: number[]) => {
    await api.delete(ids);
    setSelection({});
    setVersion((v) => v + 1);
    if (ids.length >= rows.rows.length && list.state.page > 1) list.setPage(list.state.page - 1);
    else await rows.refresh();
  };
  /** Runs a button's action; returns the reply's data (a restore that left links out says so in it). */
  const run = async (button: EpsButton, ids: number[], remark?: string, picked?: number | string): Promise<unknown> => {
    const data = await runButton(prefix, button, ids, remark, picked);
    await afterWrite();
    return data;
  };

  const baseColumns = useMemo(() => (entry ? epsColumns(entry, lang, eps.byPrefix) : []), [entry, lang, eps.byPrefix]);
  const allColumns = useMemo(() => applyColumnPrefs(baseColumns, prefs.prefs), [baseColumns, prefs.prefs]);
  const columns = useMemo(() => allColumns.filter((c) => c.visible), [allColumns]);
  const search = useMemo(
    () => (entry ? epsSearch(entry, lang) : { keyword: false, keywordLabels: [], fields: [] }),
    [entry, lang],
  );

  const can = useMemo(() => {
    const allowed = (action: EntityAction) => mayCallAction(perms, entry, action);
    return { add: allowed('add'), update: allowed('update'), delete: allowed('delete'), info: allowed('info') };
  }, [perms, entry]);
  const buttons = useMemo(
    () =>
      (entry?.joinery?.actions ?? []).filter((b) => {
        // A button for another entity's action (audit/good's create on products) goes by that entity's route.
        return mayCallAction(perms, b.entity ? eps.byPrefix.get(b.entity) : entry, b.action);
      }),
    [entry, perms, eps.byPrefix],
  );

  return {
    prefix,
    entry,
    tree,
    title: entry?.joinery ? labelOf(entry.joinery.title, lang) : prefix,
    lang,
    allColumns,
    columns,
    search,
    list,
    rows,
    can,
    buttons,
    prefs: { value: prefs.prefs, save: prefs.save },
    api,
    selection,
    setSelection,
    selectedIds,
    selectedRows,
    remove,
    run,
    afterWrite,
    version,
    epsLoading: eps.isLoading,
    epsError: eps.error,
  };
}
