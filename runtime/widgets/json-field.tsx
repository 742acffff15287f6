import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '@rjsf/utils';
import { textareaClass, invalidInputClass } from './ui-classes';

/**
 * Shared with the edit form: names of JSON fields whose text does not parse, so submitting is refused; and the
 * record as the server sent it (joined names included), so a widget can name what its own choices do not hold.
 */
export type JsonFormContext = { badJson: Set<string>; record?: Record<string, unknown> };

const show = (v: unknown) => (v === undefined || v === null ? '' : JSON.stringify(v, null, 2));

/** A JSON value edited as text, checked as it is typed; the schema's type rules are checked by the validator. */
export function JsonField(props: FieldProps) {
  const { t } = useTranslation('entity');
  const { formData, onChange, fieldPathId, name, readonly, disabled, formContext } = props;
  const [text, setText] = useState(show(formData));
  const [bad, setBad] = useState(false);
  const ctx = formContext as JsonFormContext | undefined;

  useEffect(() => {
    // A value set from outside (loading the row) replaces the text unless it is what we just parsed.
    try {
      if (text.trim() === '' ? formData !== undefined && formData !== null : JSON.stringify(JSON.parse(text)) !== JSON.stringify(formData)) setText(show(formData));
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
    }
    // Runs on value changes only: our own typing must not be reformatted while the user types.
  }, [formData]);

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
