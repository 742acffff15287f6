import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityApi } from '../engine/entity-api';
import { useMayCall } from '../engine/permission';
import { toast } from '../shell/toast';
import { ConfirmDialog } from '../screens/entity/confirm-dialog';
import { buttonClass } from '../widgets/ui-classes';
import { KeepDays } from './keep-days';
import type { ToolbarExtraProps } from './toolbar-extras';

/** The request log's own controls: how many days it is kept (applied by the daily clean-up task), and clearing it. */
export default function LogKeep({ prefix, onChanged }: ToolbarExtraProps) {
  const { t } = useTranslation('entity');
  const mayClear = useMayCall(prefix, 'clear');
  const api = entityApi(prefix);
  const [confirming, setConfirming] = useState(false);
  const clear = async () => {
    await api.post('clear');
    toast.success(t('logKeep.cleared'));
    onChanged();
  };

  return (
    <>
      <KeepDays prefix={prefix} keys="logKeep" testId="log-keep" />
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
