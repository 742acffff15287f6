import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useEps, type EpsEntry } from '../../engine/eps';
import { entityApi } from '../../engine/entity-api';
import { epsColumns } from '../../engine/eps-columns';
import type { EntityRow } from '../../engine/use-entity-list';
import { cellRegistry } from '../../widgets/cell-registry';
import { labelOf } from '../../widgets/label-of';

const SHOWN = 10;
const MAX_COLUMNS = 6;

type Related = NonNullable<NonNullable<EpsEntry['joinery']>['related']>[number];

/** One related list: the newest records of another entity whose field holds this record's id, with their columns. */
function RelatedList({ related, id, lang }: { related: Related; id: number; lang: string }) {
  const { t } = useTranslation('entity');
  const { byPrefix } = useEps();
  const entry = byPrefix.get(related.entity);
  const canPage = entry?.api.some((a) => a.path === '/page');
  const { data, error, isLoading } = useSWR(
    canPage ? ['related', related.entity, related.field, id] : null,
    () =>
      entityApi(related.entity).page(
        { page: 1, size: SHOWN, [related.field]: id, order: 'createTime', sort: 'desc' },
        { quiet: true },
      ),
    { revalidateOnFocus: false },
  );
  if (!entry || !canPage) return null;
  const columns = epsColumns(entry, lang, byPrefix)
    .filter((c) => c.visible && c.field.name !== related.field && c.cell !== 'image')
    .sort((a, b) => a.order - b.order)
    .slice(0, MAX_COLUMNS);
  const title = labelOf(related.label ?? entry.joinery?.title, lang);
  const total = data?.pagination.total ?? 0;
  return (
    <section className="mt-4" data-related={related.entity} aria-label={title}>
      <h3 className="mb-1.5 flex items-baseline gap-2 text-[13px] font-semibold text-ink">
        {title}
        {data && <span className="text-[12px] font-normal text-muted">{t('related.count', { count: total })}</span>}
      </h3>
      {error && <p className="text-[13px] text-danger">{error instanceof Error ? error.message : String(error)}</p>}
      {isLoading && <p className="text-[13px] text-muted">{t('state.loading')}</p>}
      {data && data.list.length === 0 && <p className="text-[13px] text-muted">{t('related.none')}</p>}
      {data && data.list.length > 0 && (
        <div className="overflow-x-auto rounded-md border border-line">
          <table className="w-full text-[13px]">
            <thead className="bg-subtle text-left text-muted">
              <tr>
                {columns.map((c) => (
                  <th key={c.id} scope="col" className="px-2 py-1.5 font-medium whitespace-nowrap">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.list.map((row) => (
                <tr key={String(row.id)} className="border-t border-line">
                  {columns.map((c) => {
                    const Cell = cellRegistry[c.cell];
                    return (
                      <td key={c.id} className="px-2 py-1.5 align-top">
                        <Cell value={row[c.accessor]} row={row as EntityRow} column={c} />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {total > SHOWN && (
            <p className="border-t border-line px-2 py-1 text-[12px] text-muted">
              {t('related.more', { shown: SHOWN, count: total })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

/** The records of other entities the schema relates to this one (x-related), below its details. */
export function RelatedRecords({ entry, id, lang }: { entry: EpsEntry; id: number; lang: string }) {
  const related = entry.joinery?.related ?? [];
  return related.map((r) => <RelatedList key={`${r.entity}.${r.field}`} related={r} id={id} lang={lang} />);
}
