import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EpsButton } from '../../engine/eps';
import { epsColumns } from '../../engine/eps-columns';
import { parentsOf, treeRows } from '../../engine/tree-rows';
import type { EntityRow } from '../../engine/use-entity-list';
import { toast } from '../../shell/toast';
import { labelOf } from '../../widgets/label-of';
import { KEYED_NAME_FIELD, useRowName } from '../../widgets/row-name';
import { onRow, onSelection } from './action-buttons';
import { useEntityController } from './use-entity-controller';

/** The fields a row's name is read from, in order, before the first text column. */
const NAME_FIELDS = ['name', 'title', 'label', 'nickName', 'username', 'orderNo', 'no', 'code'];

/**
 * The generic screen of one entity without its looks (entity-screen.tsx and its parts draw it): the list
 * controller, which dialog is open, the buttons' actions, a tree table's open rows, and the master relation.
 */
export function useEntityScreen(prefix: string) {
  const { t } = useTranslation('entity');
  const rowName = useRowName();
  const ctrl = useEntityController(prefix);
  const { entry, list, rows, buttons } = ctrl;
  const [editing, setEditing] = useState<EntityRow | 'new' | null>(null);
  const [viewing, setViewing] = useState<EntityRow | null>(null);
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const [pending, setPending] = useState<{ button: EpsButton; ids: number[] } | null>(null);
  const [importing, setImporting] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  // A tree table's open rows; null until the user folds something (then every parent starts open).
  const [open, setOpen] = useState<Set<string> | null>(null);
  const defaults = useMemo(
    () => new Map((entry ? epsColumns(entry, ctrl.lang, new Map()) : []).map((c) => [c.id, c.visible])),
    [entry, ctrl.lang],
  );

  const remove = async (ids: number[]) => {
    await ctrl.remove(ids);
    toast.success(t('dialog.deleted', { count: ids.length }));
  };

  /** Runs a button's action (after its dialog when it asks to confirm or for a remark). */
  const runNow = async (button: EpsButton, ids: number[], remark?: string, picked?: number | string) => {
    const data = await ctrl.run(button, ids, remark, picked);
    toast.success(
      `${button.done ? labelOf(button.done, ctrl.lang) : t('dialog.done')} · ${t('dialog.records', { count: ids.length })}`,
    );
    // A note the server adds in the caller's language (a restore that left out links whose other end is gone).
    const note = (data as { message?: unknown } | null | undefined)?.message;
    if (typeof note === 'string' && note) toast.warning(note);
  };
  const press = (button: EpsButton, ids: number[]) => {
    if (button.confirm || button.remark || button.pick) {
      setPending({ button, ids });
      return;
    }
    // A refusal (e.g. 409: the state changed meanwhile) is shown; nothing changed.
    runNow(button, ids).catch((e: unknown) => toast.failure(e));
  };

  // Tree tables: rows in tree order under their open parents; a keyword keeps the matches with their ancestors.
  const openRows = open ?? parentsOf(rows.rows);
  const keywordFields = (entry?.joinery?.fields ?? []).filter((f) => f.search.includes('keyword')).map((f) => f.name);
  const keyWord = list.state.keyWord.trim().toLowerCase();
  // A name shown translated (menu rows) is found by what is shown as well as by what is stored.
  const shownText = (r: EntityRow, n: string) =>
    n === KEYED_NAME_FIELD ? `${String(r[n] ?? '')}\n${rowName(r, '')}` : String(r[n] ?? '');
  const tree = ctrl.tree
    ? treeRows(
        rows.rows,
        openRows,
        keyWord ? (r) => keywordFields.some((n) => shownText(r, n).toLowerCase().includes(keyWord)) : undefined,
      )
    : undefined;
  const treeInfo = new Map((tree ?? []).map((n) => [n.row.id, n]));
  const toggle = (row: EntityRow) => {
    const next = new Set(openRows);
    if (next.has(String(row.id))) next.delete(String(row.id));
    else next.add(String(row.id));
    setOpen(next);
  };

  // A row's name for its checkbox and actions: its name-like field as shown, else the first text column, else its id.
  // The same function while the columns and the language stay: every row is given it (a row is drawn again for it).
  const columns = ctrl.columns;
  const rowLabel = useCallback(
    (row: EntityRow): string => {
      const field =
        NAME_FIELDS.find((f) => typeof row[f] === 'string' && row[f] !== '') ??
        columns.find((c) => c.visible && typeof row[c.accessor] === 'string' && row[c.accessor] !== '')?.accessor;
      return field ? rowName(row, String(row[field])) : `#${String(row.id)}`;
    },
    [columns, rowName],
  );

  // The master relation (x-master): its chosen record filters the list and is filled in new records; a required
  // one hidden from the form must be chosen before adding.
  const masterField = entry?.joinery?.master
    ? entry.joinery.fields.find((f) => f.name === entry.joinery!.master)
    : undefined;
  const masterFilter = masterField ? list.state.filters[masterField.name] : undefined;
  // A subtree filter is a list: the chosen record comes first.
  const masterRaw = Array.isArray(masterFilter) ? masterFilter[0] : masterFilter;
  const masterValue =
    masterRaw === undefined || masterRaw === ''
      ? undefined
      : Number.isNaN(Number(masterRaw))
        ? masterRaw
        : Number(masterRaw);
  const masterMissing = !!masterField && masterValue === undefined && masterField.required && !!masterField.ui?.hidden;
  // With one master record chosen every row shows the same one: its column is left out (under 全部 it says which).
  const leaveOut =
    masterField && masterValue !== undefined && !Array.isArray(masterFilter) ? masterField.name : undefined;
  const shownColumns = useMemo(
    () => (leaveOut ? columns.filter((c) => c.id !== leaveOut) : columns),
    [columns, leaveOut],
  );
  const rowButtons = useMemo(() => buttons.filter(onRow), [buttons]);
  const selectionButtons = useMemo(() => buttons.filter(onSelection), [buttons]);

  return {
    prefix,
    ctrl,
    defaults,
    editing,
    setEditing,
    viewing,
    setViewing,
    deleting,
    setDeleting,
    pending,
    setPending,
    importing,
    setImporting,
    historyOpen,
    setHistoryOpen,
    setOpen,
    remove,
    runNow,
    press,
    rowButtons,
    selectionButtons,
    tree,
    treeInfo,
    openRows,
    keyWord,
    toggle,
    rowLabel,
    masterField,
    masterFilter,
    masterValue,
    masterMissing,
    shownColumns,
  };
}

export type EntityScreenModel = ReturnType<typeof useEntityScreen>;
