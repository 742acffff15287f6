import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** 0.1234 → "12.34%". */
export const percent = (ratio: number | null): string =>
  ratio === null ? '—' : `${(Math.abs(ratio) * 100).toFixed(2)}%`;

/** A change with its arrow: up in red and down in green, as Chinese trading and sales screens show them. */
export function Trend({ label, ratio, testId }: { label: string; ratio: number | null; testId?: string }) {
  const { t } = useTranslation('dashboard');
  const up = ratio !== null && ratio > 0;
  const down = ratio !== null && ratio < 0;
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap" data-testid={testId}>
      <span className="text-muted">{label}</span>
      <span className={up ? 'text-danger' : down ? 'text-success' : 'text-faint'}>
        {up ? '▲' : down ? '▼' : ''} {ratio === null ? t('noChange') : percent(ratio)}
      </span>
    </span>
  );
}

/** One figure of the dashboard: its name, value, changes and a footer line with a related figure. */
export function FigureCard({
  title,
  value,
  trends,
  footer,
  testId,
  icon,
}: {
  title: string;
  value: string;
  trends: ReactNode;
  footer: ReactNode;
  testId: string;
  icon: ReactNode;
}) {
  return (
    <section className="flex flex-col rounded-lg border border-line bg-surface p-4 shadow-panel" data-testid={testId}>
      <div className="flex items-start justify-between">
        <h3 className="text-[13px] text-muted">{title}</h3>
        <span className="flex h-8 w-8 items-center justify-center rounded-md bg-primary-9 text-primary">{icon}</span>
      </div>
      <p className="mt-1 truncate text-2xl font-semibold tabular-nums text-ink" data-testid={`${testId}-value`}>
        {value}
      </p>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs">{trends}</div>
      <div className="mt-3 border-t border-line pt-2.5 text-xs text-muted">{footer}</div>
    </section>
  );
}
