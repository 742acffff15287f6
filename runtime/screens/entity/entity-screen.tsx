import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useBreakpoint } from '../../engine/theme';
import { buttonClass } from '../../widgets/ui-classes';
import { EntityDialogs } from './entity-dialogs';
import { EntityTable } from './entity-table';
import { EntityToolbar } from './entity-toolbar';
import { ListTabs } from './list-tabs';
import { MasterPanel } from './master-panel';
import { PaginationBar } from './pagination-bar';
import { presetFilters } from './preset-toggles';
import { RowActions, rowActionCount } from './row-actions';
import { SearchPanel } from './search-panel';
import type { EntityRow } from '../../engine/use-entity-list';
import { useEntityScreen } from './use-entity-screen';

function Notice({ children, tone = 'muted' }: { children: React.ReactNode; tone?: 'muted' | 'danger' }) {
  return (
    <div
      className={`m-4 rounded-lg border border-line bg-surface px-4 py-10 text-center text-[13px] ${tone === 'danger' ? 'text-danger' : 'text-muted'}`}
    >
      {children}
    </div>
  );
}

/**
 * The generic list / search / edit screen of one entity, built from eps alone (no code per entity). Its state and
 * actions are `useEntityScreen` (the list itself `useEntityController`); the toolbar, row actions and dialogs are
 * parts of their own.
 */
export default function EntityScreen({ prefix }: { prefix: string }) {
  const { t } = useTranslation('entity');
  const location = useLocation();
  const phone = useBreakpoint() === 'xs';
  const s = useEntityScreen(prefix);
  const { ctrl, tree, treeInfo, openRows, keyWord, toggle, masterField, masterFilter, shownColumns } = s;
  const { entry, list, rows, can, selection, setSelection, version } = ctrl;
  // Every row is given the same actions function while what they show stays (rights, buttons, language, the row's
  // name, phone or not): a reply that changes nothing in the rows (the master list, column preferences, a check of
  // the menu) does not draw every row again. The actions read the screen as it is when drawn or pressed.
  const model = useRef(s);
  model.current = s;
  // biome-ignore lint/correctness/useExhaustiveDependencies: what the actions show, read from the model when drawn
  const actions = useCallback(
    (row: EntityRow) => <RowActions model={model} row={row} phone={phone} t={t} />,
    [phone, can.update, can.delete, ctrl.lang, s.rowButtons, s.rowLabel, t],
  );

  if (ctrl.epsError) return <Notice tone="danger">{ctrl.epsError.message}</Notice>;
  if (!entry)
    return ctrl.epsLoading ? <Notice>{t('state.loading')}</Notice> : <Notice>{t('state.noEntity', { prefix })}</Notice>;

  return (
    <div data-testid="entity-screen" data-prefix={prefix}>
      {/*
        As tall as the page area below the page's top padding, less a 16px gap (at least 360px: on short windows the
        page scrolls as usual), so the header, toolbar and pagination stay in view and the rows scroll — and
        virtualize — inside. The page area is a size container (shell-layout), so this needs no measuring.
      */}
      <section className="flex h-[max(360px,calc(100cqh_-_28px))] flex-col overflow-hidden rounded-lg border border-line bg-surface shadow-panel sm:h-[max(360px,calc(100cqh_-_32px))]">
        <SearchPanel
          spec={
            masterField
              ? { ...ctrl.search, fields: ctrl.search.fields.filter((f) => f.name !== masterField.name) }
              : ctrl.search
          }
          state={list.state}
          onSearch={(kw, f) => list.search(kw, { ...presetFilters(entry, list.state.filters), ...f })}
          onReset={list.reset}
          toolbar={<EntityToolbar s={s} entry={entry} />}
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
              selectable={can.delete || s.selectionButtons.length > 0}
              selection={selection}
              onSelectionChange={setSelection}
              onSort={list.setSort}
              actions={actions}
              actionsWidth={phone ? 56 : rowActionCount(s) * 44 + 24}
              empty={rows.isLoading ? t('state.loading') : t('table.empty')}
              scrollKey={`${location.pathname}${location.search}`}
              label={ctrl.title}
              rowLabel={s.rowLabel}
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
      <EntityDialogs s={s} entry={entry} />
    </div>
  );
}
