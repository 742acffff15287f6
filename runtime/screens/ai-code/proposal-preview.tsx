import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowSelectionState } from '@tanstack/react-table';
import type { EpsEntry } from '../../engine/eps';
import { useEps } from '../../engine/eps';
import { epsColumns } from '../../engine/eps-columns';
import { epsSearch } from '../../engine/eps-search';
import type { EntityRow } from '../../engine/use-entity-list';
import { DEFAULT_SIZE, type ListState, type SortDir } from '../../engine/use-list-state';
import { labelOf } from '../../widgets/label-of';
import { buttonClass } from '../../widgets/ui-classes';
import { EntityTable } from '../entity/entity-table';
import { SearchPanel } from '../entity/search-panel';
import type { Row } from './proposal-state';

const EditDialog = lazy(() => import('../entity/edit-dialog'));

const START: ListState = { page: 1, size: DEFAULT_SIZE, keyWord: '', filters: {} };

/** Numbers as numbers, anything else (dates as text) as text. */
function compare(a: unknown, b: unknown): number {
  if (a === null || a === undefined) return -1;
  const x = Number(a);
  const y = Number(b);
  if (typeof a !== 'boolean' && !Number.isNaN(x) && !Number.isNaN(y) && String(a).trim() !== '') return x - y;
  return String(a).localeCompare(String(b));
}

/** The sample rows as the list would answer a search: keyword over the keyword fields, equality and ranges, sorted. */
function answer(entry: EpsEntry, rows: Row[], state: ListState): Row[] {
  const fields = entry.joinery?.fields ?? [];
  const keywordFields = fields.filter((f) => f.search.includes('keyword')).map((f) => f.name);
  const kw = state.keyWord.trim().toLowerCase();
  let out = rows.filter(
    (r) =>
      !kw ||
      keywordFields.some((n) =>
        String(r[n] ?? '')
          .toLowerCase()
          .includes(kw),
      ),
  );
  for (const [name, want] of Object.entries(state.filters)) {
    if (want === undefined || want === '' || want === null) continue;
    out = out.filter((r) => {
      const v = r[name];
      if (Array.isArray(want)) {
        const [lo, hi] = want as unknown[];
        const open = (x: unknown) => x === undefined || x === null || x === '';
        return (open(lo) || compare(v, lo) >= 0) && (open(hi) || compare(v, hi) <= 0);
      }
      return String(v) === String(want);
    });
  }
  if (state.order) {
    const key = state.order;
    const dir = state.sort === 'asc' ? 1 : -1;
    out = [...out].sort((a, b) => dir * compare(a[key], b[key]));
  }
  return out;
}

/**
 * The proposal's screen before it exists: the real generic list (search, columns, sorting) and add dialog rendered
 * from the draft's eps entry, over the pasted sample rows. A record saved in the preview joins the rows, not the database.
 */
export function ProposalPreview({
  entry,
  rows,
  onRows,
  lang,
}: {
  entry: EpsEntry;
  rows: Row[];
  onRows: (rows: Row[]) => void;
  lang: string;
}) {
  const { t } = useTranslation('aicode');
  const te = useTranslation('entity').t;
  const eps = useEps();
  const [state, setState] = useState<ListState>(START);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [adding, setAdding] = useState(false);
  const columns = useMemo(
    () => epsColumns(entry, lang, eps.byPrefix).filter((c) => c.visible),
    [entry, lang, eps.byPrefix],
  );
  const search = useMemo(() => epsSearch(entry, lang), [entry, lang]);
  const shown = useMemo(() => answer(entry, rows, state) as EntityRow[], [entry, rows, state]);
  const title = labelOf(entry.joinery?.title, lang);

  return (
    <div data-testid="ai-preview" className="overflow-hidden rounded-lg border border-dashed border-primary-6">
      <SearchPanel
        spec={search}
        state={state}
        onSearch={(keyWord, filters) => setState((s) => ({ ...s, page: 1, keyWord, filters }))}
        onReset={() => setState(START)}
        toolbar={
          <>
            <h3 className="mr-2 text-[15px] font-semibold text-ink">{title}</h3>
            <span className="rounded bg-primary-9 px-1.5 py-px text-xs text-primary">{t('preview.badge')}</span>
            <button type="button" className={buttonClass.primary} onClick={() => setAdding(true)}>
              <span aria-hidden="true">+</span> {te('action.add')}
            </button>
          </>
        }
      />
      <div className="h-[300px]">
        <EntityTable
          columns={columns}
          rows={shown}
          state={state}
          loading={false}
          selectable
          selection={selection}
          onSelectionChange={setSelection}
          onSort={(order: string | undefined, sort?: SortDir) => setState((s) => ({ ...s, order, sort }))}
          actionsWidth={0}
          empty={t('preview.empty')}
        />
      </div>
      {adding && (
        <Suspense fallback={null}>
          <EditDialog
            entry={entry}
            prefix={entry.prefix.replace(/^\/admin\//, '')}
            lang={lang}
            row={null}
            fetchInfo={false}
            onClose={() => setAdding(false)}
            onSaved={() => undefined}
            onPreview={(body) =>
              onRows([...rows, { id: rows.reduce((m, r) => Math.max(m, Number(r.id) || 0), 0) + 1, ...body }])
            }
          />
        </Suspense>
      )}
    </div>
  );
}
