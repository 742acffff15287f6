import { useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import type { EpsEntry } from '../../engine/eps';
import { entityApi } from '../../engine/entity-api';
import { labelOf } from '../../widgets/label-of';
import { buttonClass, inputClass } from '../../widgets/ui-classes';
import { DialogFrame } from './dialog-frame';
import { ExportButton } from './export-import';
import { HistoryPanel, type HistorySearch } from './history-panel';

/**
 * The entity's history (issue 31): every recorded write of the records the caller may see, newest first, searched by
 * who made it, a field and a time range ("every price change last week"), and exported as searched.
 */
export function EntityHistoryDialog({
  entry,
  prefix,
  lang,
  onClose,
}: {
  entry: EpsEntry;
  prefix: string;
  lang: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('entity');
  const [userId, setUserId] = useState('');
  const [field, setField] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const api = entityApi(prefix);
  // Everyone who changed a record the caller may see: the choices of the user filter.
  const users = useSWR(
    ['history-users', prefix],
    () => api.post<{ users?: { id: number; name: string | null }[] }>('history', { size: 1, users: true }),
    { revalidateOnFocus: false },
  );
  const fields = (entry.joinery?.fields ?? []).filter((f) => !f.system && f.list !== false);
  const title = labelOf(entry.joinery?.title, lang);
  const search: HistorySearch = {
    ...(userId ? { userId: Number(userId) } : {}),
    ...(field ? { field } : {}),
    ...(from ? { from: `${from} 00:00:00` } : {}),
    ...(to ? { to: `${to} 23:59:59` } : {}),
  };
  return (
    <DialogFrame
      open
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      testId="entity-history"
      width="max-w-3xl"
      title={t('history.entityTitle', { title })}
      footer={
        <>
          <ExportButton prefix={prefix} action="historyExport" query={search} />
          <button type="button" className={buttonClass.default} onClick={onClose}>
            {t('action.close')}
          </button>
        </>
      }
    >
      <div className="mb-3 flex flex-wrap items-end gap-3 text-[13px]">
        <label className="flex flex-col gap-1">
          <span className="text-muted">{t('history.user')}</span>
          <select
            className={inputClass}
            value={userId}
            data-testid="history-user"
            onChange={(e) => setUserId(e.target.value)}
          >
            <option value="">{t('history.anyUser')}</option>
            {(users.data?.users ?? []).map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.name ?? `#${u.id}`}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-muted">{t('history.field')}</span>
          <select
            className={inputClass}
            value={field}
            data-testid="history-field"
            onChange={(e) => setField(e.target.value)}
          >
            <option value="">{t('history.anyField')}</option>
            {fields.map((f) => (
              <option key={f.name} value={f.name}>
                {labelOf(f.label, lang)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-muted">{t('history.from')}</span>
          <input type="date" className={inputClass} value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-muted">{t('history.to')}</span>
          <input type="date" className={inputClass} value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
      </div>
      <HistoryPanel entry={entry} prefix={prefix} lang={lang} search={search} />
    </DialogFrame>
  );
}
