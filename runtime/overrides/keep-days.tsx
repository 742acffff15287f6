import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { entityApi } from '../engine/entity-api';
import { useMayCall } from '../engine/permission';
import { toast } from '../shell/toast';
import { buttonClass, inputClass } from '../widgets/ui-classes';

/**
 * How many days a log is kept (its `getKeep` and `setKeep` actions; the daily clean-up task applies it): the request
 * log's and the change history's. `keys` names the i18n group of its label and saved message.
 */
export function KeepDays({
  prefix,
  keys,
  testId,
}: {
  prefix: string;
  keys: 'logKeep' | 'historyKeep';
  testId: string;
}) {
  const { t } = useTranslation('entity');
  const maySet = useMayCall(prefix, 'setKeep');
  const mayGet = useMayCall(prefix, 'getKeep');
  const api = entityApi(prefix);
  const keep = useSWR(mayGet ? api.url('getKeep') : null, () => api.get<string>('getKeep'), {
    revalidateOnFocus: false,
  });
  const [days, setDays] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (keep.data !== undefined) setDays(String(keep.data));
  }, [keep.data]);
  const valid = /^\d+$/.test(days) && Number(days) >= 1 && Number(days) <= 3650;
  const changed = keep.data !== undefined && days !== String(keep.data);
  const inputId = `${testId}-days`;

  const save = async () => {
    setBusy(true);
    try {
      await api.post('setKeep', { value: Number(days) });
      await keep.mutate();
      toast.success(t(`${keys}.saved`, { days }));
    } catch (e) {
      toast.failure(e);
    } finally {
      setBusy(false);
    }
  };

  if (!mayGet) return null;
  return (
    // Not a <form>: the toolbar sits inside the search form, and a nested form would submit the search.
    <div className="flex shrink-0 items-center gap-1.5 text-[13px] whitespace-nowrap text-muted" data-testid={testId}>
      <label htmlFor={inputId}>{t(`${keys}.label`)}</label>
      <input
        id={inputId}
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
  );
}
