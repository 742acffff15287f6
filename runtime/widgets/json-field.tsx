import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '@rjsf/utils';
import { inputClass, textareaClass, invalidInputClass } from './ui-classes';
import { LANGUAGE_NAMES } from '../shell/language-switch';
import { useValueChanged } from '../engine/use-value-changed';

/**
 * Shared with the edit form: names of JSON fields whose text does not parse, so submitting is refused; and the
 * record as the server sent it (joined names included), so a widget can name what its own choices do not hold.
 */
export type JsonFormContext = {
  badJson: Set<string>;
  record?: Record<string, unknown>;
  /** The form's data as last rendered: a field that changes a sibling with it (spec groups and their SKUs) reads it. */
  data?: Record<string, unknown>;
  /** The values being edited (relations matched on other fields read them). */
  values?: Record<string, unknown>;
  /** Field labels in the interface language, by name. */
  labels?: Record<string, string>;
};

const show = (v: unknown) => (v === undefined || v === null ? '' : JSON.stringify(v, null, 2));

type StringProps = Record<string, { type?: unknown; maxLength?: number }>;

/** The named text parts of an object whose schema lists them all (no others allowed), e.g. a name per language. */
function textParts(schema: FieldProps['schema']): StringProps | undefined {
  const props = schema.properties as StringProps | undefined;
  if (!props || schema.additionalProperties !== false) return undefined;
  const parts = Object.values(props);
  return parts.length > 0 && parts.length <= 8 && parts.every((p) => p.type === 'string') ? props : undefined;
}

/** Such an object edited as one labelled input per part (a language's part by the language's name); blanks are left out. */
function TextPartsField({ props, parts }: { props: FieldProps; parts: StringProps }) {
  const { formData, onChange, fieldPathId, readonly, disabled } = props;
  const value =
    formData && typeof formData === 'object' && !Array.isArray(formData) ? (formData as Record<string, unknown>) : {};
  const set = (key: string, text: string) => {
    const next = Object.fromEntries(
      Object.entries({ ...value, [key]: text }).filter(([, v]) => typeof v === 'string' && v !== ''),
    );
    onChange(Object.keys(next).length ? next : null, fieldPathId.path);
  };
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-3" data-parts={Object.keys(parts).join(',')}>
      {Object.entries(parts).map(([key, part]) => (
        <label key={key} className="flex min-w-0 flex-col gap-1 text-xs text-muted">
          {LANGUAGE_NAMES[key as keyof typeof LANGUAGE_NAMES] ?? key}
          <input
            id={`${fieldPathId.$id}-${key}`}
            className={inputClass}
            value={typeof value[key] === 'string' ? (value[key] as string) : ''}
            maxLength={part.maxLength}
            readOnly={readonly}
            disabled={disabled}
            onChange={(e) => set(key, e.target.value)}
          />
        </label>
      ))}
    </div>
  );
}

/**
 * A JSON value edited as text, checked as it is typed; the schema's type rules are checked by the validator.
 * An object of named text parts (a name per language) is edited as fields instead.
 */
export function JsonField(props: FieldProps) {
  const parts = textParts(props.schema);
  return parts ? <TextPartsField props={props} parts={parts} /> : <JsonText {...props} />;
}

function JsonText(props: FieldProps) {
  const { t } = useTranslation('entity');
  const { formData, onChange, fieldPathId, name, readonly, disabled, formContext } = props;
  const [text, setText] = useState(show(formData));
  const [bad, setBad] = useState(false);
  const ctx = formContext as JsonFormContext | undefined;

  // A value set from outside (loading the row) replaces the text unless it is what we just parsed; checked on value
  // changes only: our own typing must not be reformatted while the user types.
  if (useValueChanged(formData)) {
    try {
      if (
        text.trim() === ''
          ? formData !== undefined && formData !== null
          : JSON.stringify(JSON.parse(text)) !== JSON.stringify(formData)
      )
        setText(show(formData));
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
    }
  }

  const change = (next: string) => {
    setText(next);
    if (next.trim() === '') {
      setBad(false);
      ctx?.badJson.delete(name);
      onChange(undefined, fieldPathId.path);
      return;
    }
    try {
      const parsed: unknown = JSON.parse(next);
      setBad(false);
      ctx?.badJson.delete(name);
      onChange(parsed, fieldPathId.path);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      setBad(true);
      ctx?.badJson.add(name);
    }
  };

  return (
    <div>
      <textarea
        id={fieldPathId.$id}
        name={fieldPathId.$id}
        rows={Math.min(10, Math.max(3, text.split('\n').length))}
        spellCheck={false}
        className={`${textareaClass} font-mono text-xs ${bad ? invalidInputClass : ''}`}
        value={text}
        readOnly={readonly}
        disabled={disabled}
        aria-invalid={bad}
        placeholder="[]"
        onChange={(e) => change(e.target.value)}
      />
      {bad && <p className="mt-1 text-xs text-danger">{t('form.badJson')}</p>}
    </div>
  );
}
