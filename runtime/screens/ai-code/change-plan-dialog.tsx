import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../widgets/ui-classes';
import { formatMoney } from '../../widgets/money';
import { DialogFrame } from '../entity/dialog-frame';
import type { ChangePlan, Choice, FieldChange, PlanSample } from './proposal-state';

const KIND_CLASS: Record<FieldChange['kind'], string> = {
  add: 'bg-success-soft text-success',
  rename: 'bg-primary-9 text-primary',
  drop: 'bg-danger-soft text-danger',
  retype: 'bg-warning-soft text-warning',
  unique: 'bg-primary-9 text-primary',
};

/** A stored value as the plan shows it: text quoted, nothing as —. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? `“${value}”` : JSON.stringify(value);
}

function Samples({ change }: { change: FieldChange }) {
  const { t } = useTranslation('aicode');
  const money = change.choices?.includes('yuan');
  const to = (s: PlanSample) => {
    if (money && typeof s.to === 'object' && s.to !== null) {
      const both = s.to as { yuan: number; cents: number };
      return `${formatMoney(both.yuan)} / ${formatMoney(both.cents)}`;
    }
    return shown(s.to);
  };
  return (
    <div className="mt-1.5 grid min-w-0 gap-1 text-xs">
      {change.samples.length > 0 && (
        <div className="text-muted">
          {t('plan.samples')}:{' '}
          {change.samples.map((s) => (
            <span key={s.id} className="mr-3 break-all font-mono">
              #{s.id} {shown(s.value)}
              {change.kind === 'retype' && <> → {to(s)}</>}
            </span>
          ))}
        </div>
      )}
      {change.failing.length > 0 && (
        <div className="text-danger" data-testid={`plan-failing-${change.field}`}>
          {t('plan.failing')}:{' '}
          {change.failing.map((s) => (
            <span key={s.id} className="mr-3 break-all font-mono">
              #{s.id} {shown(s.value)} ({s.reason})
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

function ChangeItem({
  change,
  choice,
  onChoice,
}: {
  change: FieldChange;
  choice?: Choice;
  onChoice: (c: Choice) => void;
}) {
  const { t } = useTranslation('aicode');
  const text =
    change.kind === 'add'
      ? t(change.emptyRequired ? 'plan.addRequired' : 'plan.add', { field: change.field, count: change.rows })
      : change.kind === 'rename'
        ? t('plan.rename', { field: change.field, from: change.from, count: change.rows })
        : change.kind === 'drop'
          ? t('plan.drop', { field: change.field, count: change.rows })
          : change.kind === 'unique'
            ? t(change.fail ? 'plan.unique' : 'plan.uniqueOk', {
                field: change.field,
                count: change.rows,
                fail: change.fail ?? 0,
              })
            : t('plan.retype', {
                field: change.field,
                from: change.type?.from,
                to: change.type?.to,
                count: change.rows,
                convert: change.convert ?? 0,
                fail: change.fail ?? 0,
              });
  return (
    <li
      className="min-w-0 border-b border-line py-2.5 last:border-b-0"
      data-testid={change.kind === 'unique' ? `plan-unique-${change.field}` : `plan-change-${change.field}`}
    >
      <div className="flex items-start gap-2 text-[13px] text-ink">
        <span className={`mt-px shrink-0 rounded px-1.5 py-0.5 text-[11px] font-medium ${KIND_CLASS[change.kind]}`}>
          {t(`plan.kind.${change.kind}`)}
        </span>
        <span className="min-w-0 break-words">{text}</span>
      </div>
      {(change.kind === 'retype' || change.kind === 'drop' || change.kind === 'unique') && <Samples change={change} />}
      {change.choices && (
        <fieldset className="mt-2 grid min-w-0 gap-1 rounded-md border border-line px-3 py-2">
          <legend className="px-1 text-xs font-medium text-ink">{t('plan.choose', { field: change.field })}</legend>
          {change.choices.map((c) => (
            <label key={c} className="flex items-start gap-2 text-[13px] text-ink">
              <input
                type="radio"
                name={`plan-${change.field}`}
                className="mt-0.5 accent-[var(--color-primary)]"
                checked={choice === c}
                onChange={() => onChoice(c)}
              />
              {t(`plan.choice.${c}`)}
            </label>
          ))}
        </fieldset>
      )}
    </li>
  );
}

/**
 * The change plan of an evolve, before it is applied (issue 28): every field added, renamed, dropped, retyped or made
 * unique, with how many records convert, which do not (or repeat a value) and examples; a change that touches data in a way that may lose or
 * reinterpret it takes the admin's choice. Applying sends the choices; an error is shown here and nothing is lost.
 */
export function ChangePlanDialog({
  prefix,
  plan,
  busy,
  error,
  onApply,
  onClose,
}: {
  prefix: string;
  plan: ChangePlan;
  busy: boolean;
  error?: { message: string; details: { path: string; message: string }[] };
  onApply: (choices: Record<string, Choice>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('aicode');
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const open = plan.changes.filter((c) => c.choices && !choices[c.field]);
  const refused = Object.values(choices).includes('refuse');
  // Repeated values of a field becoming unique: no choice helps, the records are edited first.
  const repeated = plan.changes.some((c) => c.kind === 'unique' && (c.fail ?? 0) > 0);
  return (
    <DialogFrame
      open
      onOpenChange={(o) => {
        if (!o && !busy) onClose();
      }}
      title={t('plan.title', { prefix })}
      testId="change-plan-dialog"
      width="max-w-3xl"
      footer={
        <>
          <span className="mr-auto text-xs text-muted">
            {repeated ? t('plan.duplicates') : refused ? t('plan.refused') : open.length > 0 ? t('plan.pending') : ''}
          </span>
          <button type="button" className={buttonClass.default} onClick={onClose} disabled={busy}>
            {t('action.cancel')}
          </button>
          <button
            type="button"
            className={buttonClass.primary}
            disabled={busy || open.length > 0 || refused || repeated}
            onClick={() => onApply(choices)}
          >
            {busy ? t('apply.applying') : t('plan.apply')}
          </button>
        </>
      }
    >
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 text-[13px]">
        <p className="text-muted">{t('plan.rows', { count: plan.rows })}</p>
        {plan.changes.length === 0 ? (
          <p className="text-ink">{t('plan.none')}</p>
        ) : (
          <ul className="min-w-0 rounded-md border border-line px-3">
            {plan.changes.map((c) => (
              <ChangeItem
                key={`${c.kind}-${c.field}`}
                change={c}
                choice={choices[c.field]}
                onChoice={(choice) => setChoices((cs) => ({ ...cs, [c.field]: choice }))}
              />
            ))}
          </ul>
        )}
        {plan.changes.some((c) => c.kind === 'drop' || c.choices) && (
          <p className="text-xs text-muted">{t('plan.keptNote')}</p>
        )}
        {error && (
          <div className="rounded-md border border-danger bg-danger-soft px-3 py-2 text-danger" role="alert">
            <p>{error.message}</p>
            {error.details.map((d) => (
              <p key={d.path} className="text-xs">
                {d.path}: {d.message}
              </p>
            ))}
          </div>
        )}
      </div>
    </DialogFrame>
  );
}
