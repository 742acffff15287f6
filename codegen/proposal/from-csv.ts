import type { ProposalField } from './proposal-types.js';
import { ProposalError } from './proposal-types.js';
import { fieldsFromColumns } from './infer-fields.js';

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

/**
 * A cell's value as JSON would carry it, so the sample rules apply to CSV too. Digits that are an identifier (a
 * leading zero, 16 digits and more) stay text: 010020 is a zip code, not 10020.
 */
export function cellValue(cell: string): unknown {
  const t = cell.trim();
  if (t === '') return null;
  if (/^(true|false)$/i.test(t)) return t.toLowerCase() === 'true';
  if (/^-?\d+(\.\d+)?$/.test(t) && t.length < 16 && !/^-?0\d/.test(t)) return Number(t);
  return t;
}

/**
 * Fields from a CSV header and rows (comma or tab): each column's kind is the one all its cells need, empty cells make
 * it optional (fieldsFromColumns); Chinese headers (名称,价格,库存) get ASCII names and keep their text as the label.
 */
export function fieldsFromCsv(text: string): ProposalField[] {
  const rows = parseCsv(text);
  if (rows.length === 0)
    throw new ProposalError([{ path: 'csv', message: 'is empty: give a header row and a few rows' }]);
  const [header, ...data] = rows;
  return fieldsFromColumns(header.map((h, col) => ({ header: h, values: data.map((r) => cellValue(r[col] ?? '')) })));
}
