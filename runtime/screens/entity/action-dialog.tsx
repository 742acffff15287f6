import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EpsButton } from '../../engine/eps';
import { labelOf } from '../../widgets/label-of';
import { useRelationOptions } from '../../widgets/relation-options';
import { inputClass, textareaClass } from '../../widgets/ui-classes';
import { ConfirmDialog } from './confirm-dialog';
import { useValueChanged } from '../../engine/use-value-changed';

type Props = {
  /** The button being run and the ids it runs on; null when closed. */
  pending: { button: EpsButton; ids: number[] } | null;
  lang: string;
  onConfirm: (remark: string, picked?: number | string) => Promise<void>;
  onClose: () => void;
};

/**
 * Asks before an action runs (the schema's confirm text) and takes the remark it asks for; a required remark must be
 * written before the button enables. A ConfirmDialog: the action's own name on its button, 返回 beside it; the dialog
 * stays open when the call fails, with the server's reason shown.
 */
export function ActionDialog({ pending, lang, onConfirm, onClose }: Props) {
  const { t } = useTranslation('entity');
  const [remark, setRemark] = useState('');
  const [picked, setPicked] = useState('');
  const pick = pending?.button.pick;
  const choices = useRelationOptions(pick ? { entity: pick.entity } : undefined);
  // Another action (or the same one again) starts with an empty form.
  if (useValueChanged(pending)) {
    setRemark('');
    setPicked('');
  }
  if (!pending) return null;
  const { button, ids } = pending;
  const missing = (button.remark === 'required' && remark.trim() === '') || (!!pick && picked === '');
  const tone = button.tone === 'danger' ? 'danger' : 'primary';
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={() => {
        const option = choices.options.find((o) => String(o.value) === picked);
        return onConfirm(remark, option?.value);
      }}
      title={`${labelOf(button.label, lang)} · ${t('dialog.records', { count: ids.length })}`}
      confirmLabel={labelOf(button.label, lang)}
      busyLabel={t('state.working')}
      tone={tone}
      disabled={missing}
      testId="action-dialog"
      confirmTestId="action-confirm"
    >
      <div className="space-y-3 text-[13px] text-ink">
        {button.confirm && <p>{labelOf(button.confirm, lang)}</p>}
        {pick && (
          <label className="block space-y-1">
            <span className="text-muted">{labelOf(pick.label, lang)}</span>
            <select
              className={inputClass}
              value={picked}
              onChange={(e) => setPicked(e.target.value)}
              data-testid="action-pick"
              // biome-ignore lint/a11y/noAutofocus: the dialog's first field takes focus on opening (APG dialog)
              autoFocus
              disabled={choices.isLoading || choices.unavailable}
            >
              <option value="">
                {choices.isLoading ? t('state.loading') : t('dialog.pick', { label: labelOf(pick.label, lang) })}
              </option>
              {choices.options.map((o) => (
                <option key={String(o.value)} value={String(o.value)}>{`${'\u3000'.repeat(o.depth)}${o.label}`}</option>
              ))}
            </select>
            {choices.unavailable && (
              <span role="alert" className="text-danger">
                {t('dialog.pickUnavailable', { label: labelOf(pick.label, lang) })}
              </span>
            )}
          </label>
        )}
        {button.remark && (
          <label className="block space-y-1">
            <span className="text-muted">
              {t(button.remark === 'required' ? 'dialog.remarkRequired' : 'dialog.remarkOptional')}
            </span>
            <textarea
              className={textareaClass}
              value={remark}
              maxLength={2000}
              onChange={(e) => setRemark(e.target.value)}
              data-testid="action-remark"
              // A destructive action opens on 返回 (ConfirmDialog); another one on its remark.
              // biome-ignore lint/a11y/noAutofocus: the dialog's first field takes focus on opening (APG dialog)
              autoFocus={tone !== 'danger'}
            />
          </label>
        )}
      </div>
    </ConfirmDialog>
  );
}
