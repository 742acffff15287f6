import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import type { FormFieldOptions } from '../engine/eps-form';
import { useDict } from '../engine/dict';
import { MoneyInput } from './money-input';
import { formatDate } from './format-date';
import { DateInput } from './date-input';
import { inputClass, invalidInputClass, textareaClass } from './ui-classes';
import { useValueChanged } from '../engine/use-value-changed';

/** The eps field behind a widget (set by eps-form in ui:options). */
export function epsOptions(props: WidgetProps): FormFieldOptions | undefined {
  return (props.options as { eps?: unknown }).eps ? (props.options as unknown as FormFieldOptions) : undefined;
}

export function invalid(props: WidgetProps): boolean {
  return (props.rawErrors?.length ?? 0) > 0;
}

/** Id of a field's error text (the field template renders it under that id). */
export const errorIdOf = (id: string) => `${id}__error`;
/** Id of a field's label, for a widget that is a group of controls (named with aria-labelledby, not label for=). */
export const labelIdOf = (id: string) => `${id}__label`;

/** What a field tells assistive technology: required, invalid, and which text says why (WCAG 1.3.1, 3.3.1). */
export function fieldAria(props: WidgetProps): {
  'aria-required'?: true;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
} {
  const bad = invalid(props);
  return {
    'aria-required': props.required ? true : undefined,
    'aria-invalid': bad ? true : undefined,
    'aria-describedby': bad ? errorIdOf(props.id) : undefined,
  };
}

function maxLengthOf(props: WidgetProps): number | undefined {
  const max = (props.schema as { maxLength?: unknown }).maxLength;
  return typeof max === 'number' ? max : undefined;
}

const fieldClass = (props: WidgetProps, base = inputClass) => `${base} ${invalid(props) ? invalidInputClass : ''}`;

/** Text input; the length cap is enforced by the input itself, not only reported after submit. */
export function TextWidget(props: WidgetProps) {
  const { id, value, readonly, disabled, autofocus, placeholder, onChange, onBlur, onFocus } = props;
  const { t } = useTranslation('entity');
  const isPassword = epsOptions(props)?.kind === 'password';
  return (
    <input
      id={id}
      name={id}
      type={isPassword ? 'password' : 'text'}
      autoComplete={isPassword ? 'new-password' : 'off'}
      className={fieldClass(props)}
      value={value === null || value === undefined ? '' : String(value)}
      maxLength={maxLengthOf(props)}
      readOnly={readonly}
      disabled={disabled}
      // biome-ignore lint/a11y/noAutofocus: set only for a dialog's first field (ui:autofocus), where focus belongs on opening (APG dialog)
      autoFocus={autofocus}
      placeholder={placeholder || (isPassword && !props.required ? t('form.passwordKeep') : '')}
      {...fieldAria(props)}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}

export function TextareaWidget(props: WidgetProps) {
  const { id, value, readonly, disabled, placeholder, onChange, onBlur, onFocus } = props;
  const max = maxLengthOf(props);
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <div>
      <textarea
        id={id}
        name={id}
        rows={3}
        className={fieldClass(props, textareaClass)}
        value={text}
        maxLength={max}
        readOnly={readonly}
        disabled={disabled}
        placeholder={placeholder}
        {...fieldAria(props)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      {max !== undefined && max <= 5000 && (
        <div className="mt-0.5 text-right text-[11px] leading-4 text-faint tabular-nums">
          {text.length}/{max}
        </div>
      )}
    </div>
  );
}

export function NumberWidget(props: WidgetProps) {
  const { id, value, readonly, disabled, onChange, onBlur, onFocus, schema } = props;
  const integer = schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  // Only an outside change of the value (not our own typing) resets the text.
  if (useValueChanged(value) && Number(text) !== value)
    setText(value === null || value === undefined ? '' : String(value));
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    setText(e.target.value);
    const n = e.target.value.trim() === '' ? undefined : Number(e.target.value);
    onChange(n === undefined || Number.isNaN(n) ? (e.target.value.trim() === '' ? undefined : e.target.value) : n);
  };
  return (
    <input
      id={id}
      name={id}
      type="number"
      inputMode={integer ? 'numeric' : 'decimal'}
      step={integer ? 1 : 'any'}
      min={typeof schema.minimum === 'number' ? schema.minimum : undefined}
      max={typeof schema.maximum === 'number' ? schema.maximum : undefined}
      className={`${fieldClass(props)} tabular-nums`}
      value={text}
      readOnly={readonly}
      disabled={disabled}
      {...fieldAria(props)}
      onChange={change}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

/** Yuan with 2 decimals on screen, integer cents in the data; text that is no amount stays for the validator to flag. */
export function MoneyWidget(props: WidgetProps) {
  const { id, value, readonly, disabled, onChange, onBlur, onFocus } = props;
  return (
    <MoneyInput
      id={id}
      value={value}
      readOnly={readonly}
      disabled={disabled}
      className={fieldClass(props)}
      aria={fieldAria(props)}
      onChange={onChange}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

const isOn = (v: unknown) => v === true || v === 1 || v === '1';

/** On/off; integer fields store 1/0, boolean fields true/false. A two-entry dictionary names the states. */
export function SwitchWidget(props: WidgetProps) {
  const { id, value, readonly, disabled, onChange, schema } = props;
  const dict = useDict(epsOptions(props)?.eps.dict);
  const boolean = schema.type === 'boolean' || (Array.isArray(schema.type) && schema.type.includes('boolean'));
  const on = isOn(value);
  const name = dict.find((e) => String(e.value) === (on ? '1' : '0'))?.name;
  return (
    <label className="inline-flex h-8 items-center gap-2">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={on}
        disabled={disabled || readonly}
        onClick={() => onChange(boolean ? !on : on ? 0 : 1)}
        className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${on ? 'bg-primary' : 'bg-line-strong'}`}
      >
        <span
          className={`inline-block h-4 w-4 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-[18px]' : 'translate-x-0.5'}`}
        />
      </button>
      {name && <span className="text-[13px] text-muted">{name}</span>}
    </label>
  );
}

export function DateWidget(props: WidgetProps) {
  const { id, value, readonly, disabled, onChange } = props;
  const withTime = epsOptions(props)?.kind === 'datetime';
  return (
    <DateInput
      id={id}
      withTime={withTime}
      className={fieldClass(props)}
      readOnly={readonly}
      disabled={disabled}
      invalid={invalid(props)}
      required={props.required}
      describedBy={fieldAria(props)['aria-describedby']}
      value={typeof value === 'string' && value ? (withTime ? formatDate(value, true) : value.slice(0, 10)) : undefined}
      onChange={(v) => onChange(v)}
    />
  );
}

export const HiddenWidget = () => null;
