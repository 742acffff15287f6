import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index';
import { ensureToken, RequestError, requestFailed } from '../../engine/request';
import { entityUrl } from '../../engine/entity-api';
import type { ListState } from '../../engine/use-list-state';
import { toast } from '../../shell/toast';
import { useDismiss } from '../../shell/use-dismiss';
import { buttonClass } from '../../widgets/ui-classes';
import { apiUrl } from '../../engine/api-base';

export async function authHeaders(): Promise<Record<string, string>> {
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
 * Export the list as it is searched, filtered and sorted, with the visible columns, as CSV or Excel (or, with `action`
 * and `query`, another file route: the entity's history); the download streams, and its progress (rows promised by
 * X-Total-Count, bytes received) shows on the button.
 */
export function ExportButton({
  prefix,
  state,
  columns,
  action = 'export',
  query,
}: {
  prefix: string;
  state?: ListState;
  columns?: string[];
  /** Another file route of the entity (`historyExport`), sent `query` instead of the list's state. */
  action?: string;
  query?: Record<string, unknown>;
}) {
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
        ...(query ?? {
          keyWord: state?.keyWord || undefined,
          ...state?.filters,
          order: state?.order,
          sort: state?.sort,
          columns: columns?.length ? columns : undefined,
        }),
        format,
      };
      const res = await fetch(apiUrl(entityUrl(prefix, action)), {
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
      toast.failure(e);
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
