import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { EntityRow } from '../../engine/use-entity-list';
import { epsColumns } from '../../engine/eps-columns';
import { toast } from '../../shell/toast';
import { buttonClass } from '../../widgets/ui-classes';
import { useEntityController } from './use-entity-controller';
import { EntityTable } from './entity-table';
import { PaginationBar } from './pagination-bar';
import { SearchPanel } from './search-panel';
import { ColumnSettings } from './column-settings';
import { useFillHeight } from './use-fill-height';
import type { EpsButton } from '../../engine/eps';
import { labelOf } from '../../widgets/label-of';
import { INFO_VIEWS } from '../../overrides/info-views';
import { ADD_VIEWS } from '../../overrides/add-views';
import { allows, onRow, onSelection } from './action-buttons';
import { ListTabs } from './list-tabs';
import { MasterPanel } from './master-panel';
import { TOOLBAR_EXTRAS } from '../../overrides/toolbar-extras';
import { ExportButton } from './export-import';
import { historyRoutes } from './history-routes';
import { useEver } from '../../engine/use-ever';
import { PresetToggles, presetFilters } from './preset-toggles';
import { parentsOf, treeRows } from '../../engine/tree-rows';
import { KEYED_NAME_FIELD, useRowName } from '../../widgets/row-name';
import { useBreakpoint } from '../../engine/theme';
import { RowMenu } from './row-menu';

// RJSF and ajv load only when a form opens, so the list stays light.
const EditDialog = lazy(() => import('./edit-dialog'));
// Dialogs load their code when first opened: a list shows its rows without the dialog library (issue 30's budget).
const InfoDialog = lazy(() => import('./info-dialog').then((m) => ({ default: m.InfoDialog })));
const ConfirmDelete = lazy(() => import('./confirm-delete').then((m) => ({ default: m.ConfirmDelete })));
const ImportDialog = lazy(() => import('./import-dialog').then((m) => ({ default: m.ImportDialog })));
const EntityHistoryDialog = lazy(() =>
  import('./entity-history-dialog').then((m) => ({ default: m.EntityHistoryDialog })),
);
// The action dialog loads when one opens: a cold list downloads only what shows its rows.
const ActionDialog = lazy(() => import('./action-dialog').then((m) => ({ default: m.ActionDialog })));

