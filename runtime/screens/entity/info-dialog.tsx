import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useEps, type EpsEntry, type EpsField } from '../../engine/eps';
import { entityApi } from '../../engine/entity-api';
import type { EntityRow } from '../../engine/use-entity-list';
import type { ColumnSpec } from '../../engine/eps-columns';
import { cellKind } from '../../widgets/field-kind';
import { labelOf } from '../../widgets/label-of';
import { cellRegistry } from '../../widgets/cell-registry';
import { ImageThumbs } from '../../widgets/media-thumbs';
import { EntityRowsView, JsonView } from '../../widgets/json-view';
import { buttonClass } from '../../widgets/ui-classes';
import { DialogFrame } from './dialog-frame';
import { RelatedRecords } from './related-records';
import { HistoryPanel, historyRoutes } from './history-panel';

type Props = {
  entry: EpsEntry;
  prefix: string;
  row: EntityRow | null;
  lang: string;
  /** Fetch the full record with GET …/info (the page row may leave out long columns). */
  fetchInfo: boolean;
  onClose: () => void;
};

function Value({ field, row, lang }: { field: EpsField; row: EntityRow; lang: string }) {
  const { byPrefix } = useEps();
  const value = row[field.name];
  // A widget chosen by a sibling's value (x-ui.widgetBy) also decides how the value is shown.
  const by = field.ui?.widgetBy;
  const chosen = by ? by.widgets[String(row[by.field])] : undefined;
  const kind = cellKind(chosen ? { ...field, ui: { ...field.ui, widget: chosen } } : field);
  const rowsOf = field.ui?.rowsOf ? byPrefix.get(String(row[field.ui.rowsOf] ?? ''))?.joinery?.fields : undefined;
  if (kind === 'json' && rowsOf && Array.isArray(value))
    return <EntityRowsView rows={value as Record<string, unknown>[]} fields={rowsOf} lang={lang} />;
  // Spec groups and SKUs in full: a labelled table (SKU prices in yuan), where the list shows their summary.
  if ((kind === 'json' || kind === 'specs' || kind === 'skus') && value !== null && value !== undefined)
    return <JsonView value={value} field={field} lang={lang} />;
  if (kind === 'image' || kind === 'images') return <ImageThumbs value={value} size={64} />;
  if (kind === 'text' || kind === 'richtext') {
    if (value === null || value === undefined || value === '') return <span className="text-faint">—</span>;
    // Rich text is previewed as the page it makes, in a frame that runs no script and reaches nothing of ours.
    if (kind === 'richtext')
      return (
        <iframe
          title={labelOf(field.label, lang)}
          sandbox=""
          srcDoc={String(value)}
          data-testid="richtext-preview"
          className="h-56 w-full rounded border border-line bg-white"
        />
      );
    return <span className="break-words whitespace-pre-wrap">{String(value)}</span>;
  }
  const alias = Object.keys(field.ref?.fields ?? {})[0];
  const column = {
    id: field.name,
    label: '',
    field,
    cell: kind,
    accessor: alias ?? field.name,
    rawKey: alias ? field.name : undefined,
    sortable: false,
    visible: true,
    order: 0,
  } satisfies ColumnSpec;
  const Cell = cellRegistry[kind];
  return <Cell value={alias && row[alias] !== undefined ? row[alias] : value} row={row} column={column} />;
}

/** Read-only view of one record: every field but secrets, with the table's renderers. */
export function InfoDialog({ entry, prefix, row, lang, fetchInfo, onClose }: Props) {
  const { t } = useTranslation('entity');
  const id = row?.id;
  const { data, error, isLoading } = useSWR(
    fetchInfo && id !== undefined ? [entityApi(prefix).url('info'), id] : null,
    ([, i]) => entityApi(prefix).info(i),
  );
  // Joined labels come only with page rows, so the page row fills what info leaves out.
  const record: EntityRow | null = row ? { ...row, ...(data ?? {}) } : null;
  const fields = entry.joinery?.fields.filter((f) => !f.secret && !(f.ui?.hidden && f.list === false)) ?? [];
  const title = entry.joinery ? labelOf(entry.joinery.title, lang) : prefix;
  return (
    <DialogFrame
      open={!!row}
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={t('dialog.infoTitle', { title })}
      testId="info-dialog"
      footer={
        <button type="button" className={buttonClass.default} onClick={onClose}>
          {t('action.close')}
        </button>
      }
    >
      {error && (
        <p className="mb-3 rounded-md bg-danger-soft px-3 py-2 text-[13px] text-danger">
          {error instanceof Error ? error.message : String(error)}
        </p>
      )}
      {isLoading && <p className="mb-3 text-[13px] text-muted">{t('state.loading')}</p>}
      {record && (
        <dl className="grid grid-cols-1 overflow-hidden rounded-md border border-line text-[13px] sm:grid-cols-[max-content_1fr]">
          {fields.map((f) => (
            <div key={f.name} className="contents">
              <dt className="border-b border-line bg-subtle px-3 py-2 text-muted sm:border-r">
                {labelOf(f.label, lang)}
              </dt>
              <dd className="min-w-0 border-b border-line px-3 py-2 text-ink" data-field={f.name}>
                <Value field={f} row={record} lang={lang} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {record && <RelatedRecords entry={entry} id={Number(record.id)} lang={lang} />}
      {record && historyRoutes(entry).read && (
        <section className="mt-4" data-testid="info-history">
          <h3 className="mb-2 text-[13px] font-medium text-ink">{t('history.tab')}</h3>
          <HistoryPanel entry={entry} prefix={prefix} id={Number(record.id)} lang={lang} />
        </section>
      )}
    </DialogFrame>
  );
}
