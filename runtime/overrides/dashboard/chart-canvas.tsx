import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chart, ChartConfiguration } from 'chart.js';

/** A canvas drawn by Chart.js, which is imported the first time a chart is shown; later configs update it in place. */
export function ChartCanvas({
  config,
  label,
  testId,
  className = 'h-64',
}: {
  config: ChartConfiguration;
  label: string;
  testId: string;
  className?: string;
}) {
  const { t } = useTranslation('dashboard');
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void import('./chart-kit').then(({ Chart: ChartClass }) => {
      if (cancelled || !canvas.current) return;
      if (chart.current && (chart.current.config as { type?: string }).type === config.type) {
        chart.current.data = config.data;
        chart.current.options = config.options ?? {};
        chart.current.update();
      } else {
        chart.current?.destroy();
        chart.current = new ChartClass(canvas.current, config);
      }
      setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, [config]);

  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );

  return (
    <div className={`relative ${className}`} data-testid={testId} data-ready={ready ? 'true' : 'false'}>
      {!ready && (
        <div className="absolute inset-0 flex items-center justify-center text-xs text-faint">{t('chartLoading')}</div>
      )}
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
