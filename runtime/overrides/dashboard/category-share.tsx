import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartConfiguration } from 'chart.js';
import type { DashboardData } from '../../engine/use-dashboard';
import { ChartCanvas } from './chart-canvas';
import { useChartColors } from './chart-colors';
import { percent } from './figure-card';

/** Units sold per product category: a doughnut and its legend with shares. */
export function CategoryShare({ items }: { items: DashboardData['categoryShare'] }) {
  const { t } = useTranslation('dashboard');
  const c = useChartColors();
  const names = useMemo(() => items.map((i) => i.name ?? t('uncategorized')), [items, t]);
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'doughnut',
      data: {
        labels: names,
        datasets: [
          {
            data: items.map((i) => i.sales),
            backgroundColor: items.map((_, k) => c.palette[k % c.palette.length]),
            borderColor: c.surface,
            borderWidth: 2,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        cutout: '62%',
        animation: { duration: 300 },
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              label: (item) =>
                `${names[item.dataIndex]}: ${t('unitsSold', { count: items[item.dataIndex]?.sales ?? 0 })}`,
            },
          },
        },
      },
    }),
    [names, items, c, t],
  );

  return (
    <section className="rounded-lg border border-line bg-surface shadow-panel" data-testid="category-share">
      <h2 className="border-b border-line px-4 py-2.5 text-sm font-medium text-ink">{t('categoryShare')}</h2>
      {items.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-faint">{t('noData')}</p>
      ) : (
        <div className="grid items-center gap-4 p-4 sm:grid-cols-2">
          <ChartCanvas config={config} label={t('categoryShare')} testId="chart-category" className="h-52" />
          {/* The chart's figures as text (WCAG 1.1.1): each category, what it sold and its share, read in full. */}
          <ul className="space-y-1.5 text-[13px]" aria-label={t('categoryShare')} data-testid="category-legend">
            {items.map((item, k) => (
              <li key={item.categoryId ?? 'none'} className="flex items-center gap-2">
                <span
                  className="h-2.5 w-2.5 shrink-0 rounded-full"
                  style={{ background: c.palette[k % c.palette.length] }}
                />
                <span className="min-w-0 flex-1 truncate text-ink">{names[k]}</span>
                <span className="tabular-nums text-muted">
                  <span aria-hidden="true">{item.sales.toLocaleString()}</span>
                  <span className="sr-only">{t('unitsSold', { count: item.sales })}</span>
                </span>
                <span className="w-14 text-right tabular-nums text-ink">{percent(item.share)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
