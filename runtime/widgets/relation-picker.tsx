import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EpsField } from '../engine/eps';
import { useRelationOptions, type RelationOption } from './relation-options';
import { inputClass, invalidInputClass } from './ui-classes';
import { useDismiss } from '../shell/use-dismiss';
import { Chevron } from './chevron';

type Value = number | string;

export type RelationPickerProps = {
  id?: string;
  refTo: NonNullable<EpsField['ref']>;
  value: Value | Value[] | null | undefined;
  multiple?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  required?: boolean;
  /** Id of the text (an error) that describes the picker. */
  describedBy?: string;
  placeholder?: string;
  /** Names known for ids the choices may not hold (the record's joined names: a super admin no list shows). */
  knownNames?: Map<string, string>;
  /** The record being edited: a relation's `match` offers only the related records matching its values. */
  values?: Record<string, unknown>;
  /** Said while a value the relation matches on is not chosen yet ("choose the member first"). */
  waitingText?: string;
  onChange: (value: Value | Value[] | undefined) => void;
};

const same = (a: unknown, b: unknown) => String(a) === String(b);

/**
 * A searchable picker over the related entity's rows (label column, id value). Marked with data-jy-popover while
 * open so a surrounding dialog lets Escape close the picker first. Keyboard (WAI-ARIA APG combobox with a listbox
 * popup): ↓ or Enter on the picker opens it with focus in its filter; ↑ ↓ PageUp PageDown move the active option
 * (aria-activedescendant), Enter picks it (a single picker closes, a multiple one toggles and stays open), Escape
 * closes; either way focus goes back to the picker.
 */
