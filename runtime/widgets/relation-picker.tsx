import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EpsField } from '../engine/eps';
import { useRelationOptions, type RelationOption } from './relation-options';
import { inputClass, invalidInputClass } from './ui-classes';
import { useDismiss } from '../shell/use-dismiss';

type Value = number | string;

export type RelationPickerProps = {
  id?: string;
  refTo: NonNullable<EpsField['ref']>;
  value: Value | Value[] | null | undefined;
  multiple?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  placeholder?: string;
  /** Names known for ids the choices may not hold (the record's joined names: a super admin no list shows). */
  knownNames?: Map<string, string>;
  onChange: (value: Value | Value[] | undefined) => void;
};

const same = (a: unknown, b: unknown) => String(a) === String(b);

/**
 * A searchable picker over the related entity's rows (label column, id value). Marked with data-jy-popover while
 * open so a surrounding dialog lets Escape close the picker first.
 */
export function RelationPicker({ id, refTo, value, multiple, disabled, invalid, placeholder, knownNames, onChange }: RelationPickerProps) {
  const { t } = useTranslation('entity');
  const { options, isLoading, unavailable } = useRelationOptions(refTo);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const selected: Value[] = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];

  // Escape is handled by the picker itself (a surrounding dialog must not close first).
  useDismiss(box, open, () => setOpen(false), { escape: false });

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => o.label.toLowerCase().includes(q) || String(o.value) === q) : options;
  }, [options, query]);

  if (unavailable) {
    // The user may not list the related entity: take its id directly.
    return (
      <input id={id} className={`${inputClass} ${invalid ? invalidInputClass : ''}`} inputMode="numeric" disabled={disabled}
        value={selected.join(',')} placeholder={t('form.relationId')}
        onChange={(e) => {
          const ids = e.target.value.split(',').map((s) => s.trim()).filter(Boolean).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
          onChange(multiple ? ids : ids[0]);
        }} />
    );
  }

  const labelOf = (v: Value) => options.find((o) => same(o.value, v))?.label ?? knownNames?.get(String(v)) ?? `#${String(v)}`;
  const pick = (o: RelationOption) => {
    if (!multiple) {
      onChange(o.value);
      setOpen(false);
      return;
    }
    const has = selected.some((v) => same(v, o.value));
    const next = has ? selected.filter((v) => !same(v, o.value)) : [...selected, o.value];
    onChange(next.length ? next : undefined);
  };

  return (
    <div ref={box} className="relative" data-jy-popover={open ? 'open' : undefined}>
      <button
        id={id}
        type="button"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => { if (e.key === 'Escape' && open) { e.stopPropagation(); setOpen(false); } }}
        className={`${inputClass} ${invalid ? invalidInputClass : ''} flex min-h-8 items-center gap-1 text-left ${multiple ? 'h-auto py-1' : ''}`}
      >
        <span className="flex min-w-0 flex-1 flex-wrap gap-1">
          {selected.length === 0 && <span className="text-faint">{placeholder || t('form.choose')}</span>}
          {!multiple && selected.length > 0 && <span className="truncate">{labelOf(selected[0])}</span>}
          {multiple && selected.map((v) => (
            <span key={String(v)} className="rounded bg-primary-9 px-1.5 text-xs leading-5 text-primary">{labelOf(v)}</span>
          ))}
        </span>
        {!multiple && selected.length > 0 && !disabled && (
          <span role="button" tabIndex={-1} aria-label={t('action.clear')} className="px-1 text-faint hover:text-ink"
            onClick={(e) => { e.stopPropagation(); onChange(undefined); }}>✕</span>
        )}
        <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" className="shrink-0 text-faint">
          <path d="M2.5 4.5L6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open && (
        <div className="jy-pop-in absolute z-50 mt-1 w-full min-w-[200px] rounded-md border border-line bg-surface p-1 shadow-pop">
          <input
            autoFocus
            className={`${inputClass} mb-1`}
            value={query}
            placeholder={t('form.filter')}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') { e.stopPropagation(); setOpen(false); }
              if (e.key === 'Enter') { e.preventDefault(); if (shown[0]) pick(shown[0]); }
            }}
          />
          <ul role="listbox" aria-multiselectable={multiple} className="max-h-60 overflow-auto">
            {isLoading && <li className="px-2 py-1.5 text-[13px] text-muted">{t('state.loading')}</li>}
            {!isLoading && shown.length === 0 && <li className="px-2 py-1.5 text-[13px] text-muted">{t('state.noOptions')}</li>}
            {shown.map((o) => {
              const on = selected.some((v) => same(v, o.value));
              return (
                <li key={String(o.value)} role="option" aria-selected={on}
                  onClick={() => pick(o)}
                  style={{ paddingLeft: 8 + o.depth * 16 }}
                  className={`flex cursor-pointer items-center gap-2 rounded py-1.5 pr-2 text-[13px] hover:bg-hover ${on ? 'font-medium text-primary' : 'text-ink'}`}>
                  {multiple && <input type="checkbox" readOnly checked={on} className="accent-[var(--color-primary)]" tabIndex={-1} />}
                  <span className="truncate">{o.label}</span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
