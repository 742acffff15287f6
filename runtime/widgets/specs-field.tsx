import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '@rjsf/utils';
import type { FormFieldOptions } from '../engine/eps-form';
import type { JsonFormContext } from './json-field';
import { buttonClass, inputClass, invalidInputClass } from './ui-classes';
import { comboKey, groupsOf, skusOf, type SpecGroup, type Sku } from './sku-shape';

type Errors = { __errors?: string[]; [key: string]: unknown };
const errorsAt = (schema: unknown, ...path: (string | number)[]): string[] => {
  let node = schema as Errors | undefined;
  for (const step of path) node = node?.[String(step)] as Errors | undefined;
  return node?.__errors ?? [];
};

/**
 * The SKUs after the groups changed: a renamed group (`renamed`: new name → old) renamed in them, SKUs of a removed
 * value dropped, a removed group taken out of them (a combination that then repeats kept once), and a group that gets
 * its first values given its first value in every SKU (so the prices typed stay).
 */
export function followGroups(after: SpecGroup[], skus: Sku[], renamed: Record<string, string> = {}): Sku[] {
  const seen = new Set<string>();
  const out: Sku[] = [];
  for (const sku of skus) {
    const specs: Record<string, string> = {};
    let fits = true;
    for (const g of after) {
      if (g.values.length === 0) continue;
      const value = sku.specs[renamed[g.name] ?? g.name];
      if (value === undefined) specs[g.name] = g.values[0];
      else if (g.values.includes(value)) specs[g.name] = value;
      else fits = false;
    }
    const key = comboKey(after, specs);
    if (!fits || seen.has(key)) continue;
    seen.add(key);
    out.push({ ...sku, specs });
  }
  return out;
}

/**
 * The spec editor (x-specs; schemas/README.md): each spec a name and its values, added with Enter (several at once,
 * separated by commas) and removed one by one. The SKUs of the field that combines these groups (`skusField`) follow
 * in the same change: a renamed spec is renamed in them, SKUs of a removed value or spec go.
 */
export function SpecsField(props: FieldProps) {
  const { t } = useTranslation('entity');
  const { formData, onChange, fieldPathId, disabled, readonly, errorSchema, uiSchema, schema } = props;
  const options = uiSchema?.['ui:options'] as FormFieldOptions | undefined;
  const ctx = props.registry.formContext as JsonFormContext | undefined;
  const groups = groupsOf(formData);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : 5;
  const id = fieldPathId.$id;
  const locked = disabled || readonly;

  const set = (next: SpecGroup[], renamed?: Record<string, string>) => {
    const skusField = options?.skusField;
    if (skusField) {
      const skus = skusOf(ctx?.data?.[skusField]);
      const followed = followGroups(next, skus, renamed);
      if (JSON.stringify(followed) !== JSON.stringify(skus)) onChange(followed, [skusField]);
    }
    onChange(next.length ? next : null, fieldPathId.path);
  };
  const addValues = (i: number) => {
    const typed = (drafts[i] ?? '')
      .split(/[,，、\n]/)
      .map((v) => v.trim())
      .filter(Boolean);
    if (typed.length === 0) return;
    const values = [...groups[i].values];
    for (const v of typed) if (!values.includes(v)) values.push(v);
    set(groups.map((g, j) => (j === i ? { ...g, values } : g)));
    setDrafts((d) => ({ ...d, [i]: '' }));
  };
  const onKey = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      addValues(i);
    }
  };

  return (
    <div className="flex flex-col gap-2" data-specs-editor="" id={id}>
      {groups.length === 0 && <p className="text-[13px] text-muted">{t('spec.empty')}</p>}
      {groups.map((g, i) => {
        const nameErrors = errorsAt(errorSchema, i, 'name');
        const valueErrors = [...errorsAt(errorSchema, i, 'values'), ...errorsAt(errorSchema, i)];
        const nameId = `${id}-${i}-name`;
        const valueId = `${id}-${i}-value`;
        return (
          <fieldset key={i} className="rounded-md border border-line p-2.5" data-spec-group={i}>
            <legend className="sr-only">{t('spec.group', { n: i + 1 })}</legend>
            <div className="flex flex-wrap items-end gap-2">
              <label className="flex min-w-0 flex-1 basis-40 flex-col gap-1 text-xs text-muted" htmlFor={nameId}>
                {t('spec.name')}
                <input
                  id={nameId}
                  className={`${inputClass} ${nameErrors.length ? invalidInputClass : ''}`}
                  value={g.name}
                  maxLength={50}
                  placeholder={t('spec.namePlaceholder')}
                  disabled={locked}
                  aria-invalid={nameErrors.length ? true : undefined}
                  aria-describedby={nameErrors.length ? `${nameId}-error` : undefined}
                  onChange={(e) =>
                    set(
                      groups.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)),
                      { [e.target.value]: g.name },
                    )
                  }
                />
              </label>
              <button
                type="button"
                className={buttonClass.default}
                disabled={locked}
                onClick={() => set(groups.filter((_, j) => j !== i))}
              >
                {t('spec.remove', { name: g.name || t('spec.group', { n: i + 1 }) })}
              </button>
            </div>
            {nameErrors.length > 0 && (
              <p id={`${nameId}-error`} className="mt-1 text-xs text-danger">
                {nameErrors.join('; ')}
              </p>
            )}
            <div className="mt-2 flex flex-wrap items-center gap-1.5">
              <span className="text-xs text-muted" id={`${valueId}-label`}>
                {t('spec.values')}
              </span>
              <ul className="contents" aria-labelledby={`${valueId}-label`}>
                {g.values.map((v) => (
                  <li
                    key={v}
                    className="inline-flex items-center gap-1 rounded bg-subtle px-2 py-0.5 text-[13px] text-ink"
                  >
                    {v}
                    <button
                      type="button"
                      className="rounded px-0.5 text-muted hover:text-danger focus-visible:outline-2 focus-visible:outline-primary"
                      aria-label={t('spec.removeValue', { value: v })}
                      disabled={locked}
                      onClick={() =>
                        set(groups.map((x, j) => (j === i ? { ...x, values: x.values.filter((y) => y !== v) } : x)))
                      }
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
              <span className="flex min-w-0 flex-1 basis-44 items-center gap-1.5">
                <input
                  id={valueId}
                  className={`${inputClass} ${valueErrors.length ? invalidInputClass : ''}`}
                  value={drafts[i] ?? ''}
                  placeholder={t('spec.valuePlaceholder')}
                  aria-label={t('spec.valueOf', { name: g.name || t('spec.group', { n: i + 1 }) })}
                  aria-invalid={valueErrors.length ? true : undefined}
                  aria-describedby={valueErrors.length ? `${valueId}-error` : undefined}
                  maxLength={100}
                  disabled={locked}
                  onChange={(e) => setDrafts((d) => ({ ...d, [i]: e.target.value }))}
                  onKeyDown={onKey(i)}
                  onBlur={() => addValues(i)}
                />
                <button type="button" className={buttonClass.default} disabled={locked} onClick={() => addValues(i)}>
                  {t('spec.addValue')}
                </button>
              </span>
            </div>
            {valueErrors.length > 0 && (
              <p id={`${valueId}-error`} className="mt-1 text-xs text-danger">
                {valueErrors.join('; ')}
              </p>
            )}
          </fieldset>
        );
      })}
      <div>
        <button
          type="button"
          className={buttonClass.default}
          disabled={locked || groups.length >= max}
          onClick={() => set([...groups, { name: '', values: [] }])}
        >
          + {t('spec.add')}
        </button>
      </div>
    </div>
  );
}
