import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../engine/dict';
import { numberRangeSide, type SearchField } from '../../engine/eps-search';
import { inputClass, invalidInputClass } from '../../widgets/ui-classes';
import { SelectInput } from '../../widgets/select-input';

// Pickers load when a search form first has such a field: a list without date or relation searches draws without them.
const DateInput = lazy(() => import('../../widgets/date-input').then((m) => ({ default: m.DateInput })));
const RelationPicker = lazy(() => import('../../widgets/relation-picker').then((m) => ({ default: m.RelationPicker })));
/** Holds the picker's place (same height as an input) while its code loads. */
const Loading = () => <div className={inputClass} aria-hidden="true" />;

type InputProps = { field: SearchField; value: unknown; onChange: (value: unknown) => void };

function ChoiceInput({ field, value, onChange }: InputProps) {
  const { t } = useTranslation('entity');
  const dict = useDict(field.field.dict);
  const enumValues = field.field.enum?.filter((v) => v !== null);
  const choices = dict.length
    ? dict
        .filter((d) => !enumValues || enumValues.some((v) => String(v) === String(d.value)))
        .map((d) => ({ value: String(d.value), label: d.name }))
    : field.input === 'bool'
      ? [
          { value: '1', label: t('bool.yes') },
          { value: '0', label: t('bool.no') },
        ]
      : (enumValues ?? []).map((v) => ({ value: String(v), label: String(v) }));
  return (
    <SelectInput
      id={`search-${field.name}`}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    >
      <option value="">{t('search.all')}</option>
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </SelectInput>
  );
}

function DateRangeInput({ field, value, onChange }: InputProps) {
  const { t } = useTranslation('entity');
  const [from = '', to = ''] = Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v.slice(0, 10) : ''))
    : [];
  const set = (a: string, b: string) => onChange(a || b ? [a, b] : undefined);
  const cls = `${inputClass} min-w-0 px-1.5`;
  return (
    <div className="flex min-w-0 items-center gap-1">
      <DateInput
        id={`search-${field.name}`}
        className={cls}
        value={from || undefined}
        max={to || undefined}
        ariaLabel={`${field.label} ${t('search.from')}`}
        onChange={(v) => set(v ?? '', to)}
      />
      <span className="text-faint">–</span>
      <DateInput
        className={cls}
        value={to || undefined}
        min={from || undefined}
        ariaLabel={`${field.label} ${t('search.to')}`}
        onChange={(v) => set(from, v ?? '')}
      />
    </div>
  );
}

/**
 * From–to numbers (money typed in yuan; the search panel sends cents). A side that is no number of the field's kind
 * is marked invalid, and the panel does not search until it is mended (it used to be dropped, and every row shown).
 */
function NumberRangeInput({ field, value, onChange }: InputProps) {
  const { t } = useTranslation('entity');
  const shown = (v: unknown) =>
    v === undefined || v === null || v === ''
      ? ''
      : field.field.money && typeof v === 'number'
        ? String(v / 100)
        : String(v);
  const [from, to] = Array.isArray(value) ? [shown(value[0]), shown(value[1])] : ['', ''];
  const set = (a: string, b: string) => onChange(a || b ? [a, b] : undefined);
  const cls = `${inputClass} min-w-0 px-1.5`;
  const mode = field.field.storage === 'integer' && !field.field.money ? 'numeric' : 'decimal';
  const bad = (text: string) => numberRangeSide(field.field, text) === undefined;
  return (
    <div className="flex min-w-0 items-center gap-1">
      <input
        id={`search-${field.name}`}
        className={`${cls} ${bad(from) ? invalidInputClass : ''}`}
        inputMode={mode}
        value={from}
        maxLength={20}
        data-number-range=""
        aria-label={`${field.label} ${t('search.from')}`}
        aria-invalid={bad(from)}
        onChange={(e) => set(e.target.value, to)}
      />
      <span className="text-faint">–</span>
      <input
        className={`${cls} ${bad(to) ? invalidInputClass : ''}`}
        inputMode={mode}
        value={to}
        maxLength={20}
        data-number-range=""
        aria-label={`${field.label} ${t('search.to')}`}
        aria-invalid={bad(to)}
        onChange={(e) => set(from, e.target.value)}
      />
    </div>
  );
}

/** One input of the advanced search form, chosen by the search field's kind (SPEC §7 search filters). */
export function SearchInput({ field, value, onChange }: InputProps) {
  switch (field.input) {
    case 'select':
    case 'bool':
      return <ChoiceInput field={field} value={value} onChange={onChange} />;
    case 'date-range':
      return (
        <Suspense fallback={<Loading />}>
          <DateRangeInput field={field} value={value} onChange={onChange} />
        </Suspense>
      );
    case 'number-range':
      return <NumberRangeInput field={field} value={value} onChange={onChange} />;
    case 'relation':
      return field.field.ref ? (
        <Suspense fallback={<Loading />}>
          <RelationPicker
            id={`search-${field.name}`}
            refTo={field.field.ref}
            value={value as number | undefined}
            onChange={(v) => onChange(v)}
          />
        </Suspense>
      ) : null;
    default:
      return (
        <input
          id={`search-${field.name}`}
          className={inputClass}
          inputMode={field.input === 'number' ? 'numeric' : undefined}
          value={value === undefined || value === null ? '' : String(value)}
          maxLength={200}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      );
  }
}
