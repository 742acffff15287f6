import { useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { fieldAria, invalid, labelIdOf } from './form-widgets';
import { textareaClass, invalidInputClass } from './ui-classes';
import { RichTextToolbar, type Command } from './richtext-toolbar';

/**
 * Small rich text editor: an editable area with four commands and an HTML source view. Enough for product details
 * until a full editor plugin exists; the HTML is stored as typed. By keyboard: the toolbar is one Tab stop before the
 * area (richtext-toolbar.tsx); Ctrl+B, I and U work in the area as in any editor.
 */
export function RichTextWidget(props: WidgetProps) {
  const { id, value, readonly, disabled, onChange } = props;
  const [source, setSource] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  /** The selection in the area when it last had one: a toolbar button pressed by keyboard has taken focus from it. */
  const kept = useRef<Range | null>(null);
  const [active, setActive] = useState<Partial<Record<Command, boolean>>>({});
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
  /** Keeps the area's selection and which commands apply to it (the toolbar shows them pressed). */
  const remember = () => {
    const selection = document.getSelection();
    if (!selection?.rangeCount || !area.current?.contains(selection.anchorNode)) return;
    kept.current = selection.getRangeAt(0).cloneRange();
    setActive({
      bold: document.queryCommandState('bold'),
      italic: document.queryCommandState('italic'),
      underline: document.queryCommandState('underline'),
      insertUnorderedList: document.queryCommandState('insertUnorderedList'),
    });
  };
  const run = (command: Command) => {
    const el = area.current;
    if (!el) return;
    // Back into the area with its selection, so the command applies where the user was (and typing goes on there).
    el.focus();
    const selection = document.getSelection();
    if (kept.current && selection) {
      selection.removeAllRanges();
      selection.addRange(kept.current);
    }
    document.execCommand(command);
    emit();
    remember();
  };
  const locked = readonly || disabled;

  return (
    <div
      className={`overflow-hidden rounded-md border focus-within:border-primary focus-within:ring-2 focus-within:ring-primary-8 ${invalid(props) ? invalidInputClass : 'border-line-strong'}`}
    >
      <div className="flex items-center gap-0.5 border-b border-line bg-subtle px-1 py-0.5">
        <RichTextToolbar
          controls={id}
          disabled={locked || source}
          active={active}
          onCommand={run}
          source={source}
          onSource={() => setSource((s) => !s)}
        />
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
          onInput={() => {
            emit();
            remember();
          }}
          onKeyUp={remember}
          onMouseUp={remember}
          onBlur={remember}
        />
      )}
    </div>
  );
}
