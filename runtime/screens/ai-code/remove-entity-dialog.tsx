import { useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { request } from '../../engine/request';
import { entityApi } from '../../engine/entity-api';
import { toast } from '../../shell/toast';
import { buttonClass, inputClass } from '../../widgets/ui-classes';
import { DialogFrame } from '../entity/dialog-frame';

/**
 * Removing an entity made on the AI-code page: its menu and routes go at once; its records and schema go to the
 * recycle bin. An entity holding records asks for its prefix typed out before the button works.
 */
export function RemoveEntityDialog({
  prefix,
  onClose,
  onRemoved,
}: {
  prefix: string;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation('aicode');
  const count = useSWR([entityApi(prefix).url('page'), 'count'], () => entityApi(prefix).page({ page: 1, size: 1 }), {
    revalidateOnFocus: false,
  });
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const total = count.data?.pagination.total;
  const needsConfirm = total === undefined || total > 0;

  const remove = async () => {
    setBusy(true);
    try {
      await request('/admin/base/coding/remove', {
        method: 'POST',
        data: { prefix, ...(needsConfirm ? { confirm: typed } : {}) },
      });
      toast.success(t('remove.done', { prefix }));
      onRemoved();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      open
      onOpenChange={(o) => {
        if (!o && !busy) onClose();
      }}
      title={t('remove.title', { prefix })}
      testId="remove-entity-dialog"
      width="max-w-md"
      footer={
        <>
          <button type="button" className={buttonClass.default} onClick={onClose} disabled={busy}>
            {t('action.cancel')}
          </button>
          <button
            type="button"
            className={buttonClass.dangerSolid}
            disabled={busy || count.isLoading || (needsConfirm && typed !== prefix)}
            onClick={() => void remove()}
          >
            {t('remove.confirm')}
          </button>
        </>
      }
    >
      <div className="grid gap-3 text-[13px] text-ink">
        <p>{t('remove.what')}</p>
        {count.isLoading ? (
          <p className="text-muted">…</p>
        ) : (
          total !== undefined && (
            <p data-testid="remove-count" className={total > 0 ? 'font-medium text-danger' : 'text-muted'}>
              {t('remove.records', { count: total })}
            </p>
          )
        )}
        {needsConfirm && (
          <label className="grid gap-1">
            <span className="text-muted">{t('remove.type', { prefix })}</span>
            <input
              className={`${inputClass} font-mono`}
              value={typed}
              onChange={(e) => setTyped(e.target.value.trim())}
              placeholder={prefix}
              aria-label={t('remove.type', { prefix })}
            />
          </label>
        )}
      </div>
    </DialogFrame>
  );
}
