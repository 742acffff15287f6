import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../widgets/ui-classes';
import { DialogFrame } from './dialog-frame';

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  /** The question (it describes the alert dialog) and whatever the confirmation asks for besides. */
  children: ReactNode;
  /** Names the action ("取消订单", "删除"): never a bare 确定 or 取消. */
  confirmLabel: string;
  /** Shown on the button while the action runs. */
  busyLabel?: string;
  /** `danger` for what deletes, cancels or cannot be undone. */
  tone?: 'danger' | 'primary';
  /** The action cannot run yet (a required remark is empty, the name is not typed). */
  disabled?: boolean;
  /**
   * Runs the action; when it throws, the dialog stays open with the reason, so the user can retry or go back. It may
   * answer false to keep the dialog open (it asks something more).
   */
  onConfirm: () => unknown;
  onClose: () => void;
  testId?: string;
  confirmTestId?: string;
  width?: string;
};

/**
 * Every confirmation of the console: an alert dialog (WAI-ARIA APG, Radix's alert-dialog pattern on our DialogFrame).
 * The action's button names the action; the other reads 返回 and takes focus on opening, so a stray Enter never runs
 * the destructive one (a field inside, such as a remark, may take focus first with autoFocus; the action's button never
 * does). While the action runs the dialog cannot be closed; a failure is announced inside it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  tone = 'danger',
  disabled,
  onConfirm,
  onClose,
  testId = 'confirm-dialog',
  confirmTestId,
  width = 'max-w-md',
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const back = useRef<HTMLButtonElement>(null);
  const textId = useId();
  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      if ((await onConfirm()) !== false) onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogFrame
      open={open}
      onOpenChange={(o) => {
        if (!o) close();
      }}
      title={title}
      width={width}
      testId={testId}
      role="alertdialog"
      initialFocus={back}
      describedBy={textId}
      footer={
        <>
          <button
            ref={back}
            type="button"
            className={buttonClass.default}
            onClick={close}
            disabled={busy}
            data-testid="confirm-back"
          >
            {t('actions.back')}
          </button>
          <button
            type="button"
            className={tone === 'danger' ? buttonClass.dangerSolid : buttonClass.primary}
            onClick={() => void confirm()}
            disabled={busy || disabled}
            data-testid={confirmTestId ?? 'confirm-action'}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <div id={textId} className="space-y-3 text-[13px] text-ink">
        {children}
        {error && (
          <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
            {error}
          </p>
        )}
      </div>
    </DialogFrame>
  );
}