export function RelationPicker({
  id,
  refTo,
  value,
  multiple,
  disabled,
  invalid,
  required,
  describedBy,
  placeholder,
  knownNames,
  values,
  waitingText,
  onChange,
}: RelationPickerProps) {
  const { t } = useTranslation('entity');
  const { options, isLoading, unavailable, waiting } = useRelationOptions(refTo, values);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const selected: Value[] = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];

  // Escape is handled by the picker itself (a surrounding dialog must not close first).
  useDismiss(
    box,
    open,
    () => {
      setOpen(false);
      setQuery('');
    },
    { escape: false },
  );

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => o.label.toLowerCase().includes(q) || String(o.value) === q) : options;
  }, [options, query]);

  const clearable = !multiple && selected.length > 0 && !disabled;

  if (unavailable) {
    // The user may not list the related entity: take its id directly.
    return (
      <input
        id={id}
        className={`${inputClass} ${invalid ? invalidInputClass : ''}`}
        inputMode="numeric"
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={selected.join(',')}
        placeholder={t('form.relationId')}
        onChange={(e) => {
          const ids = e.target.value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
            .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
          onChange(multiple ? ids : ids[0]);
        }}
      />
    );
  }

  const labelOf = (v: Value) =>
    options.find((o) => same(o.value, v))?.label ?? knownNames?.get(String(v)) ?? `#${String(v)}`;
  const close = () => {
    setOpen(false);
    setQuery('');
    // Focus goes back to the picker (APG combobox), not to the page.
    trigger.current?.focus();
  };
  const pick = (o: RelationOption) => {
    if (!multiple) {
      onChange(o.value);
      close();
      return;
    }
    const has = selected.some((v) => same(v, o.value));
    const next = has ? selected.filter((v) => !same(v, o.value)) : [...selected, o.value];
    onChange(next.length ? next : undefined);
  };
  const activeIndex = Math.min(active, shown.length - 1);
  const optionId = (i: number) => `${listId}-o${i}`;
  const onFilterKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const move = (i: number) => {
      e.preventDefault();
      const next = Math.max(0, Math.min(shown.length - 1, i));
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    };
    if (e.key === 'ArrowDown') move(activeIndex + 1);
    else if (e.key === 'ArrowUp') move(activeIndex - 1);
    else if (e.key === 'Home' && e.ctrlKey) move(0);
    else if (e.key === 'End' && e.ctrlKey) move(shown.length - 1);
    else if (e.key === 'PageDown') move(activeIndex + 8);
    else if (e.key === 'PageUp') move(activeIndex - 8);
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (shown[activeIndex]) pick(shown[activeIndex]);
    } else if (e.key === 'Tab') {
      setOpen(false);
      setQuery('');
    }
  };

  return (
    <div ref={box} className="relative" data-jy-popover={open ? 'open' : undefined}>
      <button
        ref={trigger}
        id={id}
        type="button"
        role="combobox"
        disabled={disabled || waiting}
        aria-controls={open ? listId : undefined}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onClick={() => (open ? close() : setOpen(true))}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            close();
          }
          if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className={`${inputClass} ${invalid ? invalidInputClass : ''} flex min-h-8 items-center gap-1 text-left ${multiple ? 'h-auto py-1' : ''} ${clearable ? 'pr-12' : ''}`}
      >
        <span className="flex min-w-0 flex-1 flex-wrap gap-1">
          {selected.length === 0 && (
            <span className="text-faint">{(waiting && waitingText) || placeholder || t('form.choose')}</span>
          )}
          {!multiple && selected.length > 0 && <span className="truncate">{labelOf(selected[0])}</span>}
          {multiple &&
            selected.map((v) => (
              <span key={String(v)} className="rounded bg-primary-9 px-1.5 text-xs leading-5 text-primary">
                {labelOf(v)}
              </span>
            ))}
        </span>
        <Chevron className="shrink-0 text-faint" />
      </button>
      {clearable && (
        // Beside the picker, not inside its button: no control inside another.
        <button
          type="button"
          aria-label={t('action.clear')}
          data-testid="relation-clear"
          className="absolute top-1/2 right-6 -translate-y-1/2 rounded px-1 text-faint hover:text-ink"
          onClick={() => {
            onChange(undefined);
            trigger.current?.focus();
          }}
        >
          ✕
        </button>
      )}
      {open && (
        <div className="jy-pop-in absolute z-50 mt-1 w-full min-w-[200px] rounded-md border border-line bg-surface p-1 shadow-pop">
          <input
            // Opening the picker puts focus in its filter, where the arrow keys move through the options.
            // biome-ignore lint/a11y/noAutofocus: the popup opens for typing; focus belongs in its filter (APG combobox)
            autoFocus
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={shown[activeIndex] ? optionId(activeIndex) : undefined}
            aria-label={t('form.filter')}
            className={`${inputClass} mb-1`}
            value={query}
            placeholder={t('form.filter')}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onFilterKey}
          />
          <div
            id={listId}
            role="listbox"
            aria-multiselectable={multiple || undefined}
            aria-label={placeholder || t('form.choose')}
            tabIndex={-1}
            className="max-h-60 overflow-auto"
          >
            {isLoading && <div className="px-2 py-1.5 text-[13px] text-muted">{t('state.loading')}</div>}
            {!isLoading && shown.length === 0 && (
              <div className="px-2 py-1.5 text-[13px] text-muted">{t('state.noOptions')}</div>
            )}
            {shown.map((o, i) => {
              const on = selected.some((v) => same(v, o.value));
              return (
                <div
                  key={String(o.value)}
                  id={optionId(i)}
                  role="option"
                  aria-selected={on}
                  tabIndex={-1}
                  // The filter keeps focus: a press picks without taking it.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(o)}
                  // Should a screen reader's cursor put focus on an option itself, Enter or Space picks it there too.
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      pick(o);
                    }
                  }}
                  onMouseMove={() => {
                    if (i !== activeIndex) setActive(i);
                  }}
                  style={{ paddingLeft: 8 + o.depth * 16 }}
                  className={`flex cursor-pointer items-center gap-2 rounded py-1.5 pr-2 text-[13px] ${i === activeIndex ? 'bg-hover' : ''} ${on ? 'font-medium text-primary' : 'text-ink'}`}
                >
                  {multiple && (
                    <span
                      aria-hidden="true"
                      className={`flex h-3.5 w-3.5 shrink-0 items-center justify-center rounded-sm border text-[10px] leading-none ${on ? 'border-primary bg-primary text-on-primary' : 'border-line-strong'}`}
                    >
                      {on ? '✓' : ''}
                    </span>
                  )}
                  <span className="truncate">{o.label}</span>
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
