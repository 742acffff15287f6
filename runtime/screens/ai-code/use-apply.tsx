import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../engine/client';
import { request, RequestError } from '../../engine/request';
import { toast } from '../../shell/toast';
import { buttonClass } from '../../widgets/ui-classes';
import { DialogFrame } from '../entity/dialog-frame';
import { ChangePlanDialog } from './change-plan-dialog';
import type { ChangePlan, Choice, Issue, Proposal, ProposalField, Rename } from './proposal-state';

type Failure = { message: string; details: Issue[] };
const failureOf = (e: unknown): Failure => ({
  message: e instanceof Error ? e.message : String(e),
  details: e instanceof RequestError ? (e.details ?? []) : [],
});

/**
 * Applying the AI-code page's proposal (issue 28): a new entity is created at once; evolving one made here first
 * shows its change plan (fields added, renamed, dropped, retyped, with the records each touches) and applies it with
 * the admin's choices. A new entity named like one made here asks: evolve that one, or another name. Every call is
 * quiet (no error page): on any refusal the page and its edits stay, the reason shown where it applies.
 */
export function useApply({
  proposal,
  evolving,
  onEvolve,
  onApplied,
  onIssues,
  onRename,
}: {
  proposal: Proposal;
  evolving: string;
  /** Turns the page into evolving `prefix` with the fields it has (the same-name choice). */
  onEvolve: (prefix: string) => void;
  onApplied: (evolved: boolean) => Promise<void>;
  onIssues: (issues: Issue[]) => void;
  /** Asks the admin for another name (focus the name input). */
  onRename: () => void;
}) {
  const { t } = useTranslation('aicode');
  // Each field's name now → its name in the stored entity, so renames reach the plan as renames, not drop + add.
  const origin = useRef(new Map<string, string>());
  const [plan, setPlan] = useState<{ prefix: string; plan: ChangePlan } | null>(null);
  const [sameName, setSameName] = useState<string | null>(null);
  const [error, setError] = useState<Failure | undefined>();
  const [busy, setBusy] = useState(false);

  const renames = (): Rename[] =>
    [...origin.current]
      .filter(([now, was]) => now !== was && proposal.fields.some((f) => f.name === now))
      .map(([to, from]) => ({ from, to }));

  const fail = (e: unknown) => {
    const f = failureOf(e);
    if (f.details.length) onIssues(f.details);
    toast.failure(e, () => `${t('apply.failed')}: ${f.message}`);
  };

  const showPlan = async (prefix: string) => {
    setBusy(true);
    try {
      const reply = await client.base.coding.plan({ proposal, renames: renames() }, { quiet: true });
      setError(undefined);
      if (reply.plan) setPlan({ prefix, plan: reply.plan });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (evolving) return showPlan(evolving);
    setBusy(true);
    try {
      await request('/admin/base/coding/createCode', { method: 'POST', data: { proposal }, quiet: true });
      await onApplied(false);
    } catch (e) {
      if (e instanceof RequestError && e.errorCode === 'CODING_EVOLVE_SAME_NAME')
        setSameName(`${proposal.module}/${proposal.name}`);
      else fail(e);
    } finally {
      setBusy(false);
    }
  };

  const applyPlan = async (choices: Record<string, Choice>) => {
    setBusy(true);
    try {
      await request('/admin/base/coding/createCode', {
        method: 'POST',
        data: { proposal, evolve: true, renames: renames(), choices },
        quiet: true,
      });
      setPlan(null);
      origin.current = new Map(proposal.fields.map((f) => [f.name, f.name]));
      await onApplied(true);
    } catch (e) {
      // The plan stays open with the reason; the page behind it keeps every edit.
      setError(failureOf(e));
    } finally {
      setBusy(false);
    }
  };

  const dialogs: ReactNode = (
    <>
      {plan && (
        <ChangePlanDialog
          prefix={plan.prefix}
          plan={plan.plan}
          busy={busy}
          error={error}
          onApply={(choices) => void applyPlan(choices)}
          onClose={() => {
            setPlan(null);
            setError(undefined);
          }}
        />
      )}
      {sameName && (
        <DialogFrame
          open
          onOpenChange={(o) => {
            if (!o) setSameName(null);
          }}
          title={t('sameName.title', { prefix: sameName })}
          testId="same-name-dialog"
          width="max-w-md"
          footer={
            <>
              <button
                type="button"
                className={buttonClass.default}
                onClick={() => {
                  setSameName(null);
                  onRename();
                }}
              >
                {t('sameName.rename')}
              </button>
              <button
                type="button"
                className={buttonClass.primary}
                onClick={() => {
                  const prefix = sameName;
                  setSameName(null);
                  origin.current = new Map(proposal.fields.map((f) => [f.name, f.name]));
                  onEvolve(prefix);
                  void showPlan(prefix);
                }}
              >
                {t('sameName.evolve', { prefix: sameName })}
              </button>
            </>
          }
        >
          <p className="text-[13px] text-ink">{t('sameName.text')}</p>
        </DialogFrame>
      )}
    </>
  );

  return {
    apply,
    busy,
    dialogs,
    /** The stored entity's fields, as the page loads it to evolve it. */
    started: (fields: ProposalField[]) => {
      origin.current = new Map(fields.map((f) => [f.name, f.name]));
    },
    /** A field of the table was renamed. */
    renamed: (from: string, to: string) => {
      const was = origin.current.get(from);
      if (was === undefined) return;
      origin.current.delete(from);
      origin.current.set(to, was);
    },
  };
}
