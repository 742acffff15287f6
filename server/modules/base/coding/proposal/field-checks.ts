import { DICT_COLORS, MAX_DICT_ENTRIES, type ProposalIssue } from './proposal-types.js';

/** Checks of single field properties that checkProposal runs: defaults, unique, a new dictionary's entries. */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Kinds a unique index can cover on every dialect (MySQL indexes no long text). */
export const UNIQUE_KINDS = ['string', 'integer', 'number', 'money', 'date', 'datetime'];

/** Why a default does not suit the field's kind, or undefined. */
export function defaultProblem(value: unknown, type: string, length: number | undefined): string | undefined {
  switch (type) {
    case 'integer':
    case 'money':
      return Number.isSafeInteger(value) ? undefined : 'must be a whole number (money in cents)';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? undefined : 'must be a date (YYYY-MM-DD)';
    case 'datetime':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)
        ? undefined
        : 'must be a date and time (YYYY-MM-DD HH:mm:ss)';
    case 'json':
      return 'JSON fields take no default';
    default:
      return typeof value === 'string' && value.length <= (length ?? 255)
        ? undefined
        : 'must be a text that fits the length';
  }
}

const labelText = (v: unknown) =>
  typeof v === 'string'
    ? v.trim()
    : isObject(v)
      ? (['zh-cn', 'zh-tw', 'en'].map((k) => (typeof v[k] === 'string' ? (v[k] as string).trim() : '')).find(Boolean) ??
        '')
      : '';

/** Problems of the entries a field carries for its dictionary, each with its path below `dictEntries`. */
export function dictEntriesIssues(entries: unknown, type: unknown, dict: unknown): ProposalIssue[] {
  const issues: ProposalIssue[] = [];
  if (dict === undefined) issues.push({ path: '', message: 'entries need a dictionary key (dict)' });
  // A new dictionary's key as the dictionary screen takes it (dict/type key).
  else if (typeof dict === 'string' && !/^[a-zA-Z][a-zA-Z0-9_]{0,59}$/.test(dict))
    issues.push({ path: '', message: "a new dictionary's key is a letter, then letters, digits and _" });
  if (!Array.isArray(entries) || entries.length === 0 || entries.length > MAX_DICT_ENTRIES)
    return [...issues, { path: '', message: `must be a list of 1 to ${MAX_DICT_ENTRIES} entries` }];
  const seen = new Set<string>();
  entries.forEach((e: unknown, j: number) => {
    if (!isObject(e)) {
      issues.push({ path: `.${j}`, message: 'must be { value, name, color? }' });
      return;
    }
    for (const key of Object.keys(e))
      if (!['value', 'name', 'color'].includes(key))
        issues.push({ path: `.${j}.${key}`, message: 'is not an entry property' });
    const ok =
      type === 'integer'
        ? Number.isSafeInteger(e.value)
        : typeof e.value === 'string' && e.value.length > 0 && e.value.length <= 100;
    if (!ok)
      issues.push({
        path: `.${j}.value`,
        message:
          type === 'integer'
            ? 'must be an integer (the field is an integer)'
            : 'must be a text of 1 to 100 characters (the field is a string)',
      });
    else if (seen.has(String(e.value)))
      issues.push({ path: `.${j}.value`, message: `${JSON.stringify(e.value)} is used twice` });
    else seen.add(String(e.value));
    const name = labelText(e.name);
    if (!name || name.length > 100)
      issues.push({ path: `.${j}.name`, message: 'must be a name of 1 to 100 characters' });
    if (e.color !== undefined && !DICT_COLORS.includes(e.color as never))
      issues.push({ path: `.${j}.color`, message: `must be one of ${DICT_COLORS.join(', ')}` });
  });
  return issues;
}
