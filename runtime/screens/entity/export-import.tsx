import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index';
import { ensureToken, RequestError, requestFailed } from '../../engine/request';
import { entityUrl } from '../../engine/entity-api';
import type { ListState } from '../../engine/use-list-state';
import { toast } from '../../shell/toast';
import { useDismiss } from '../../shell/use-dismiss';
import { buttonClass } from '../../widgets/ui-classes';
import { DialogFrame } from './dialog-frame';

async function authHeaders(): Promise<Record<string, string>> {
  const token = await ensureToken();
  return { language: currentLanguage(), ...(token ? { Authorization: token } : {}) };
}

/** A refusal's message from an error reply (the envelope), or the status line. */
async function refusal(res: Response): Promise<RequestError> {
  const body = (await res.json().catch(() => undefined)) as
    | { message?: string; code?: number; details?: { path: string; message: string }[] }
    | undefined;
  return new RequestError(res.status, body?.message ?? requestFailed(res.status), body?.code, body?.details);
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const fileNameOf = (res: Response, fallback: string) => {
  const header = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      return fallback;
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
};

/**
 * Export the list as it is searched, filtered and sorted, with the visible columns, as CSV or Excel; the download
 * streams, and its progress (rows promised by X-Total-Count, bytes received) shows on the button.
 */
export function ExportButton({ prefix, state, columns }: { prefix: string; state: ListState; columns: string[] }) {
  const { t } = useTranslation('entity');
  const [open, setOpen] = useState(false);
  const [progress, setProgress] = useState<{ total: number; bytes: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  useDismiss(box, open, () => setOpen(false));

  const run = async (format: 'csv' | 'xlsx') => {
    setOpen(false);
    setProgress({ total: 0, bytes: 0 });
    try {
      const body = {
        keyWord: state.keyWord || undefined,
        ...state.filters,
        order: state.order,
        sort: state.sort,
        format,
        columns: columns.length ? columns : undefined,
      };
      const res = await fetch(entityUrl(prefix, 'export'), {
        method: 'POST',
        headers: { ...(await authHeaders()), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok || !res.body) throw await refusal(res);
      const total = Number(res.headers.get('x-total-count') ?? 0);
      const reader = res.body.getReader();
      const chunks: Uint8Array[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.length;
        setProgress({ total, bytes });
      }
      save(
        new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' }),
        fileNameOf(res, `${prefix.replace(/\//g, '-')}.${format}`),
      );
      toast.success(t('export.done', { count: total }));
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div ref={box} className="relative" data-jy-popover={open ? 'open' : undefined}>
      <button
        type="button"
        className={buttonClass.default}
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={progress !== null}
        onClick={() => setOpen((o) => !o)}
      >
        {progress
          ? t('export.running', { count: progress.total, size: `${Math.round(progress.bytes / 1024)} KB` })
          : t('export.button')}
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-30 mt-1 w-44 rounded-md border border-line bg-surface py-1 shadow-panel"
        >
          <button
            type="button"
            role="menuitem"
            className="block w-full px-3 py-1.5 text-left text-[13px] hover:bg-hover"
            onClick={() => void run('xlsx')}
          >
            {t('export.xlsx')}
          </button>
          <button
            type="button"
            role="menuitem"
            className="block w-full px-3 py-1.5 text-left text-[13px] hover:bg-hover"
            onClick={() => void run('csv')}
          >
            {t('export.csv')}
          </button>
        </div>
      )}
    </div>
  );
}

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

  const send = async (chosen: File, dryRun: boolean): Promise<Report> => {
    const form = new FormData();
    form.append('dryRun', String(dryRun));
    form.append('file', chosen, chosen.name);
    const res = await fetch(entityUrl(prefix, 'import'), { method: 'POST', headers: await authHeaders(), body: form });
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
  };

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
          {busy && <span className="text-muted">{t('import.checking')}</span>}
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