const RefreshIcon = ({ spinning }: { spinning: boolean }) => (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className={spinning ? 'animate-spin' : ''}>
    <path
      d="M13.5 8a5.5 5.5 0 1 1-1.6-3.9M13.5 2.5v3h-3"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

function Notice({ children, tone = 'muted' }: { children: React.ReactNode; tone?: 'muted' | 'danger' }) {
  return (
    <div
      className={`m-4 rounded-lg border border-line bg-surface px-4 py-10 text-center text-[13px] ${tone === 'danger' ? 'text-danger' : 'text-muted'}`}
    >
      {children}
    </div>
  );
}

/** The generic list / search / edit screen of one entity, built from eps alone (no code per entity). */
export default function EntityScreen({ prefix }: { prefix: string }) {
  const { t } = useTranslation('entity');
  const rowName = useRowName();
  const breakpoint = useBreakpoint();
  const location = useLocation();
  const ctrl = useEntityController(prefix);
  const { entry, list, rows, can, buttons, selection, setSelection, selectedIds, selectedRows, version } = ctrl;
  const [editing, setEditing] = useState<EntityRow | 'new' | null>(null);
  const [viewing, setViewing] = useState<EntityRow | null>(null);
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const [pending, setPending] = useState<{ button: EpsButton; ids: number[] } | null>(null);
  const [importing, setImporting] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const infoUsed = useEver(viewing);
  const deleteUsed = useEver(deleting);
  // A tree table's open rows; null until the user folds something (then every parent starts open).
  const [open, setOpen] = useState<Set<string> | null>(null);
  const defaults = useMemo(
    () => new Map((entry ? epsColumns(entry, ctrl.lang, new Map()) : []).map((c) => [c.id, c.visible])),
    [entry, ctrl.lang],
  );
  const fill = useFillHeight<HTMLElement>();
  const InfoView = INFO_VIEWS[prefix];
  const AddView = ADD_VIEWS[prefix];

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
    runNow(button, ids).catch((e: unknown) => toast.error(e instanceof Error ? e.message : String(e)));
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

  if (ctrl.epsError) return <Notice tone="danger">{ctrl.epsError.message}</Notice>;
  if (!entry)
    return ctrl.epsLoading ? <Notice>{t('state.loading')}</Notice> : <Notice>{t('state.noEntity', { prefix })}</Notice>;

  // A row's name for its checkbox and actions: its name-like field as shown, else the first text column, else its id.
  const rowLabel = (row: EntityRow): string => {
    const field =
      ['name', 'title', 'label', 'nickName', 'username', 'orderNo', 'no', 'code'].find(
        (f) => typeof row[f] === 'string' && row[f] !== '',
      ) ??
      ctrl.columns.find((c) => c.visible && typeof row[c.accessor] === 'string' && row[c.accessor] !== '')?.accessor;
    return field ? rowName(row, String(row[field])) : `#${String(row.id)}`;
  };
  const rowButtons = buttons.filter(onRow);
  const selectionButtons = buttons.filter(onSelection);
  const rowCount = (can.update ? 1 : 0) + (can.delete ? 1 : 0) + Math.min(rowButtons.length, 3) + 1;
  const phone = breakpoint === 'xs';
  // Each row action names its row for a screen reader ("编辑 Alice"), and carries a key its stand-in keeps after a
  // list refresh, so focus can go back to it when the dialog it opened closes (focus-return.ts).
  const named = (row: EntityRow) => <span className="sr-only"> {rowLabel(row)}</span>;
  // A row's actions: links on a wide screen; on a phone (xs) one "⋯" menu of them, so the pinned column stays narrow.
  const rowActions = (row: EntityRow) => [
    { key: 'info', label: t('action.info'), onSelect: () => setViewing(row) },
    ...rowButtons
      .filter((b) => allows(b, row))
      .map((b) => ({
        key: b.key,
        label: labelOf(b.label, ctrl.lang),
        danger: b.tone === 'danger',
        action: b.key,
        onSelect: () => press(b, [row.id]),
      })),
    ...(can.update ? [{ key: 'edit', label: t('action.edit'), onSelect: () => setEditing(row) }] : []),
    ...(can.delete
      ? [{ key: 'delete', label: t('action.delete'), danger: true, onSelect: () => setDeleting([row.id]) }]
      : []),
  ];
  const actions = (row: EntityRow) =>
    phone ? (
      <RowMenu
        label={t('table.actionsOf', { name: rowLabel(row) })}
        focusKey={`menu:${row.id}`}
        items={rowActions(row).map((a) => ({ ...a, testId: `row-action-${a.key}` }))}
      />
    ) : (
      <span className="inline-flex items-center gap-1">
        {rowActions(row).map((a) => (
          <button
            key={a.key}
            type="button"
            data-action={'action' in a ? a.action : undefined}
            data-focus-key={`${a.key}:${row.id}`}
            className={'danger' in a && a.danger ? buttonClass.linkDanger : buttonClass.link}
            onClick={a.onSelect}
          >
            {a.label}
            {named(row)}
          </button>
        ))}
      </span>
    );

  // The master relation (x-master): its chosen record filters the list and is filled in new records; a required
  // one hidden from the form must be chosen before adding.
  const masterField = entry.joinery?.master
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
  const shownColumns =
    masterField && masterValue !== undefined && !Array.isArray(masterFilter)
      ? ctrl.columns.filter((c) => c.id !== masterField.name)
      : ctrl.columns;

  const ToolbarExtra = TOOLBAR_EXTRAS[prefix];
  const toolbar = (
    <>
      <h1 className="mr-2 text-[15px] font-semibold text-ink">{ctrl.title}</h1>
      <button
        type="button"
        className={buttonClass.icon}
        onClick={() => void rows.refresh()}
        title={t('action.refresh')}
        aria-label={t('action.refresh')}
      >
        <RefreshIcon spinning={rows.isValidating} />
      </button>
      {can.add && (
        <button
          type="button"
          className={buttonClass.primary}
          onClick={() => setEditing('new')}
          disabled={masterMissing}
          title={masterMissing ? t('master.pickFirst', { label: labelOf(masterField!.label, ctrl.lang) }) : undefined}
        >
          <span aria-hidden="true">+</span> {t('action.add')}
        </button>
      )}
      <PresetToggles
        entry={entry}
        filters={list.state.filters}
        lang={ctrl.lang}
        onChange={(f) => list.search(list.state.keyWord, f)}
      />
      {selectionButtons.map((b) => {
        // Only the selected rows whose state allows the action are sent.
        const eligible = selectedRows.filter((r) => allows(b, r)).map((r) => r.id);
        return (
          <button
            key={b.key}
            type="button"
            data-action={b.key}
            className={b.tone === 'danger' ? buttonClass.danger : buttonClass.default}
            disabled={eligible.length === 0}
            onClick={() => press(b, eligible)}
          >
            {labelOf(b.label, ctrl.lang)}
            {eligible.length > 0 && ` (${eligible.length})`}
          </button>
        );
      })}
      {can.delete && (
        <button
          type="button"
          className={buttonClass.danger}
          disabled={selectedIds.length === 0}
          onClick={() => setDeleting(selectedIds)}
        >
          {t('action.deleteSelected')}
          {selectedIds.length > 0 && ` (${selectedIds.length})`}
        </button>
      )}
      {entry.joinery?.files?.import && can.add && (
        <button type="button" className={buttonClass.default} onClick={() => setImporting(true)}>
          {t('import.button')}
        </button>
      )}
      {entry.joinery?.files?.export && (
        <ExportButton
          prefix={prefix}
          state={list.state}
          columns={ctrl.columns.map((c) => c.id).filter((id) => entry.joinery!.fields.some((f) => f.name === id))}
        />
      )}
      {ctrl.tree && (
        <>
          <button type="button" className={buttonClass.ghost} onClick={() => setOpen(parentsOf(rows.rows))}>
            {t('tree.expandAll')}
          </button>
          <button type="button" className={buttonClass.ghost} onClick={() => setOpen(new Set())}>
            {t('tree.collapseAll')}
          </button>
        </>
      )}
      {historyRoutes(entry).read && (
        <button
          type="button"
          className={buttonClass.default}
          data-testid="entity-history-button"
          onClick={() => setHistoryOpen(true)}
        >
          {t('history.button')}
        </button>
      )}
      <ColumnSettings columns={ctrl.allColumns} defaults={defaults} onSave={ctrl.prefs.save} />
      {ToolbarExtra && (
        <Suspense fallback={null}>
          <ToolbarExtra prefix={prefix} selectedIds={selectedIds} onChanged={() => void rows.refresh()} />
        </Suspense>
      )}
    </>
  );

  return (
    <div data-testid="entity-screen" data-prefix={prefix}>
      <section
        ref={fill.ref}
        style={{ height: fill.height }}
        className="flex flex-col overflow-hidden rounded-lg border border-line bg-surface shadow-panel"
      >
        <SearchPanel
          spec={
            masterField
              ? { ...ctrl.search, fields: ctrl.search.fields.filter((f) => f.name !== masterField.name) }
              : ctrl.search
          }
          state={list.state}
          onSearch={(kw, f) => list.search(kw, { ...presetFilters(entry, list.state.filters), ...f })}
          onReset={list.reset}
          toolbar={toolbar}
        />
        {entry.joinery?.tabs && (
          <ListTabs
            entry={entry}
            prefix={prefix}
            state={list.state}
            version={version}
            onPick={(value) =>
              list.search(list.state.keyWord, { ...list.state.filters, [entry.joinery!.tabs!]: value })
            }
          />
        )}
        {rows.error && (
          <div
            className="flex items-center gap-3 border-b border-line bg-danger-soft px-4 py-2 text-[13px] text-danger"
            role="alert"
          >
            <span className="flex-1">{rows.error.message}</span>
            <button type="button" className={buttonClass.default} onClick={() => void rows.refresh()}>
              {t('action.retry')}
            </button>
          </div>
        )}
        {/* On a phone (xs) the master panel sits above the list, so the list keeps the width. */}
        <div className="flex min-h-0 flex-1 flex-col sm:flex-row">
          {masterField && (
            <MasterPanel
              field={masterField}
              value={masterFilter}
              lang={ctrl.lang}
              onPick={(value, subtree) =>
                list.search(list.state.keyWord, {
                  ...list.state.filters,
                  [masterField.name]: subtree.length > 1 && masterField.search.includes('in') ? subtree : value,
                })
              }
            />
          )}
          <div className="flex min-w-0 flex-1 flex-col">
            <EntityTable
              columns={shownColumns}
              rows={tree ? tree.map((n) => n.row) : rows.rows}
              state={list.state}
              loading={rows.isLoading || rows.isValidating}
              selectable={can.delete || selectionButtons.length > 0}
              selection={selection}
              onSelectionChange={setSelection}
              onSort={list.setSort}
              actions={actions}
              actionsWidth={phone ? 56 : rowCount * 44 + 24}
              empty={rows.isLoading ? t('state.loading') : t('table.empty')}
              scrollKey={`${location.pathname}${location.search}`}
              label={ctrl.title}
              rowLabel={rowLabel}
              tree={
                tree
                  ? {
                      info: (row) => treeInfo.get(row.id),
                      isOpen: (row) => !!keyWord || openRows.has(String(row.id)),
                      toggle,
                    }
                  : undefined
              }
            />
            {tree ? (
              <div
                className="flex h-11 shrink-0 items-center border-t border-line px-4 text-xs text-muted"
                data-testid="tree-total"
              >
                {keyWord
                  ? t('tree.matches', { shown: tree.length, total: rows.total })
                  : t('tree.total', { total: rows.total })}
              </div>
            ) : (
              <PaginationBar
                page={list.state.page}
                size={list.state.size}
                total={rows.total}
                onPage={list.setPage}
                onSize={list.setSize}
              />
            )}
          </div>
        </div>
      </section>
      {InfoView
        ? viewing && (
            <Suspense fallback={null}>
              <InfoView
                prefix={prefix}
                row={viewing}
                lang={ctrl.lang}
                // The entity's own transitions; another entity's buttons (submit for review) stay on the rows.
                buttons={rowButtons.filter((b) => !b.entity)}
                version={version}
                onPress={press}
                onClose={() => setViewing(null)}
              />
            </Suspense>
          )
        : infoUsed && (
            <Suspense fallback={null}>
              <InfoDialog
                entry={entry}
                prefix={prefix}
                row={viewing}
                lang={ctrl.lang}
                fetchInfo={can.info}
                onClose={() => setViewing(null)}
              />
            </Suspense>
          )}
      {pending && (
        <Suspense fallback={null}>
          <ActionDialog
            pending={pending}
            lang={ctrl.lang}
            onConfirm={(remark, picked) => runNow(pending!.button, pending!.ids, remark, picked)}
            onClose={() => setPending(null)}
          />
        </Suspense>
      )}
      {deleteUsed && (
        <Suspense fallback={null}>
          <ConfirmDelete
            ids={deleting}
            recycle={entry.joinery?.recycle ?? false}
            onConfirm={remove}
            onClose={() => setDeleting(null)}
          />
        </Suspense>
      )}
      {historyOpen && (
        <Suspense fallback={null}>
          <EntityHistoryDialog entry={entry} prefix={prefix} lang={ctrl.lang} onClose={() => setHistoryOpen(false)} />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog
            prefix={prefix}
            title={ctrl.title}
            onClose={() => setImporting(false)}
            onImported={() => void ctrl.afterWrite()}
          />
        </Suspense>
      )}
      {editing === 'new' && AddView ? (
        <Suspense fallback={null}>
          <AddView
            entry={entry}
            prefix={prefix}
            lang={ctrl.lang}
            onClose={() => setEditing(null)}
            onSaved={() => void ctrl.afterWrite()}
          />
        </Suspense>
      ) : (
        editing && (
          <Suspense fallback={null}>
            <EditDialog
              entry={entry}
              prefix={prefix}
              lang={ctrl.lang}
              row={editing === 'new' ? null : editing}
              fetchInfo={can.info}
              fixed={
                editing === 'new' && masterField && masterValue !== undefined
                  ? { [masterField.name]: masterValue }
                  : undefined
              }
              onClose={() => setEditing(null)}
              onSaved={() => void rows.refresh()}
            />
          </Suspense>
        )
      )}
    </div>
  );
}
