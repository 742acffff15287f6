import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartConfiguration } from 'chart.js';
import { PERIODS, type Period, type SeriesPoint } from '../../engine/use-dashboard';
import { centsToYuan, formatMoney } from '../../widgets/money';
import { ChartCanvas } from './chart-canvas';
import { useChartColors, type ChartColors } from './chart-colors';
import { SalesTable } from './chart-table';

function axisLabel(period: Period, label: string, hour: (h: string) => string): string {
  if (period === 'today') return hour(label);
  if (period === 'week' || period === 'month') return label.slice(5);
  return label;
}

function scales(c: ChartColors, money: boolean) {
  return {
    x: {
      grid: { display: false },
      ticks: { color: c.muted, maxRotation: 0, autoSkipPadding: 8 },
      border: { color: c.line },
    },
    y: {
      beginAtZero: true,
      grid: { color: c.line },
      border: { display: false },
      ticks: {
        color: c.muted,
        precision: 0,
        callback: (v: string | number) => (money ? `¥${Number(v).toLocaleString()}` : Number(v).toLocaleString()),
      },
    },
  };
}

/** The sales amount (bars, yuan) and sales order (line) charts of a period, with the period switch (`selected` may run ahead of the `period` the points belong to while they load). */
export function SalesCharts({
  selected,
  onPeriod,
  period,
  points,
}: {
  selected: Period;
  onPeriod: (p: Period) => void;
  period: Period;
  points: SeriesPoint[];
}) {
  const { t } = useTranslation('dashboard');
  const c = useChartColors();
  const labels = useMemo(
    () => points.map((p) => axisLabel(period, p.label, (hour) => t('hour', { hour }))),
    [points, period, t],
  );

  const amount = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: {
        labels,
        datasets: [
          {
            label: t('salesChart'),
            data: points.map((p) => Number(centsToYuan(p.amount))),
            backgroundColor: c.primary,
            borderRadius: 3,
            maxBarThickness: 28,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 300 },
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: { label: (item) => `${t('salesChart')}: ${formatMoney(points[item.dataIndex]?.amount ?? 0)}` },
          },
        },
        scales: scales(c, true),
      },
    }),
    [labels, points, c, t],
  );

  const orders = useMemo<ChartConfiguration>(
    () => ({
      type: 'line',
      data: {
        labels,
        datasets: [
          {
            label: t('ordersChart'),
            data: points.map((p) => p.orders),
            borderColor: c.primary,
            backgroundColor: `${c.primarySoft}`,
            fill: 'origin',
            tension: 0.3,
            cubicInterpolationMode: 'monotone',
            pointRadius: points.length > 16 ? 0 : 3,
            pointHoverRadius: 4,
            borderWidth: 2,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 300 },
        interaction: { mode: 'index', intersect: false },
        plugins: { legend: { display: false } },
        scales: scales(c, false),
      },
    }),
    [labels, points, c, t],
  );

  return (
    <section className="rounded-lg border border-line bg-surface shadow-panel" data-testid="sales-charts">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-2.5">
        <h2 className="text-sm font-medium text-ink">
          {t('salesChart')} · {t('ordersChart')}
        </h2>
        {/* APG tabs: one Tab stop (the chosen period), ←→ Home End choose another, the charts are its panel. */}
        <div
          className="flex rounded-md border border-line p-0.5"
          role="tablist"
          aria-label={t('salesChart')}
          onKeyDown={(e) => {
            const at = PERIODS.indexOf(selected);
            const next =
              e.key === 'ArrowRight'
                ? (at + 1) % PERIODS.length
                : e.key === 'ArrowLeft'
                  ? (at + PERIODS.length - 1) % PERIODS.length
                  : e.key === 'Home'
                    ? 0
                    : e.key === 'End'
                      ? PERIODS.length - 1
                      : -1;
            if (next < 0) return;
            e.preventDefault();
            onPeriod(PERIODS[next]);
            e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
          }}
        >
          {PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              id={`period-tab-${p}`}
              aria-selected={p === selected}
              aria-controls="sales-panel"
              tabIndex={p === selected ? 0 : -1}
              onClick={() => onPeriod(p)}
              data-testid={`period-${p}`}
              className={`rounded px-2.5 py-1 text-xs transition-colors ${p === selected ? 'bg-primary text-on-primary' : 'text-muted hover:bg-hover hover:text-ink'}`}
            >
              {t(`period.${p}`)}
            </button>
          ))}
        </div>
      </div>
      <div id="sales-panel" role="tabpanel" aria-labelledby={`period-tab-${selected}`}>
        <div className="grid gap-4 p-4 lg:grid-cols-2">
          <div>
            <h3 className="mb-2 text-xs text-muted">{t('amountAxis')}</h3>
            <ChartCanvas config={amount} label={t('salesChart')} testId="chart-amount" />
          </div>
          <div>
            <h3 className="mb-2 text-xs text-muted">{t('ordersAxis')}</h3>
            <ChartCanvas config={orders} label={t('ordersChart')} testId="chart-orders" />
          </div>
        </div>
        <SalesTable labels={labels} points={points} />
      </div>
    </section>
  );
}
