import type { ProposalField } from './proposal-types.js';
import { ProposalError } from './proposal-types.js';
import { fieldsFromColumns } from './infer-fields.js';
import { parseCsv } from '../../../../core/crud/csv.js';

export { parseCsv };

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
