import { useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import Form from '@rjsf/core';
import type { ErrorSchema, FormValidation, RJSFSchema } from '@rjsf/utils';
import type { EpsEntry } from '../../engine/eps';
import { epsForm, formBody, formValues, uiSchemaFor } from '../../engine/eps-form';
import { RequestError } from '../../engine/request';
import { entityApi } from '../../engine/entity-api';
import type { EntityRow } from '../../engine/use-entity-list';
import { toast } from '../../shell/toast';
import { labelOf } from '../../widgets/label-of';
import { rjsfWidgets, widgetRegistry } from '../../widgets/widget-registry';
import type { JsonFormContext } from '../../widgets/json-field';
import { buttonClass } from '../../widgets/ui-classes';
import { DialogFrame } from './dialog-frame';
import { formTemplates } from './form-templates';
import { detailsToErrors, translateErrors } from './form-messages';
import { useFormValidator } from '../../engine/form-validator';
import { ConflictPanel, type Conflict, staleConflict } from './conflict-panel';
import { HistoryPanel, historyRoutes } from './history-panel';

type Data = Record<string, unknown>;

export type EditDialogProps = {
  entry: EpsEntry;
  prefix: string;
  lang: string;
  /** The row to edit; null to add a new one. */
  row: EntityRow | null;
  /** Load the full record with GET …/info before editing. */
  fetchInfo: boolean;
  onClose: () => void;
  onSaved: () => void;
  /** Values a new record starts with and is saved with, even where the form does not show them (the list's master). */
  fixed?: Record<string, unknown>;
  /** A preview (the AI-code page): the form validates as it would, then hands the values here instead of saving. */
  onPreview?: (body: Record<string, unknown>) => void;
};

/**
 * Add/edit dialog: RJSF over the same JSON Schema the server validates with, widgets from the registry. Server
 * `details` are shown on their fields; the dialog stays open until the save succeeds. Lazily loaded (RJSF; the validator comes compiled from the server).
 */
let openings = 0;

export default function EditDialog({
  entry,
  prefix,
  lang,
  row,
  fetchInfo,
  onClose,
  onSaved,
  fixed,
  onPreview,
}: EditDialogProps) {
  const { t } = useTranslation('entity');
  const mode = row ? 'edit' : 'add';
  const spec = useMemo(() => epsForm(entry, lang, mode), [entry, lang, mode]);
  const shown = useMemo(() => new Set(spec.fields.map((f) => f.name)), [spec]);
  // Fields that show their cells' own errors (spec groups, SKUs).
  const nested = useMemo(() => new Set(spec.fields.filter((f) => f.specs || f.skus).map((f) => f.name)), [spec]);
  const money = useMemo(
    () => new Set(spec.fields.filter((f) => f.money || f.ui?.widget === 'money').map((f) => f.name)),
    [spec],
  );
  // Every opening reads the record afresh: a cached copy from an earlier opening would put values back that have
  // been saved since (and saving it would write them back).
  const [opening] = useState(() => ++openings);
  const api = useMemo(() => entityApi(prefix), [prefix]);
  const info = useSWR(
    row && fetchInfo ? [api.url('info'), row.id, opening] : null,
    ([, id]) => api.info(id) as Promise<Data | undefined>,
    {
      revalidateOnFocus: false,
    },
  );
  const [data, setData] = useState<Data | undefined>(undefined);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>(undefined);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  // A save refused because someone else saved since (409 STALE_RECORD): their fields, and the revision to save against.
  const [conflict, setConflict] = useState<Conflict | undefined>(undefined);
  const [tab, setTab] = useState<'form' | 'history'>('form');
  const showHistory = !!row && !onPreview && historyRoutes(entry).read;
  const context = useRef<JsonFormContext>({ badJson: new Set() });
  // Compiled by the server for this schema (with its wire formats: 'YYYY-MM-DD HH:mm:ss' date-times, plain dates).
  const { validator } = useFormValidator(spec.schema);
  const loading = (!!row && fetchInfo && info.isLoading) || !validator;
  const record = row ? { ...row, ...(info.data ?? {}) } : undefined;
  context.current.record = record;
  const formData = data ?? (record ? formValues(spec, record) : fixed ? formValues(spec, fixed) : undefined);
  context.current.data = formData;
  context.current.values = formData;
  context.current.labels = Object.fromEntries(spec.fields.map((f) => [f.name, labelOf(f.label, lang)]));

  const change = (next: Data | undefined) => {
    if (serverErrors && next) {
      // A field the user touched again loses the server's complaint about it.
      const prev = formData ?? {};
      const kept = Object.fromEntries(
        Object.entries(serverErrors).filter(([name]) => JSON.stringify(prev[name]) === JSON.stringify(next[name])),
      );
      setServerErrors(Object.keys(kept).length ? (kept as ErrorSchema) : undefined);
    }
    setData(next);
  };

  const save = async (values: Data) => {
    setSaving(true);
    try {
      const body = formBody(spec, values, mode);
      if (onPreview) {
        onPreview({ ...fixed, ...body });
        onClose();
        return;
      }
      // The revision the form was loaded at (or, after a conflict, the one it was merged against): the server refuses
      // to overwrite what someone else saved since, and merges what does not overlap (issue 31).
      const revision = conflict?.revision ?? (typeof record?.revision === 'number' ? record.revision : undefined);
      if (row) await api.update({ ...body, id: row.id, ...(revision ? { revision } : {}) });
      else await api.add({ ...fixed, ...body });
      toast.success(row ? t('dialog.saved') : t('dialog.added'));
      onSaved();
      onClose();
    } catch (error) {
      const stale = staleConflict(error);
      if (stale) {
        // Fields only they changed come into the form; the ones both changed wait for a choice in the panel.
        const next = { ...(formData ?? {}) };
        for (const f of stale.fields)
          if (!f.conflict) next[f.field] = formValues(spec, { [f.field]: f.theirs })[f.field];
        setData(next);
        setConflict(stale);
        setTab('form');
        toast.failure(error);
      } else if (error instanceof RequestError && error.details?.length) {
        const { schema, other } = detailsToErrors(error.details, shown, nested);
        setServerErrors(Object.keys(schema).length ? schema : undefined);
        toast.error(other.length ? other.join('; ') : t('dialog.fixErrors'));
      } else {
        toast.failure(error);
      }
    } finally {
      setSaving(false);
    }
  };

  const customValidate = (_: Data | undefined, errors: FormValidation<Data>) => {
    for (const name of context.current.badJson)
      (errors[name] as FormValidation | undefined)?.addError(t('form.badJson'));
    return errors;
  };

  const title = labelOf(entry.joinery?.title, lang);
  return (
    <DialogFrame
      open
      onOpenChange={(o) => {
        if (!o && !saving) onClose();
      }}
      testId="edit-dialog"
      width="max-w-3xl"
      title={row ? t('dialog.editTitle', { title }) : t('dialog.addTitle', { title })}
      footer={
        <>
          <button type="button" className={buttonClass.default} onClick={onClose} disabled={saving}>
            {t('action.cancel')}
          </button>
          <button type="submit" form="entity-form" className={buttonClass.primary} disabled={saving || loading}>
            {saving ? t('state.saving') : t('action.save')}
          </button>
        </>
      }
    >
      {info.error && (
        <p className="mb-3 rounded-md bg-danger-soft px-3 py-2 text-[13px] text-danger">
          {info.error instanceof Error ? info.error.message : String(info.error)}
        </p>
      )}
      {showHistory && (
        <div role="tablist" className="mb-3 flex gap-1 border-b border-line text-[13px]">
          {(['form', 'history'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              data-testid={`edit-tab-${k}`}
              className={`-mb-px border-b-2 px-3 py-1.5 ${tab === k ? 'border-primary font-medium text-primary' : 'border-transparent text-muted hover:text-ink'}`}
              onClick={() => setTab(k)}
            >
              {k === 'form' ? t('history.tabForm') : t('history.tab')}
            </button>
          ))}
        </div>
      )}
      {conflict && tab === 'form' && (
        <ConflictPanel
          conflict={conflict}
          fields={spec.fields}
          lang={lang}
          values={formData ?? {}}
          onTake={(field, value) =>
            setData({ ...(formData ?? {}), [field]: formValues(spec, { [field]: value })[field] })
          }
        />
      )}
      {showHistory && tab === 'history' && row ? (
        <HistoryPanel
          entry={entry}
          prefix={prefix}
          id={Number(row.id)}
          lang={lang}
          revision={conflict?.revision ?? (typeof record?.revision === 'number' ? record.revision : undefined)}
          onReverted={() => {
            // The record changed: read it again, and let the form start from it.
            setData(undefined);
            setConflict(undefined);
            void info.mutate();
            onSaved();
          }}
        />
      ) : loading ? (
        <p className="py-10 text-center text-[13px] text-muted">{t('state.loading')}</p>
      ) : (
        <Form<Data, RJSFSchema, JsonFormContext>
          id="entity-form"
          schema={spec.schema}
          uiSchema={{ ...uiSchemaFor(spec, formData), 'ui:submitButtonOptions': { norender: true } }}
          formData={formData}
          validator={validator!}
          widgets={rjsfWidgets}
          fields={widgetRegistry.fields}
          templates={formTemplates}
          formContext={context.current}
          extraErrors={serverErrors}
          showErrorList={false}
          noHtml5Validate
          focusOnFirstError
          liveValidate={submitted ? 'onChange' : undefined}
          transformErrors={(errors) => translateErrors(errors, t, money, spec.schema)}
          customValidate={customValidate}
          onChange={(e) => change(e.formData)}
          onError={() => setSubmitted(true)}
          onSubmit={(e) => {
            setSubmitted(true);
            void save(e.formData ?? {});
          }}
        />
      )}
    </DialogFrame>
  );
}
