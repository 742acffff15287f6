import { useTranslation } from 'react-i18next';
import type { SeriesPoint } from '../../engine/use-dashboard';
import { formatMoney } from '../../widgets/money';

/**
 * The figures behind the sales charts as a table (WCAG 1.1.1: a chart's data in text), behind a disclosure under the
 * charts: for a screen reader, and for anyone who wants the exact numbers rather than the bars' heights.
 */
export function SalesTable({ labels, points }: { labels: string[]; points: SeriesPoint[] }) {
  const { t } = useTranslation('dashboard');
  if (points.length === 0) return null;
  return (
    <details className="border-t border-line px-4 py-2 text-[13px]" data-testid="sales-table">
      <summary className="w-fit cursor-pointer rounded text-primary hover:underline">{t('showTable')}</summary>
      <div className="mt-2 max-h-72 overflow-auto">
        <table className="w-full">
          <caption className="sr-only">
            {t('salesChart')} · {t('ordersChart')}
          </caption>
          <thead>
            <tr className="text-left text-xs text-muted">
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('time')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {t('salesChart')}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t('ordersChart')}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={p.label} className="border-t border-line">
                <th scope="row" className="py-1 pr-3 text-left font-normal text-ink">
                  {labels[i]}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums text-ink">{formatMoney(p.amount)}</td>
                <td className="py-1 text-right tabular-nums text-ink">{p.orders.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
