import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { fieldAria, invalid, labelIdOf } from './form-widgets';
import { buttonClass, textareaClass, invalidInputClass } from './ui-classes';

const COMMANDS = [
  { cmd: 'bold', label: 'B', cls: 'font-bold' },
  { cmd: 'italic', label: 'I', cls: 'italic' },
  { cmd: 'underline', label: 'U', cls: 'underline' },
  { cmd: 'insertUnorderedList', label: '•', cls: '' },
] as const;

/**
 * Small rich text editor: an editable area with four commands and an HTML source view. Enough for product details
 * until a full editor plugin exists; the HTML is stored as typed.
 */
export function RichTextWidget(props: WidgetProps) {
  const { t } = useTranslation('entity');
  const { id, value, readonly, disabled, onChange } = props;
  const [source, setSource] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const html = typeof value === 'string' ? value : '';
  const max = typeof props.schema.maxLength === 'number' ? props.schema.maxLength : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: leaving the source view mounts a new editable area, which needs the HTML again
  useEffect(() => {
    if (area.current && area.current.innerHTML !== html) area.current.innerHTML = html;
  }, [html, source]);

  const emit = () => {
    const next = area.current?.innerHTML ?? '';
    onChange(next === '' || next === '<br>' ? undefined : next);
  };
  const locked = readonly || disabled;

  return (
    <div className={`overflow-hidden rounded-md border ${invalid(props) ? invalidInputClass : 'border-line-strong'}`}>
      <div className="flex items-center gap-0.5 border-b border-line bg-subtle px-1 py-0.5">
        {COMMANDS.map((c) => (
          <button
            key={c.cmd}
            type="button"
            disabled={locked || source}
            title={t(`richtext.${c.cmd}`)}
            className={`h-6 w-7 rounded text-[13px] text-muted hover:bg-hover hover:text-ink disabled:opacity-40 ${c.cls}`}
            onMouseDown={(e) => {
              e.preventDefault();
              document.execCommand(c.cmd);
              emit();
            }}
          >
            {c.label}
          </button>
        ))}
        <span className="flex-1" />
        <button type="button" className={`${buttonClass.link} text-xs`} onClick={() => setSource((s) => !s)}>
          {source ? t('richtext.visual') : t('richtext.source')}
        </button>
      </div>
      {source ? (
        <textarea
          id={id}
          className={`${textareaClass} rounded-none border-0 font-mono text-xs focus:ring-0`}
          rows={6}
          value={html}
          maxLength={max}
          readOnly={locked}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: rich text needs an editable element; no native control edits HTML
        <div
          id={id}
          ref={area}
          role="textbox"
          aria-multiline="true"
          contentEditable={!locked}
          suppressContentEditableWarning
          tabIndex={locked ? -1 : 0}
          aria-labelledby={labelIdOf(id)}
          aria-readonly={locked || undefined}
          {...fieldAria(props)}
          className="prose-sm min-h-[110px] max-h-[320px] overflow-auto bg-surface px-2.5 py-2 text-[13px] text-ink focus:outline-none [&_ul]:list-disc [&_ul]:pl-5"
          onInput={emit}
        />
      )}
    </div>
  );
}
