import { useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { entityApi } from '../engine/entity-api';
import { client } from '../engine/client';
import type { EntityRow } from '../engine/use-entity-list';
import { DialogFrame } from '../screens/entity/dialog-frame';
import { allows } from '../screens/entity/action-buttons';
import { DictTag, Tag } from '../widgets/dict-tag';
import { labelOf } from '../widgets/label-of';
import { formatDate } from '../widgets/format-date';
import { formatDay } from '../widgets/date-text';
import { useCronPreview } from '../widgets/cron-widget';
import { buttonClass } from '../widgets/ui-classes';
import type { InfoViewProps } from './info-views';

type Task = EntityRow & {
  name: string;
  status: number;
  taskType: number;
  cron: string | null;
  every: number | null;
  limit: number | null;
  runCount: number;
  startDate: string | null;
  endDate: string | null;
  nextRunTime: string | null;
  lastExecuteTime: string | null;
  service: string | null;
  data: string | null;
  remark: string | null;
};
type LogRow = {
  id: number;
  status: number;
  duration: number | null;
  detail: string | null;
  slotTime: string | null;
  createTime: string;
};
type LogPage = { list: LogRow[]; pagination: { page: number; size: number; total: number } };

const LOG_SIZE = 10;

/** A date-time from the server in the interface language's format. */
function when(value: string | null | undefined, lang: string): string {
  const text = formatDate(value, true);
  return text ? `${formatDay(text.slice(0, 10), lang)} ${text.slice(11)}` : '—';
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[12px] text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-ink">{children}</dd>
    </div>
  );
}

