import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { TextWidget } from './form-widgets';
import { formatDay } from './date-text';

type CronModule = typeof import('croner');

// croner is loaded with the first cron field, not with the console.
let croner: Promise<CronModule> | undefined;
const loadCroner = () => (croner ??= import('croner'));

const pad = (n: number) => String(n).padStart(2, '0');
const PRESETS = ['0/5 * * * * ?', '0 * * * * ?', '0 0 * * * ?', '0 0 2 * * ?', '0 0 9 ? * MON-FRI'];

/**
 * The next five times a cron expression fires, read as the server reads it (5 or 6 fields, seconds first, Quartz `?`
 * and `0/5` steps), in the browser's local time; or why it is not a cron.
 */
export function useCronPreview(pattern: string | undefined, count = 5): { times: Date[]; error?: string } {
  const [out, setOut] = useState<{ times: Date[]; error?: string }>({ times: [] });
  useEffect(() => {
    let live = true;
    const text = pattern?.trim() ?? '';
    if (!text) {
      setOut({ times: [] });
      return;
    }
    void loadCroner().then(({ Cron }) => {
      if (!live) return;
      try {
        const job = new Cron(text, { paused: true, sloppyRanges: true, mode: '5-or-6-parts' });
        setOut({ times: job.nextRuns(count) });
      } catch (e) {
        // The parser's reason is English only: the field says what a cron is in the reader's language instead.
        setOut({ times: [], error: (e as Error).message });
      }
    });
    return () => {
      live = false;
    };
  }, [pattern, count]);
  return out;
}

/** A cron field (x-ui.widget: cron): the expression, presets to start from, and the next five run times as you type. */
export function CronWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation('common');
  const value = typeof props.value === 'string' ? props.value : '';
  const { times, error } = useCronPreview(value);
  const show = (d: Date) =>
    `${formatDay(`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, i18n.language)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  const locked = props.disabled || props.readonly;
  return (
    <div className="flex flex-col gap-1.5" data-testid="cron-widget">
      <TextWidget {...props} placeholder={props.placeholder || '0/5 * * * * ?'} />
      {!locked && (
        <div className="flex flex-wrap gap-1">
          {PRESETS.map((p, i) => (
            <button
              key={p}
              type="button"
              onClick={() => props.onChange(p)}
              title={p}
              className="rounded border border-line bg-subtle px-1.5 py-px text-[11px] text-muted transition-colors hover:border-primary-5 hover:text-primary"
            >
              {t(`cron.presets.${i}`)}
            </button>
          ))}
        </div>
      )}
      {value.trim() !== '' &&
        (error ? (
          <p className="text-xs text-danger" role="alert" data-testid="cron-error">
            {t('cron.invalid')}
          </p>
        ) : (
          <div
            className="rounded-md border border-line bg-subtle px-2.5 py-1.5 text-xs text-muted"
            data-testid="cron-next"
          >
            <span>{t('cron.next', { count: times.length })}</span>
            <ol className="mt-0.5 grid grid-cols-1 gap-x-4 font-mono text-ink tabular-nums sm:grid-cols-2">
              {times.map((d) => (
                <li key={d.getTime()}>{show(d)}</li>
              ))}
            </ol>
            {times.length === 0 && <span>{t('cron.never')}</span>}
          </div>
        ))}
    </div>
  );
}
