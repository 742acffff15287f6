import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../widgets/ui-classes';
import type { AiCode } from './use-ai-code';

/** The bar under the steps: what is wrong, or what applying will do, and the apply button. */
export function ApplyBar({ ai }: { ai: AiCode }) {
  const { t } = useTranslation('aicode');
  const { otherIssues, shownIssues, evolving, draft, opts, busy, applier } = ai;
  return (
    <div
      className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface px-5 py-3 shadow-panel"
      data-testid="ai-apply"
    >
      <div className="min-w-0 flex-1 text-[13px]">
        {otherIssues.length > 0 ? (
          <span className="text-danger" role="alert">
            {otherIssues.map(([p, m]) => `${p}: ${m}`).join(' · ')}
          </span>
        ) : shownIssues.length > 0 ? (
          <span className="text-danger">{t('apply.issues', { count: shownIssues.length })}</span>
        ) : (
          <span className="text-muted">
            {evolving
              ? t('apply.evolveHint')
              : t('apply.hint', { prefix: draft.module && draft.name ? `${draft.module}/${draft.name}` : '…' })}
          </span>
        )}
      </div>
      {opts && !opts.canApply && <span className="text-xs text-muted">{t('apply.superOnly')}</span>}
      <button
        type="button"
        className={buttonClass.primary}
        disabled={busy !== null || applier.busy || !opts?.canApply || draft.fields.length === 0}
        onClick={() => void ai.apply()}
      >
        {applier.busy ? t('apply.applying') : evolving ? t('apply.evolve') : t('apply.apply')}
      </button>
    </div>
  );
}
