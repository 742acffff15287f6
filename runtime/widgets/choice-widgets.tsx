import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { useDict, type DictEntry } from '../engine/dict';
import { acceptsNull } from '../engine/eps-form';
import { Tag } from './dict-tag';
import { epsOptions, fieldAria, invalid, labelIdOf } from './form-widgets';
import { invalidInputClass } from './ui-classes';
import { SelectInput } from './select-input';

export type Choice = { value: unknown; label: string; color?: string | null };

/** The choices of a select: dictionary entries (limited to the schema's enum when it has one), else the enum itself. */
export function useChoices(props: WidgetProps): Choice[] {
  const eps = epsOptions(props)?.eps;
  const dict: DictEntry[] = useDict(eps?.dict);
  const enumValues = (props.schema.enum ?? eps?.enum) as unknown[] | undefined;
  if (dict.length > 0) {
    const entries = enumValues ? dict.filter((d) => enumValues.some((v) => String(v) === String(d.value))) : dict;
    return entries.map((d) => ({
      value: enumValues?.find((v) => String(v) === String(d.value)) ?? d.value,
      label: d.name,
      color: d.color,
    }));
  }
  return (enumValues ?? []).filter((v) => v !== null).map((v) => ({ value: v, label: String(v) }));
}

export function SelectWidget(props: WidgetProps) {
  const { id, value, readonly, disabled, required, onChange, onBlur, onFocus } = props;
  const { t } = useTranslation('entity');
  const choices = useChoices(props);
  const index = choices.findIndex((c) => String(c.value) === String(value));
  return (
    <SelectInput
      id={id}
      name={id}
      className={invalid(props) ? invalidInputClass : ''}
      value={index < 0 ? '' : String(index)}
      disabled={disabled || readonly}
      {...fieldAria(props)}
      onChange={(e) =>
        onChange(
          e.target.value === ''
            ? !required && acceptsNull(props.schema)
              ? null
              : undefined
            : choices[Number(e.target.value)].value,
        )
      }
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <option value="">{t('form.choose')}</option>
      {choices.map((c, i) => (
        <option key={i} value={String(i)}>
          {c.label}
        </option>
      ))}
    </SelectInput>
  );
}

// Native radio buttons (one Tab stop, arrow keys choose, as the platform does), drawn as a segmented control: the
// input covers its label, transparent, so the label is what is seen and the input is what is pressed.
export function RadioWidget(props: WidgetProps) {
  const { id, value, readonly, disabled, onChange } = props;
  const choices = useChoices(props);
  return (
    <fieldset
      id={id}
      aria-labelledby={labelIdOf(id)}
      aria-describedby={fieldAria(props)['aria-describedby']}
      className="inline-flex h-8 min-w-0 flex-wrap items-center gap-1 rounded-md bg-subtle p-0.5"
    >
      {choices.map((c, i) => {
        const checked = String(c.value) === String(value);
        return (
          <label
            key={i}
            className={`relative flex h-7 items-center rounded px-3 text-[13px] transition-colors has-[:disabled]:cursor-not-allowed has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${checked ? 'bg-surface font-medium text-primary shadow-sm' : 'text-muted hover:text-ink'}`}
          >
            <input
              type="radio"
              name={id}
              checked={checked}
              disabled={disabled || readonly}
              onChange={() => onChange(c.value)}
              className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
            />
            {c.label}
          </label>
        );
      })}
    </fieldset>
  );
}

/** A colour chosen by its swatch: each choice drawn as a tag in the colour it names (dictionary tag colours). */
export function ToneWidget(props: WidgetProps) {
  const { id, value, readonly, disabled, required, onChange } = props;
  const choices = useChoices(props);
  return (
    <fieldset id={id} aria-labelledby={labelIdOf(id)} className="flex min-w-0 flex-wrap items-center gap-1.5">
      {choices.map((c, i) => {
        const checked =
          c.value === value ||
          (c.value !== null && value !== null && value !== undefined && String(c.value) === String(value));
        return (
          <label
            key={i}
            className={`relative rounded-md p-0.5 transition-shadow has-[:disabled]:cursor-not-allowed has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-primary ${checked ? 'ring-2 ring-primary' : 'ring-1 ring-transparent hover:ring-line'}`}
          >
            <input
              type="radio"
              name={id}
              checked={checked}
              disabled={disabled || readonly}
              aria-label={String(c.label)}
              onChange={() => onChange(c.value)}
              // Pressing the chosen colour again clears it when the field may be empty.
              onClick={() => {
                if (checked && !required) onChange(null);
              }}
              className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
            />
            <Tag color={String(c.value)}>{c.label}</Tag>
          </label>
        );
      })}
    </fieldset>
  );
}
