import { useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import type { EpsEntry, EpsField } from '../../engine/eps';
import { entityApi } from '../../engine/entity-api';
import type { ColumnSpec } from '../../engine/eps-columns';
import { cellKind } from '../../widgets/field-kind';
import { cellRegistry } from '../../widgets/cell-registry';
import { formatDate } from '../../widgets/format-date';
import { labelOf } from '../../widgets/label-of';
import { buttonClass } from '../../widgets/ui-classes';
import { toast } from '../../shell/toast';

import { historyRoutes } from './history-routes';

export { historyRoutes };

/** One row of `<prefix>/history` (server/core/crud/history-routes.ts). */
export type HistoryRow = {
  id: number;
  recordId: number;
  version: number;
  action: 'add' | 'update' | 'delete' | 'restore' | 'import' | 'revert';
  userId: number | null;
  userName: string | null;
  createTime: string;
  changes: Record<string, [unknown, unknown]>;
};

/** The entity-wide search of `<prefix>/history`. */
export type HistorySearch = { userId?: number; field?: string; from?: string; to?: string };

/** What a secret field's values are recorded as. */
const SECRET_MARK = '***';
const PAGE = 20;
/** The most rows one history call answers. */
const MAX = 100;

/** A value as the list shows it: dictionary names, money as money, relations by name, dates, yes/no. */
export function FieldValue({ field, value }: { field: EpsField | undefined; value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="text-faint">—</span>;
  if (!field) return <span>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</span>;
  if (field.secret || value === SECRET_MARK) return <span className="text-faint">***</span>;
  const kind = cellKind(field);
  const column = {
    id: field.name,
    label: '',
    field,
    cell: kind,
    accessor: field.name,
    sortable: false,
    visible: true,
    order: 0,
  } satisfies ColumnSpec;
  const Cell = cellRegistry[kind];
  return <Cell value={value} row={{ id: 0, [field.name]: value }} column={column} />;
}

/**
 * A record's timeline (issue 31): newest first, each write with who and when and its changed fields as readable
 * old → new values; with the update permission a field, or the whole record, can be put back as it was at a version.
 */
export function HistoryPanel({
  entry,
  prefix,
  id,
  lang,
  revision,
  onReverted,
  search,
}: {
  entry: EpsEntry;
  prefix: string;
  /** One record's timeline; without it, the entity's history (by `search`), each entry naming its record. */
  id?: number;
  lang: string;
  /** The entity-wide search: who, a field changed, a time range. */
  search?: HistorySearch;
  /** The revision the caller has loaded (sent with a revert, so a revert never overwrites an unseen change). */
  revision?: number;
  onReverted?: () => void;
}) {
  const { t } = useTranslation('entity');
  const [size, setSize] = useState(PAGE);
  const [busy, setBusy] = useState(false);
  const api = entityApi(prefix);
  const { data, error, isLoading, mutate } = useSWR(
    ['history', prefix, id, size, search?.userId, search?.field, search?.from, search?.to],
    () =>
      api.post<{ list: HistoryRow[]; pagination: { total: number } }>(
        'history',
        { ...(id ? { id } : {}), ...search, size },
        { quiet: true },
      ),
    { revalidateOnFocus: false },
  );
  const fields = new Map((entry.joinery?.fields ?? []).map((f) => [f.name, f]));
  const canRevert = id !== undefined && historyRoutes(entry).revert;
  const writable = (name: string) => {
    const f = fields.get(name);
    return !!f && !f.system && !f.readonly && !f.secret;
  };
  const revert = async (version: number, field?: string) => {
    setBusy(true);
    try {
      await api.post('revert', {
        id,
        version,
        ...(field ? { field } : {}),
        ...(revision ? { revision } : {}),
      });
      toast.success(t('history.reverted', { version }));
      await mutate();
      onReverted?.();
    } catch (e) {
      toast.failure(e);
    } finally {
      setBusy(false);
    }
  };
  if (error)
    return (
      <p className="rounded-md bg-danger-soft px-3 py-2 text-[13px] text-danger">
        {error instanceof Error ? error.message : String(error)}
      </p>
    );
  if (isLoading || !data) return <p className="py-6 text-center text-[13px] text-muted">{t('state.loading')}</p>;
  if (data.list.length === 0) return <p className="py-6 text-center text-[13px] text-muted">{t('history.empty')}</p>;
  const latest = data.list[0]?.version;
  return (
    <div data-testid="history-panel" className="text-[13px]">
      <ol className="relative ml-2 border-l border-line">
        {data.list.map((h) => {
          const names = Object.keys(h.changes);
          const revertible = canRevert && h.version !== latest && h.action !== 'delete';
          return (
            <li key={h.id} className="mb-4 ml-4" data-testid="history-entry" data-version={h.version}>
              <span className="absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full border border-surface bg-primary" />
              <div className="flex flex-wrap items-center gap-2">
                {id === undefined && <span className="text-muted tabular-nums">#{h.recordId}</span>}
                <span className="font-medium text-ink">{t(`history.action.${h.action}`)}</span>
                <span className="text-muted">
                  {t('history.by', {
                    user: h.userName ?? t('history.someone'),
                    time: formatDate(h.createTime, true),
                    version: h.version,
                  })}
                </span>
                {revertible && names.some(writable) && (
                  <button
                    type="button"
                    className={buttonClass.link}
                    disabled={busy}
                    data-testid="history-revert-all"
                    onClick={() => void revert(h.version)}
                  >
                    {t('history.revertAll')}
                  </button>
                )}
              </div>
              {names.length > 0 && (
                <table className="mt-1 w-full table-fixed border-collapse">
                  {/* Headers for assistive technology; the layout speaks for itself on screen. */}
                  <thead className="sr-only">
                    <tr>
                      <th scope="col">{t('history.colField')}</th>
                      <th scope="col">{t('history.colBefore')}</th>
                      <th scope="col">{t('history.colAfter')}</th>
                      <th scope="col">{t('history.colActions')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {names.map((name) => {
                      const f = fields.get(name);
                      const [from, to] = h.changes[name];
                      return (
                        <tr key={name} data-change-field={name} className="border-b border-line last:border-0">
                          <th scope="row" className="w-1/4 truncate py-1 pr-2 text-left font-normal text-muted">
                            {f ? labelOf(f.label, lang) : name}
                          </th>
                          <td className="w-[30%] min-w-0 py-1 pr-2 text-muted line-through decoration-faint">
                            {h.action === 'add' || h.action === 'restore' || h.action === 'import' ? null : (
                              <FieldValue field={f} value={from} />
                            )}
                          </td>
                          <td className="w-[30%] min-w-0 py-1 pr-2 text-ink">
                            {h.action === 'delete' ? null : <FieldValue field={f} value={to} />}
                          </td>
                          <td className="py-1 text-right">
                            {revertible && writable(name) && (
                              <button
                                type="button"
                                className={buttonClass.link}
                                disabled={busy}
                                data-testid="history-revert-field"
                                title={t('history.revertField')}
                                onClick={() => void revert(h.version, name)}
                              >
                                ↺
                              </button>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
            </li>
          );
        })}
      </ol>
      {data.pagination.total > data.list.length && size < MAX && (
        <button type="button" className={buttonClass.default} onClick={() => setSize((s) => Math.min(MAX, s + PAGE))}>
          {t('history.more')}
        </button>
      )}
    </div>
  );
}
