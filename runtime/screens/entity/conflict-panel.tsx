import { useTranslation } from 'react-i18next';
import type { EpsField } from '../../engine/eps';
import { RequestError } from '../../engine/request';
import { formatDate } from '../../widgets/format-date';
import { labelOf } from '../../widgets/label-of';
import { buttonClass } from '../../widgets/ui-classes';
import { FieldValue } from './history-panel';

/** One field of a 409 STALE_RECORD (server/core/crud/history.ts StaleField). */
export type StaleField = {
  field: string;
  base: unknown;
  theirs: unknown;
  mine?: unknown;
  conflict: boolean;
  userName: string | null;
  time: string | null;
};
export type Conflict = { revision: number; fields: StaleField[] };

/** The refusal of a save based on a revision someone else has moved on from, if the error is one. */
export function staleConflict(error: unknown): Conflict | undefined {
  if (!(error instanceof RequestError) || error.errorCode !== 'STALE_RECORD') return undefined;
  const data = error.data as Partial<Conflict> | undefined;
  if (!data || typeof data.revision !== 'number' || !Array.isArray(data.fields)) return undefined;
  return { revision: data.revision, fields: data.fields };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What others saved while the dialog was open: per field both sides changed, their value (who, when) and the
 * caller's, with a choice of either — or the caller edits the form's value to merge them; the next save goes against
 * the new revision. Fields only they changed are listed as taken into the form.
 */
export function ConflictPanel({
  conflict,
  fields,
  lang,
  values,
  onTake,
}: {
  conflict: Conflict;
  fields: EpsField[];
  lang: string;
  values: Record<string, unknown>;
  onTake: (field: string, value: unknown) => void;
}) {
  const { t } = useTranslation('entity');
  const byName = new Map(fields.map((f) => [f.name, f]));
  const label = (name: string) => {
    const f = byName.get(name);
    return f ? labelOf(f.label, lang) : name;
  };
  const who = (f: StaleField) => f.userName ?? t('history.someone');
  return (
    <div
      data-testid="conflict-panel"
      className="mb-3 rounded-md border border-warning/40 bg-warning-soft p-3 text-[13px]"
    >
      <p className="font-medium text-ink">{t('conflict.title', { revision: conflict.revision })}</p>
      <p className="mt-1 text-muted">{t('conflict.hint')}</p>
      <ul className="mt-2 space-y-2">
        {conflict.fields.map((f) =>
          f.conflict ? (
            <li key={f.field} data-testid="conflict-field" data-field={f.field} className="rounded bg-surface p-2">
              <div className="font-medium text-ink">{label(f.field)}</div>
              <div className="mt-1 grid grid-cols-[max-content_1fr_max-content] items-center gap-x-3 gap-y-1">
                <span className="text-muted">
                  {t('conflict.theirs', { user: who(f), time: f.time ? formatDate(f.time, true) : '' })}
                </span>
                <FieldValue field={byName.get(f.field)} value={f.theirs} />
                <button
                  type="button"
                  className={buttonClass.link}
                  data-testid="conflict-take-theirs"
                  disabled={same(values[f.field], f.theirs)}
                  onClick={() => onTake(f.field, f.theirs)}
                >
                  {same(values[f.field], f.theirs) ? t('conflict.chosen') : t('conflict.takeTheirs')}
                </button>
                <span className="text-muted">{t('conflict.mine')}</span>
                <FieldValue field={byName.get(f.field)} value={f.mine} />
                <button
                  type="button"
                  className={buttonClass.link}
                  data-testid="conflict-keep-mine"
                  disabled={same(values[f.field], f.mine)}
                  onClick={() => onTake(f.field, f.mine)}
                >
                  {same(values[f.field], f.mine) ? t('conflict.chosen') : t('conflict.keepMine')}
                </button>
              </div>
            </li>
          ) : (
            <li key={f.field} className="text-muted" data-testid="conflict-adopted" data-field={f.field}>
              {t('conflict.adopted', { field: label(f.field), user: who(f) })}
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
