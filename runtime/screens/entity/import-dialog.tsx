import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityUrl } from '../../engine/entity-api';
import { requestFailed } from '../../engine/request';
import { PROGRESS_HEADER, useProgress } from '../../engine/use-progress';
import { toast } from '../../shell/toast';
import { buttonClass } from '../../widgets/ui-classes';
import { DialogFrame } from './dialog-frame';
import { authHeaders } from './export-import';
import { apiUrl } from '../../engine/api-base';

type Issue = { row: number; column: string; field?: string; message: string };
type Report = {
  dryRun: boolean;
  file: string;
  total: number;
  added: number;
  updated: number;
  errors: Issue[];
  rows: {
    row: number;
    action: 'add' | 'update';
    id?: number;
    changes?: { field: string; column: string; from: unknown; to: unknown }[];
  }[];
};

const shown = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * Import a CSV or Excel file: a dry run first (what would be added or changed, and every error by row and column),
 * then the apply, which is all or nothing. Files as export writes them come back unchanged.
 */
export function ImportDialog({
  prefix,
  title,
  onClose,
  onImported,
}: {
  prefix: string;
  title: string;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation('entity');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const { progress, follow } = useProgress();

  const send = (chosen: File, dryRun: boolean): Promise<Report> =>
    follow(async (id) => {
      const form = new FormData();
      form.append('dryRun', String(dryRun));
      form.append('file', chosen, chosen.name);
      const headers = { ...(await authHeaders()), [PROGRESS_HEADER]: id };
      const res = await fetch(apiUrl(entityUrl(prefix, 'import')), { method: 'POST', headers, body: form });
      const body = (await res.json().catch(() => undefined)) as
        | { code?: number; message?: string; data?: Report; details?: { path: string; message: string }[] }
        | undefined;
      if (!res.ok || body?.code !== 1000) {
        const details = body?.details?.length
          ? ` — ${body.details
              .slice(0, 5)
              .map((d) => `${d.path}: ${d.message}`)
              .join('; ')}`
          : '';
        throw new Error(`${body?.message ?? requestFailed(res.status)}${details}`);
      }
      return body.data!;
    });

  const check = async (chosen: File) => {
    setFile(chosen);
    setReport(null);
    setError(null);
    setBusy(true);
    try {
      setReport(await send(chosen, true));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const done = await send(file, false);
      toast.success(t('import.applied', { added: done.added, updated: done.updated }));
      onImported();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const blocked = !report || report.errors.length > 0 || report.added + report.updated === 0;
  return (
    <DialogFrame
      open
      onOpenChange={(o) => {
        if (!o && !busy) onClose();
      }}
      title={t('import.title', { title })}
      testId="import-dialog"
      width="max-w-3xl"
      footer={
        <>
          <button type="button" className={buttonClass.default} onClick={onClose} disabled={busy}>
            {t('action.cancel')}
          </button>
          <button type="button" className={buttonClass.primary} disabled={busy || blocked} onClick={() => void apply()}>
            {report ? t('import.apply', { added: report.added, updated: report.updated }) : t('import.applyNone')}
          </button>
        </>
      }
    >
      <div className="grid gap-3 text-[13px]">
        <p className="text-muted">{t('import.hint')}</p>
        <div className="flex items-center gap-3">
          <button type="button" className={buttonClass.default} disabled={busy} onClick={() => input.current?.click()}>
            {file ? t('import.another') : t('import.choose')}
          </button>
          {file && <span className="truncate text-ink">{file.name}</span>}
          {busy && <ImportProgress progress={progress} />}
          <input
            ref={input}
            type="file"
            hidden
            accept=".csv,.xlsx"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void check(f);
            }}
          />
        </div>
        {error && (
          <p className="rounded-md bg-danger-soft px-3 py-2 text-danger" role="alert">
            {error}
          </p>
        )}
        {report && (
          <div data-testid="import-report" className="grid gap-2">
            <p className="font-medium text-ink">
              {t('import.summary', {
                total: report.total,
                added: report.added,
                updated: report.updated,
                errors: report.errors.length,
              })}
            </p>
            {report.errors.length > 0 && (
              <div className="max-h-56 overflow-auto rounded-md border border-danger/30">
                <table className="w-full text-xs" data-testid="import-errors">
                  <thead>
                    <tr className="bg-danger-soft text-left text-danger">
                      <th className="px-2 py-1">{t('import.row')}</th>
                      <th className="px-2 py-1">{t('import.column')}</th>
                      <th className="px-2 py-1">{t('import.problem')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.errors.map((e, i) => (
                      <tr key={i} className="border-t border-line">
                        <td className="px-2 py-1 tabular-nums">{e.row}</td>
                        <td className="px-2 py-1">{e.column || '—'}</td>
                        <td className="px-2 py-1 text-danger">{e.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {report.rows.length > 0 && (
              <div className="max-h-56 overflow-auto rounded-md border border-line">
                <table className="w-full text-xs" data-testid="import-rows">
                  <thead>
                    <tr className="bg-subtle text-left text-muted">
                      <th className="px-2 py-1">{t('import.row')}</th>
                      <th className="px-2 py-1">{t('import.action')}</th>
                      <th className="px-2 py-1">{t('import.changes')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.rows.map((r) => (
                      <tr key={r.row} className="border-t border-line">
                        <td className="px-2 py-1 tabular-nums">{r.row}</td>
                        <td className="px-2 py-1">
                          {r.action === 'add' ? t('import.add') : t('import.update', { id: r.id })}
                        </td>
                        <td className="px-2 py-1 text-muted">
                          {r.changes
                            ? r.changes.length
                              ? r.changes.map((c) => `${c.column}: ${shown(c.from)} → ${shown(c.to)}`).join('；')
                              : t('import.unchanged')
                            : ''}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        )}
      </div>
    </DialogFrame>
  );
}

/** What a running check or apply has got through, from the server's progress of the call (read out politely). */
function ImportProgress({ progress }: { progress: ReturnType<typeof useProgress>['progress'] }) {
  const { t } = useTranslation('entity');
  const counted = progress && progress.total > 0 && progress.phase === 'check';
  const text = counted
    ? t('import.progress', { done: progress.done, total: progress.total })
    : progress?.phase === 'write'
      ? t('import.writing')
      : t('import.checking');
  return (
    <span className="flex items-center gap-2 text-muted" role="status">
      {counted && <progress className="h-1.5 w-28" max={progress.total} value={progress.done} aria-label={text} />}
      {text}
    </span>
  );
}
