import type { FieldKind, ProposalField } from './proposal-types.js';
import { RESERVED_NAMES, SQL_KEYWORDS, toFieldName } from './names.js';
import { labelOf } from './glossary.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const IMAGE = /^(https?:\/\/|\/).*\.(png|jpe?g|gif|webp|svg)(\?.*)?$/i;
/** Names whose digits are an identifier, not a quantity: kept as text (a leading zero, an 11-digit mobile). */
const CODE_NAME = /(phone|mobile|tel|fax|zip|postcode|postal|idcard|code|account|card|no)$/i;
const MONEY_NAME = /(price|amount|credit|money|cost|fee|total|salary|balance|payment)$/i;
const MONEY_LABEL = /价|金额|费|款|薪|余额|成本/;
/** Digits that are an identifier whatever the name: a leading zero (zip 010020), or 11 digits and more (mobiles, ids). */
const ID_DIGITS = /^(0\d+|\d{11,})$/;

/** The field kind a sample value suggests; the name (and the original header, e.g. 价格) refine it. */
export function kindOfValue(name: string, value: unknown, header = name): FieldKind {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') {
    if (CODE_NAME.test(name) || (Number.isInteger(value) && ID_DIGITS.test(String(Math.abs(value))))) return 'string';
    const cents = Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
    if ((MONEY_NAME.test(name) || MONEY_LABEL.test(header)) && cents && value >= 0) return 'money';
    return Number.isInteger(value) ? 'integer' : 'number';
  }
  if (value !== null && typeof value === 'object') return 'json';
  if (typeof value === 'string') {
    if (DATE.test(value)) return 'date';
    if (DATETIME.test(value)) return 'datetime';
    if (IMAGE.test(value) || /(logo|image|img|avatar|photo|picture)$/i.test(name)) return 'image';
    if (value.length > 255 || /<\/?[a-z][^>]*>/i.test(value)) return value.includes('<') ? 'richtext' : 'text';
    return 'string';
  }
  return 'string';
}

const RANK: FieldKind[] = [
  'boolean',
  'integer',
  'money',
  'number',
  'date',
  'datetime',
  'image',
  'string',
  'text',
  'richtext',
];

/** The kind a column needs for all its values: numbers stay numbers (money when every value is), else the widest. */
function columnKind(kinds: FieldKind[]): FieldKind {
  if (kinds.length === 0) return 'string';
  if (kinds.includes('json')) return kinds.every((k) => k === 'json') ? 'json' : 'text';
  if (kinds.every((k) => ['integer', 'money', 'number'].includes(k)))
    return kinds.includes('number') ? 'number' : kinds.includes('money') ? 'money' : 'integer';
  return kinds.reduce((a, b) => (RANK.indexOf(b) > RANK.indexOf(a) ? b : a));
}

export type Column = { header: string; values: unknown[] };

/** A name the proposal accepts: SQL keywords and reserved names get a suffix, duplicates a number. */
function usableName(raw: string, index: number, taken: Set<string>): string {
  let name = toFieldName(raw) ?? `field${index + 1}`;
  if (name.length > 60) name = name.slice(0, 60);
  if (SQL_KEYWORDS.has(name.toLowerCase()) || RESERVED_NAMES.has(name)) name = `${name}Value`;
  let unique = name;
  for (let n = 2; taken.has(unique); n++) unique = `${name}${n}`;
  taken.add(unique);
  return unique;
}

/** The field names a sample's headers or keys become, in order (as fieldsFromColumns names them). */
export function columnNames(headers: string[]): string[] {
  const taken = new Set<string>();
  return headers.map((h, i) => usableName(h, i, taken));
}

/**
 * Fields from columns of sample values (a CSV's columns, or the keys of JSON records): each column's kind is the one
 * all its values need; identifiers made of digits stay text; price-like numbers are money; a text column of a few
 * repeated values becomes a dictionary the proposal carries; a column with an empty value is optional. Chinese
 * headers get ASCII names (a known term or pinyin) and keep their text as the label.
 */
export function fieldsFromColumns(columns: Column[]): ProposalField[] {
  const names = columnNames(columns.map((c) => c.header));
  return columns.map((column, i) => {
    const name = names[i];
    const present = column.values.filter((v) => v !== null && v !== undefined && v !== '');
    // A column with no value at all is judged by its name (an empty "logo" is an image).
    const type = present.length
      ? columnKind(present.map((v) => kindOfValue(name, v, column.header)))
      : kindOfValue(name, column.values.includes('') ? '' : null, column.header);
    const field: ProposalField = {
      name,
      label: labelOf(column.header, name),
      type,
      required: column.values.length > 0 && present.length === column.values.length,
    };
    if (type === 'string') {
      const longest = Math.max(0, ...present.map((v) => String(v).length));
      field.length = Math.max(50, Math.min(255, 2 ** Math.ceil(Math.log2(longest * 2 + 1))));
      const distinct = [...new Set(present.map(String))];
      // A few values, each repeated: a dictionary (its entries carried by the proposal, created by the apply).
      if (
        present.length >= 4 &&
        distinct.length <= Math.min(8, present.length / 2) &&
        distinct.every((d) => d.length <= 20)
      ) {
        field.dict = name;
        field.dictEntries = distinct.map((value) => ({ value, name: value }));
      }
    }
    return field;
  });
}
