import { useEffect, useState, type ReactNode } from 'react';
import { breakpointOf } from '../../engine/theme-colors';
import { useTranslation } from 'react-i18next';
import { numberRangeFilter, rangeFilter, type SearchSpec } from '../../engine/eps-search';
import type { ListState } from '../../engine/use-list-state';
import { buttonClass, inputClass } from '../../widgets/ui-classes';
import { SearchInput } from './search-fields';

type Props = {
  spec: SearchSpec;
  state: ListState;
  onSearch: (keyWord: string, filters: Record<string, unknown>) => void;
  onReset: () => void;
  /** Toolbar buttons shown on the left of the same row. */
  toolbar: ReactNode;
};

const SearchIcon = () => (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className="text-faint">
    <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    <path d="M10.5 10.5L14 14" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
  </svg>
);

/**
 * Keyword box plus the advanced search form generated from the schema's search fields. The inputs are a draft:
 * Search (or Enter in any input) applies them to the URL state; Reset clears both.
 */
export function SearchPanel({ spec, state, onSearch, onReset, toolbar }: Props) {
  const { t } = useTranslation('entity');
  const [keyWord, setKeyWord] = useState(state.keyWord);
  const [draft, setDraft] = useState<Record<string, unknown>>(state.filters);
  const active = Object.keys(state.filters).length;
  // A short form starts open on a wide screen; on a phone (xs) the list comes first, the form folded unless in use.
  const [open, setOpen] = useState(
    () => active > 0 || (spec.fields.length > 0 && spec.fields.length <= 4 && breakpointOf(window.innerWidth) !== 'xs'),
  );

  // The URL is the truth: back/forward or a reset elsewhere refills the inputs.
  useEffect(() => setKeyWord(state.keyWord), [state.keyWord]);
  useEffect(() => setDraft(state.filters), [state.filters]);

  const submit = (form?: HTMLFormElement | null) => {
    // A number range with a side that is no number: not searched (it would be left out and every row shown); the
    // marked input takes focus.
    const invalid = form?.querySelector<HTMLInputElement>('input[data-number-range][aria-invalid="true"]');
    if (invalid) {
      invalid.focus();
      return;
    }
    const filters: Record<string, unknown> = {};
    for (const f of spec.fields) {
      const v = draft[f.name];
      if (v === undefined || v === null || v === '') continue;
      if (f.input === 'number-range' && Array.isArray(v)) {
        const range = numberRangeFilter(f.field, String(v[0] ?? ''), String(v[1] ?? ''));
        if (range) filters[f.name] = range;
      } else if (f.mode === 'range' && Array.isArray(v)) {
        const range = rangeFilter(f.field, String(v[0] ?? '').slice(0, 10), String(v[1] ?? '').slice(0, 10));
        if (range) filters[f.name] = range;
      } else filters[f.name] = v;
    }
    onSearch(keyWord, filters);
  };
  const reset = () => {
    setKeyWord('');
    setDraft({});
    onReset();
  };
  const hasSearch = spec.keyword || spec.fields.length > 0;

  return (
    <search className="block border-b border-line">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit(e.currentTarget);
        }}
      >
        <div className="flex flex-wrap items-center gap-2 px-4 py-3">
          <div className="flex flex-wrap items-center gap-2">{toolbar}</div>
          {/* The search controls wrap as one group, kept to the right, never one button alone on a line. */}
          <div className="ml-auto flex max-w-full flex-wrap items-center justify-end gap-2">
            {spec.keyword && (
              <div className="relative flex w-64 max-w-full items-center">
                <span className="pointer-events-none absolute left-2.5" aria-hidden="true">
                  <SearchIcon />
                </span>
                <input
                  type="search"
                  // Named by what it searches (the placeholder alone vanishes once something is typed).
                  aria-label={
                    spec.keywordLabels.length
                      ? t('search.keywordOf', { fields: spec.keywordLabels.join(' / ') })
                      : t('search.keyword')
                  }
                  name="keyWord"
                  data-testid="keyword"
                  className={`${inputClass} pl-8`}
                  value={keyWord}
                  maxLength={200}
                  placeholder={
                    spec.keywordLabels.length
                      ? t('search.keywordOf', { fields: spec.keywordLabels.join(' / ') })
                      : t('search.keyword')
                  }
                  onChange={(e) => setKeyWord(e.target.value)}
                />
              </div>
            )}
            {hasSearch && (
              <button type="submit" className={buttonClass.primary}>
                {t('search.search')}
              </button>
            )}
            {hasSearch && (
              <button type="button" className={buttonClass.default} onClick={reset}>
                {t('search.reset')}
              </button>
            )}
            {spec.fields.length > 0 && (
              <button
                type="button"
                className={buttonClass.ghost}
                aria-expanded={open}
                onClick={() => setOpen((o) => !o)}
              >
                {t('search.advanced')}
                {active > 0 && (
                  <span className="rounded-full bg-primary px-1.5 text-[11px] leading-4 text-on-primary">{active}</span>
                )}
                <span aria-hidden="true" className={`text-[10px] transition-transform ${open ? 'rotate-180' : ''}`}>
                  ▾
                </span>
              </button>
            )}
          </div>
        </div>
        {open && spec.fields.length > 0 && (
          <div
            className="grid grid-cols-1 gap-x-5 gap-y-2.5 px-4 pb-3 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4"
            data-testid="advanced-search"
          >
            {spec.fields.map((f) => (
              <div
                key={f.name}
                className={`flex min-w-0 items-center gap-2 ${f.input.endsWith('-range') ? 'md:col-span-2' : ''}`}
              >
                <label
                  htmlFor={`search-${f.name}`}
                  className="w-[6.5rem] shrink-0 truncate text-right text-[13px] text-muted"
                  title={f.label}
                >
                  {f.label}
                </label>
                <div className="min-w-0 flex-1">
                  <SearchInput
                    field={f}
                    value={draft[f.name]}
                    onChange={(v) => setDraft((d) => ({ ...d, [f.name]: v }))}
                  />
                </div>
              </div>
            ))}
          </div>
        )}
      </form>
    </search>
  );
}
