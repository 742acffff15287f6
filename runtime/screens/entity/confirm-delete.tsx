import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shell/toast';
import { buttonClass } from '../../widgets/ui-classes';
import { DialogFrame } from './dialog-frame';

type Props = {
  /** Ids to delete; null when closed. */
  ids: number[] | null;
  /** Deleted rows go to the recycle bin (x-recycle), so the text can say they can be restored. */
  recycle: boolean;
  onConfirm: (ids: number[]) => Promise<void>;
  onClose: () => void;
};

/** Asks before deleting; the button shows progress and the dialog stays open if the call fails. */
export function ConfirmDelete({ ids, recycle, onConfirm, onClose }: Props) {
  const { t } = useTranslation('entity');
  const [busy, setBusy] = useState(false);
  // An alert dialog (APG): it opens on Cancel, so one stray Enter does not delete.
  const cancel = useRef<HTMLButtonElement>(null);
  const textId = useId();
  const confirm = async () => {
    if (!ids) return;
    setBusy(true);
    try {
      await onConfirm(ids);
      onClose();
    } catch (error) {
      // The user sees why; the dialog stays open so they can retry or cancel.
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogFrame
      open={!!ids}
      onOpenChange={(o) => {
        if (!o && !busy) onClose();
      }}
      title={t('dialog.deleteTitle')}
      width="max-w-md"
      testId="confirm-delete"
      role="alertdialog"
      initialFocus={cancel}
      describedBy={textId}
      footer={
        <>
          <button ref={cancel} type="button" className={buttonClass.default} onClick={onClose} disabled={busy}>
            {t('action.cancel')}
          </button>
          <button type="button" className={buttonClass.dangerSolid} onClick={() => void confirm()} disabled={busy}>
            {busy ? t('state.deleting') : t('action.delete')}
          </button>
        </>
      }
    >
      <div className="flex gap-3">
        <span
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-danger-soft text-danger"
          aria-hidden="true"
        >
          !
        </span>
        <p id={textId} className="pt-1 text-[13px] text-ink">
          {t('dialog.deleteText', { count: ids?.length ?? 0 })}{' '}
          {recycle ? t('dialog.deleteRecycle') : t('dialog.deleteForever')}
        </p>
      </div>
    </DialogFrame>
  );
}
