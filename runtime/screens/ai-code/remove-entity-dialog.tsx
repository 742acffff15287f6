import { useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { request } from '../../engine/request';
import { entityApi } from '../../engine/entity-api';
import { toast } from '../../shell/toast';
import { inputClass } from '../../widgets/ui-classes';
import { ConfirmDialog } from '../entity/confirm-dialog';

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
  const total = count.data?.pagination.total;
  const needsConfirm = total === undefined || total > 0;

  const remove = async () => {
    await request('/admin/base/coding/remove', {
      method: 'POST',
      data: { prefix, ...(needsConfirm ? { confirm: typed } : {}) },
    });
    toast.success(t('remove.done', { prefix }));
    onRemoved();
  };

  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={remove}
      title={t('remove.title', { prefix })}
      testId="remove-entity-dialog"
      confirmLabel={t('remove.confirm')}
      disabled={count.isLoading || (needsConfirm && typed !== prefix)}
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
    </ConfirmDialog>
  );
}