function Schedule({ task, lang }: { task: Task; lang: string }) {
  const { t } = useTranslation('entity');
  const cron = task.taskType === 0 ? (task.cron ?? '') : undefined;
  const preview = useCronPreview(task.status === 1 ? cron : undefined, 3);
  if (cron !== undefined) {
    return (
      <div>
        <code className="rounded bg-subtle px-1.5 py-0.5 font-mono text-[12px]">{cron || '—'}</code>
        {preview.times.length > 0 && (
          <div className="mt-1 text-[12px] text-muted">
            {t('task.upcoming', {
              times: preview.times
                .map((d) =>
                  when(
                    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${d.toTimeString().slice(0, 8)}`,
                    lang,
                  ),
                )
                .join(' · '),
            })}
          </div>
        )}
      </div>
    );
  }
  return (
    <span>
      {task.every
        ? t('task.every', { ms: task.every.toLocaleString(), seconds: (task.every / 1000).toLocaleString() })
        : '—'}
    </span>
  );
}

function RunLog({
  taskId,
  running,
  version,
  lang,
}: {
  taskId: number;
  running: boolean;
  version: number;
  lang: string;
}) {
  const { t } = useTranslation('entity');
  const [page, setPage] = useState(1);
  const { data, error } = useSWR(
    ['task-log', taskId, page, version, running],
    () => client.task.info.log<LogPage>({ id: taskId, page, size: LOG_SIZE }),
    {
      keepPreviousData: true,
      // While the task runs, its log grows: read it again every second.
      refreshInterval: running ? 1000 : 0,
    },
  );
  const pages = data ? Math.max(1, Math.ceil(data.pagination.total / LOG_SIZE)) : 1;
  return (
    <section className="space-y-2" data-testid="task-log">
      <div className="flex items-center justify-between">
        <h3 className="text-[12px] font-semibold tracking-wide text-muted">{t('task.log')}</h3>
        <span className="text-[12px] text-muted" data-testid="task-log-total">
          {t('page.total', { total: data?.pagination.total ?? 0 })}
        </span>
      </div>
      {error && (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-[13px] text-danger">
          {(error as Error).message}
        </p>
      )}
      <table className="w-full border-collapse text-[13px]">
        <thead>
          <tr className="border-b border-line text-left text-[12px] text-muted">
            <th className="py-1.5 font-medium">{t('task.ranAt')}</th>
            <th className="py-1.5 font-medium">{t('task.result')}</th>
            <th className="py-1.5 text-right font-medium">{t('task.duration')}</th>
            <th className="py-1.5 pl-4 font-medium">{t('task.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {data?.list.length === 0 && (
            <tr>
              <td colSpan={4} className="py-4 text-center text-muted">
                {t('task.noRuns')}
              </td>
            </tr>
          )}
          {data?.list.map((r) => (
            <tr key={r.id} className="border-b border-line align-top last:border-0" data-log-row={r.id}>
              <td className="py-1.5 whitespace-nowrap tabular-nums">{when(r.createTime, lang)}</td>
              <td className="py-1.5">
                <Tag color={r.status === 1 ? 'success' : 'danger'}>
                  {r.status === 1 ? t('task.ok') : t('task.failed')}
                </Tag>
              </td>
              <td className="py-1.5 text-right tabular-nums">{r.duration === null ? '—' : `${r.duration} ms`}</td>
              <td className="max-w-72 py-1.5 pl-4">
                <span className="line-clamp-2 font-mono text-[12px] break-all text-muted" title={r.detail ?? ''}>
                  {r.detail || '—'}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <div className="flex items-center justify-end gap-2 text-[12px] text-muted">
          <button
            type="button"
            className={buttonClass.ghost}
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
            aria-label={t('page.prev')}
          >
            ‹
          </button>
          <span className="tabular-nums">
            {page} / {pages}
          </span>
          <button
            type="button"
            className={buttonClass.ghost}
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
            aria-label={t('page.next')}
          >
            ›
          </button>
        </div>
      )}
    </section>
  );
}

/** A scheduled task: its state and schedule, its next and last run, its buttons, and its run log growing while it runs. */
export default function TaskDetail({ prefix, row, lang, buttons, version, onPress, onClose }: InfoViewProps) {
  const { t } = useTranslation('entity');
  const [running, setRunning] = useState(Number(row.status) === 1);
  const { data: task, error } = useSWR(
    ['task-detail', prefix, row.id, version],
    () => entityApi(prefix).get<Task>('info', { id: row.id }),
    {
      keepPreviousData: true,
      refreshInterval: running ? 1000 : 0,
      onSuccess: (d) => setRunning(Number(d?.status) === 1),
    },
  );
  const next = task ? buttons.filter((b) => allows(b, task)) : [];
  return (
    <DialogFrame
      open
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={task?.name ?? String(row.name ?? row.id)}
      width="max-w-3xl"
      testId="task-detail"
      footer={
        <>
          <button type="button" className={buttonClass.default} onClick={onClose}>
            {t('action.close')}
          </button>
          {next.map((b) => (
            <button
              key={b.key}
              type="button"
              data-action={b.key}
              className={
                b.tone === 'danger'
                  ? buttonClass.danger
                  : b.tone === 'primary'
                    ? buttonClass.primary
                    : buttonClass.default
              }
              onClick={() => onPress(b, [row.id])}
            >
              {labelOf(b.label, lang)}
            </button>
          ))}
        </>
      }
    >
      {error && (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-[13px] text-danger">
          {(error as Error).message}
        </p>
      )}
      {!task && !error && <p className="py-10 text-center text-[13px] text-muted">{t('state.loading')}</p>}
      {task && (
        <div className="space-y-5 text-[13px]">
          <dl
            className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-md border border-line p-3 sm:grid-cols-3"
            data-testid="task-summary"
          >
            <Field label={t('task.state')}>
              <span data-testid="task-status">
                <DictTag dict="taskStatus" value={task.status} />
              </span>
            </Field>
            <Field label={t('task.schedule')}>
              <Schedule task={task} lang={lang} />
            </Field>
            <Field label={t('task.runs')}>
              <span data-testid="task-runs">
                {task.limit ? t('task.runsOf', { count: task.runCount, limit: task.limit }) : task.runCount}
              </span>
            </Field>
            <Field label={t('task.nextRun')}>{when(task.nextRunTime, lang)}</Field>
            <Field label={t('task.lastRun')}>{when(task.lastExecuteTime, lang)}</Field>
            <Field label={t('task.window')}>
              {task.startDate || task.endDate
                ? `${when(task.startDate, lang)} – ${when(task.endDate, lang)}`
                : t('task.always')}
            </Field>
            <Field label={t('task.service')}>
              <code className="font-mono text-[12px]">{task.service ?? '—'}</code>
            </Field>
            <Field label={t('task.data')}>
              <code className="font-mono text-[12px] break-all">{task.data || '—'}</code>
            </Field>
            {task.remark && <Field label={t('task.remark')}>{task.remark}</Field>}
          </dl>
          <RunLog taskId={row.id} running={running} version={version} lang={lang} />
        </div>
      )}
    </DialogFrame>
  );
}
