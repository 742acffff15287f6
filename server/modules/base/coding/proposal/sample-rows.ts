import type { ProposalField } from './proposal-types.js';
import { cellValue, parseCsv } from './from-csv.js';
import { columnNames } from './infer-fields.js';

const SYSTEM = ['id', 'createTime', 'updateTime', 'tenantId'];

/** At most this many sample rows are kept for a preview. */
const MAX_ROWS = 20;

/**
 * The records a pasted sample (a JSON record or list of records, or CSV rows) holds, keyed by the proposal's field
 * names and shaped as the list shows them (money in cents, ids numbered from 1), for the AI-code page's preview.
 * Keys that became no field are dropped; a sample that does not parse gives no rows (the draft reports why).
 */
export function sampleRows(from: 'json' | 'csv', text: string, fields: ProposalField[]): Record<string, unknown>[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  let records: Record<string, unknown>[] = [];
  if (from === 'json') {
    try {
      const parsed: unknown = JSON.parse(text);
      records = (Array.isArray(parsed) ? parsed : [parsed]).filter(
        (r): r is Record<string, unknown> => typeof r === 'object' && r !== null && !Array.isArray(r),
      );
    } catch {
      return [];
    }
  } else {
    const [header, ...data] = parseCsv(text);
    if (!header) return [];
    records = data.map((cells) => Object.fromEntries(header.map((h, i) => [h, cellValue(cells[i] ?? '')])));
  }
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))].filter((k) => !SYSTEM.includes(k));
  const named = columnNames(keys);
  const names = new Map(keys.map((k, i) => [k, named[i]]));
  return records.slice(0, MAX_ROWS).map((record, i) => {
    const row: Record<string, unknown> = { id: i + 1 };
    for (const [key, value] of Object.entries(record)) {
      const field = byName.get(names.get(key) ?? key);
      if (!field || value === undefined) continue;
      row[field.name] =
        field.type === 'money' && typeof value === 'number'
          ? Math.round(value * 100)
          : ['string', 'text'].includes(field.type) && value !== null && typeof value !== 'string'
            ? String(value)
            : value;
    }
    return row;
  });
}
