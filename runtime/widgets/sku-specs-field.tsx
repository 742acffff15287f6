import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '@rjsf/utils';
import type { FormFieldOptions } from '../engine/eps-form';
import { useEps } from '../engine/eps';
import { entityApi } from '../engine/entity-api';
import { inputClass, invalidInputClass } from './ui-classes';
import { groupsOf } from './sku-shape';

/**
 * One SKU's specs (x-sku-specs; schemas/README.md): a choice of one value per spec of the record the form points at
 * (a product spec row: the product's specs), read live from that record, stored as `{spec: value}` as a SKU's specs.
 */
export function SkuSpecsField(props: FieldProps) {
  const { t } = useTranslation('entity');
  const { formData, onChange, fieldPathId, disabled, readonly, uiSchema, rawErrors } = props;
  const options = uiSchema?.['ui:options'] as FormFieldOptions | undefined;
  const { byPrefix } = useEps();
  const target = options?.ownerEntity;
  const owner = typeof options?.owner === 'number' || typeof options?.owner === 'string' ? options.owner : undefined;
  const specsField = target ? byPrefix.get(target)?.joinery?.fields.find((f) => f.specs)?.name : undefined;
  const { data } = useSWR(target && owner !== undefined && specsField ? [target, owner] : null, ([p, id]) =>
    entityApi(p).info(id),
  );
  const groups = groupsOf(specsField ? data?.[specsField] : undefined);
  const value =
    formData && typeof formData === 'object' && !Array.isArray(formData) ? (formData as Record<string, string>) : {};
  const id = fieldPathId.$id;
  if (owner === undefined)
    return <p className="text-[13px] text-muted">{t('sku.pickOwner', { owner: options?.ownerLabel ?? '' })}</p>;
  if (data && groups.length === 0)
    return <p className="text-[13px] text-muted">{t('sku.ownerHasNoSpecs', { owner: options?.ownerLabel ?? '' })}</p>;
  const bad = (rawErrors?.length ?? 0) > 0;
  return (
    <div id={id} className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-sku-specs="">
      {groups.map((g, i) => (
        <label key={g.name} className="flex min-w-0 flex-col gap-1 text-xs text-muted" htmlFor={`${id}-${i}`}>
          {g.name}
          <select
            id={`${id}-${i}`}
            className={`${inputClass} ${bad ? invalidInputClass : ''}`}
            value={value[g.name] ?? ''}
            disabled={disabled || readonly}
            onChange={(e) => {
              const next = { ...value, [g.name]: e.target.value };
              if (e.target.value === '') delete next[g.name];
              onChange(Object.keys(next).length ? next : null, fieldPathId.path);
            }}
          >
            <option value="">{t('sku.pickValue')}</option>
            {g.values.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
            {value[g.name] !== undefined && !g.values.includes(value[g.name]) && (
              <option value={value[g.name]}>{value[g.name]}</option>
            )}
          </select>
        </label>
      ))}
    </div>
  );
}
