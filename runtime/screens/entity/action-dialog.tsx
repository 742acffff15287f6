import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EpsButton } from '../../engine/eps';
import { labelOf } from '../../widgets/label-of';
import { buttonClass, textareaClass } from '../../widgets/ui-classes';
import { DialogFrame } from './dialog-frame';

type Props = {
  /** The button being run and the ids it runs on; null when closed. */
  pending: { button: EpsButton; ids: number[] } | null;
  lang: string;
  onConfirm: (remark: string) => Promise<void>;
  onClose: () => void;
};

/**
 * Asks before an action runs (the schema's confirm text) and takes the remark it asks for; a required remark must be
 * written before the button enables. The dialog stays open when the call fails, with the server's reason shown.
 */
export function ActionDialog({ pending, lang, onConfirm, onClose }: Props) {
  const { t } = useTranslation('entity');
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRemark('');
    setError(null);
  }, [pending]);
  if (!pending) return null;
  const { button, ids } = pending;
  const missing = button.remark === 'required' && remark.trim() === '';
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(remark);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const tone = button.tone === 'danger' ? buttonClass.dangerSolid : buttonClass.primary;
  return (
    <DialogFrame open onOpenChange={(o) => { if (!o && !busy) onClose(); }} title={`${labelOf(button.label, lang)} · ${t('dialog.records', { count: ids.length })}`}
      width="max-w-md" testId="action-dialog"
      footer={(
        <>
          <button type="button" className={buttonClass.default} onClick={onClose} disabled={busy}>{t('action.cancel')}</button>
          <button type="button" className={tone} onClick={() => void confirm()} disabled={busy || missing} data-testid="action-confirm">
            {busy ? t('state.working') : labelOf(button.label, lang)}
          </button>
        </>
      )}>
      <div className="space-y-3 text-[13px] text-ink">
        {button.confirm && <p>{labelOf(button.confirm, lang)}</p>}
        {button.remark && (
          <label className="block space-y-1">
            <span className="text-muted">{t(button.remark === 'required' ? 'dialog.remarkRequired' : 'dialog.remarkOptional')}</span>
            <textarea className={textareaClass} value={remark} maxLength={2000} onChange={(e) => setRemark(e.target.value)} data-testid="action-remark" autoFocus />
          </label>
        )}
        {error && <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">{error}</p>}
      </div>
    </DialogFrame>
  );
}
