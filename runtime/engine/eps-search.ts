import type { EpsEntry, EpsField } from './eps';
import { labelOf } from '../widgets/label-of';
import { yuanToCents } from '../widgets/money';

export type SearchInput = 'select' | 'relation' | 'bool' | 'number' | 'text' | 'date-range' | 'number-range';

/** One field of the advanced search form. */
export type SearchField = {
  name: string;
  label: string;
  mode: 'eq' | 'like' | 'range';
  input: SearchInput;
  field: EpsField;
};

export type SearchSpec = {
  /** The entity searches a keyword over some columns (PROTOCOL §5.1 keyWord). */
  keyword: boolean;
  /** Labels of the columns the keyword covers, for the box's placeholder. */
  keywordLabels: string[];
  fields: SearchField[];
};

function inputOf(field: EpsField, mode: SearchField['mode']): SearchInput {
  // Ranges by kind: from–to numbers (money in yuan) for numeric fields, dates for the others.
  if (mode === 'range')
    return field.storage === 'integer' || field.storage === 'number' ? 'number-range' : 'date-range';
  if (mode === 'like') return 'text';
  if (field.dict || field.enum) return 'select';
  if (field.ref) return 'relation';
  if (field.storage === 'boolean') return 'bool';
  if (field.storage === 'integer' || field.storage === 'number') return 'number';
  return 'text';
}

/** The search form of an entity: its keyword columns and one input per eq/in/like/range field. */
export function epsSearch(entry: EpsEntry, lang: string): SearchSpec {
  const hints = entry.joinery;
  if (!hints) return { keyword: false, keywordLabels: [], fields: [] };
  const keywordLabels = hints.fields.filter((f) => f.search.includes('keyword')).map((f) => labelOf(f.label, lang));
  for (const join of hints.joins) {
    if (!join.keyword) continue;
    const owner = hints.fields.find((f) => f.name === join.field);
    if (owner) keywordLabels.push(labelOf(owner.label, lang));
  }
  const fields: SearchField[] = [];
  for (const field of hints.fields) {
    const mode = field.search.includes('range')
      ? 'range'
      : field.search.includes('like')
        ? 'like'
        : field.search.some((m) => m === 'eq' || m === 'in')
          ? 'eq'
          : undefined;
    if (!mode) continue;
    fields.push({ name: field.name, label: labelOf(field.label, lang), mode, input: inputOf(field, mode), field });
  }
  return {
    keyword: keywordLabels.length > 0 || (entry.pageQueryOp?.keyWordLikeFields.length ?? 0) > 0,
    keywordLabels,
    fields,
  };
}

/**
 * A number range as the server compares it: whole numbers for integer fields, cents for money (typed in yuan); an
 * empty side is open; undefined when neither side is a number of the field's kind.
 */
export function numberRangeFilter(field: EpsField, from: string, to: string): [number | '', number | ''] | undefined {
  const a = numberRangeSide(field, from);
  const b = numberRangeSide(field, to);
  if (a === undefined || b === undefined || (a === '' && b === '')) return undefined;
  return [a, b];
}

/** One end of a number range as sent: a number (money in cents), '' when empty, undefined when it is no number. */
export function numberRangeSide(field: EpsField, text: string): number | '' | undefined {
  const t = text.trim();
  if (t === '') return '';
  if (field.money) return yuanToCents(t);
  const n = Number(t);
  if (!Number.isFinite(n) || (field.storage === 'integer' && !Number.isInteger(n))) return undefined;
  return n;
}

/** A date range as the server compares it: whole days, from 00:00:00 to 23:59:59 for datetime columns. */
export function rangeFilter(field: EpsField, from: string, to: string): [string, string] | undefined {
  if (!from && !to) return undefined;
  if (field.storage !== 'datetime') return [from, to];
  return [from ? `${from} 00:00:00` : '', to ? `${to} 23:59:59` : ''];
}
