import type { FieldKind, ProposalField } from './proposal-types.js';
import { ProposalError } from './proposal-types.js';
import { toFieldName } from './names.js';
import { kindOfValue } from './from-sample.js';

/** Splits CSV text (RFC 4180: quoted cells, doubled quotes, commas and newlines inside quotes) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',' || c === '\t') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      cell = '';
      if (row.some((x) => x !== '')) rows.push(row);
      row = [];
    } else cell += c;
  }
  row.push(cell);
  if (row.some((x) => x !== '')) rows.push(row);
  return rows;
}

/** A cell's value as JSON would carry it, so the sample rules apply to CSV too. */
export function cellValue(cell: string): unknown {
  const t = cell.trim();
  if (t === '') return null;
  if (/^(true|false)$/i.test(t)) return t.toLowerCase() === 'true';
  if (/^-?\d+(\.\d+)?$/.test(t) && t.length < 16) return Number(t);
  return t;
}

const rank: FieldKind[] = [
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

/** Fields from a CSV header and a few rows: each column's kind is the widest its cells need; empty cells make it optional. */
export function fieldsFromCsv(text: string): ProposalField[] {
  const rows = parseCsv(text);
  if (rows.length === 0)
    throw new ProposalError([{ path: 'csv', message: 'is empty: give a header row and a few rows' }]);
  const [header, ...data] = rows;
  return header.map((h, col) => {
    const name = toFieldName(h) ?? h;
    const values = data.map((r) => cellValue(r[col] ?? ''));
    const kinds = values.filter((v) => v !== null).map((v) => kindOfValue(name, v));
    let type: FieldKind = kinds.length ? kinds.reduce((a, b) => (rank.indexOf(b) > rank.indexOf(a) ? b : a)) : 'string';
    if (kinds.includes('number') && kinds.every((k) => ['integer', 'money', 'number'].includes(k))) type = 'number';
    const longest = Math.max(0, ...values.map((v) => String(v ?? '').length));
    const field: ProposalField = {
      name,
      label: h.trim() || name,
      type,
      required: data.length > 0 && values.every((v) => v !== null),
    };
    if (type === 'string') field.length = Math.max(50, Math.min(255, 2 ** Math.ceil(Math.log2(longest * 2 + 1))));
    return field;
  });
}
