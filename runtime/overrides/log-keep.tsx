import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { entityApi } from '../engine/entity-api';
import { usePermission } from '../engine/permission';
import { toast } from '../shell/toast';
import { ConfirmDialog } from '../screens/entity/confirm-dialog';
import { buttonClass, inputClass } from '../widgets/ui-classes';
import type { ToolbarExtraProps } from './toolbar-extras';

/** The request log's own controls: how many days it is kept (applied by the daily clean-up task), and clearing it. */
export default function LogKeep({ prefix, onChanged }: ToolbarExtraProps) {
  const { t } = useTranslation('entity');
  const perm = (a: string) => `${prefix.replace(/\//g, ':')}:${a}`;
  const mayClear = usePermission(perm('clear'));
  const maySet = usePermission(perm('setKeep'));
  const mayGet = usePermission(perm('getKeep'));
  const api = entityApi(prefix);
  const keep = useSWR(mayGet ? api.url('getKeep') : null, () => api.get<string>('getKeep'), {
    revalidateOnFocus: false,
  });
  const [days, setDays] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (keep.data !== undefined) setDays(String(keep.data));
  }, [keep.data]);
  const valid = /^\d+$/.test(days) && Number(days) >= 1 && Number(days) <= 3650;
  const changed = keep.data !== undefined && days !== String(keep.data);

  const save = async () => {
    setBusy(true);
    try {
      await api.post('setKeep', { value: Number(days) });
      await keep.mutate();
      toast.success(t('logKeep.saved', { days }));
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const clear = async () => {
    await api.post('clear');
    toast.success(t('logKeep.cleared'));
    onChanged();
  };

  return (
    <>
      {mayGet && (
        // Not a <form>: the toolbar sits inside the search form, and a nested form would submit the search.
        <div
          className="flex shrink-0 items-center gap-1.5 text-[13px] whitespace-nowrap text-muted"
          data-testid="log-keep"
        >
          <label htmlFor="log-keep-days">{t('logKeep.label')}</label>
          <input
            id="log-keep-days"
            className={`${inputClass} h-8 !w-16 text-center ${days && !valid ? 'border-danger' : ''}`}
            inputMode="numeric"
            value={days}
            disabled={!maySet}
            aria-invalid={days !== '' && !valid}
            title={valid ? undefined : t('logKeep.range')}
            onChange={(e) => setDays(e.target.value.replace(/\D/g, '').slice(0, 4))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (valid && changed) void save();
              }
            }}
          />
          <span>{t('logKeep.days')}</span>
          {maySet && (
            <button
              type="button"
              className={buttonClass.default}
              disabled={!valid || !changed || busy}
              onClick={() => void save()}
            >
              {t('logKeep.save')}
            </button>
          )}
        </div>
      )}
      {mayClear && (
        <button
          type="button"
          className={buttonClass.danger}
          onClick={() => setConfirming(true)}
          data-testid="log-clear"
        >
          {t('logKeep.clear')}
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={clear}
        title={t('logKeep.clear')}
        confirmLabel={t('logKeep.clear')}
        testId="log-clear-dialog"
        confirmTestId="log-clear-confirm"
      >
        <p>{t('logKeep.confirm')}</p>
      </ConfirmDialog>
    </>
  );
}
