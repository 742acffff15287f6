import type { ProposalField } from './proposal-types.js';
import { ProposalError } from './proposal-types.js';
import { fieldsFromColumns } from './infer-fields.js';

export { kindOfValue } from './infer-fields.js';

const SYSTEM = ['id', 'createTime', 'updateTime', 'tenantId'];
/** At most this many records of a pasted list are read. */
const MAX_RECORDS = 500;

/**
 * Fields from a pasted sample: one JSON record ({"name": "Acme", "phone": "…", "credit": 1200}) or a list of records,
 * whose values together decide each field's kind (see fieldsFromColumns); system fields are skipped.
 */
export function fieldsFromSample(text: string): ProposalField[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new ProposalError([{ path: 'sample', message: `is not valid JSON (${(e as Error).message})` }]);
  }
  const records = (Array.isArray(parsed) ? parsed : [parsed]).slice(0, MAX_RECORDS);
  if (records.length === 0 || records.some((r) => r === null || typeof r !== 'object' || Array.isArray(r)))
    throw new ProposalError([{ path: 'sample', message: 'must be one JSON object (a record) or a list of them' }]);
  const keys: string[] = [];
  for (const record of records as Record<string, unknown>[])
    for (const key of Object.keys(record)) if (!SYSTEM.includes(key) && !keys.includes(key)) keys.push(key);
  const fields = fieldsFromColumns(
    keys.map((header) => ({ header, values: (records as Record<string, unknown>[]).map((r) => r[header] ?? null) })),
  );
  // A key ending in Id holding whole numbers is a reference to be bound by the reviewer, not a quantity.
  return fields.map((f, i) =>
    /Id$/.test(f.name) &&
    (records as Record<string, unknown>[]).every((r) => r[keys[i]] == null || Number.isInteger(r[keys[i]]))
      ? { ...f, type: 'integer' }
      : f,
  );
}
