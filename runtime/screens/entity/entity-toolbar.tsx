import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { EpsEntry } from '../../engine/eps';
import { parentsOf } from '../../engine/tree-rows';
import { TOOLBAR_EXTRAS } from '../../overrides/toolbar-extras';
import { labelOf } from '../../widgets/label-of';
import { buttonClass } from '../../widgets/ui-classes';
import { allows } from './action-buttons';
import { ColumnSettings } from './column-settings';
import { ExportButton } from './export-import';
import { historyRoutes } from './history-routes';
import { PresetToggles } from './preset-toggles';
import type { EntityScreenModel } from './use-entity-screen';

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

/**
 * The entity screen's toolbar: title, refresh, add, preset filters, the buttons for the ticked rows, delete, import
 * and export, a tree's expand/collapse, history, column settings and a screen's own extras.
 */
export function EntityToolbar({ s, entry }: { s: EntityScreenModel; entry: EpsEntry }) {
  const { t } = useTranslation('entity');
  const { ctrl, prefix, masterMissing, masterField, selectionButtons } = s;
  const { can, list, rows, selectedIds, selectedRows } = ctrl;
  const ToolbarExtra = TOOLBAR_EXTRAS[prefix];
  return (
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
          onClick={() => s.setEditing('new')}
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
            onClick={() => s.press(b, eligible)}
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
          onClick={() => s.setDeleting(selectedIds)}
        >
          {t('action.deleteSelected')}
          {selectedIds.length > 0 && ` (${selectedIds.length})`}
        </button>
      )}
      {entry.joinery?.files?.import && can.add && (
        <button type="button" className={buttonClass.default} onClick={() => s.setImporting(true)}>
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
          <button type="button" className={buttonClass.ghost} onClick={() => s.setOpen(parentsOf(rows.rows))}>
            {t('tree.expandAll')}
          </button>
          <button type="button" className={buttonClass.ghost} onClick={() => s.setOpen(new Set())}>
            {t('tree.collapseAll')}
          </button>
        </>
      )}
      {historyRoutes(entry).read && (
        <button
          type="button"
          className={buttonClass.default}
          data-testid="entity-history-button"
          onClick={() => s.setHistoryOpen(true)}
        >
          {t('history.button')}
        </button>
      )}
      <ColumnSettings columns={ctrl.allColumns} defaults={s.defaults} onSave={ctrl.prefs.save} />
      {ToolbarExtra && (
        <Suspense fallback={null}>
          <ToolbarExtra prefix={prefix} selectedIds={selectedIds} onChanged={() => void rows.refresh()} />
        </Suspense>
      )}
    </>
  );
}
