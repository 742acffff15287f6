import type { Field } from '../registry/entity-types.js';
import { type Choice, convertValue, sameStorage } from './evolve-convert.js';
import type { Sample } from './evolve-plan.js';

/**
 * The rows whose value, as the evolved field will hold it, another row (the one named in `reason`) holds already: a
 * unique index cannot be made over them. A retyped value is taken as converted by the choice (one that does not
 * convert is emptied, and empty values never clash).
 */
export function duplicateRows(
  values: { id: number; v: unknown }[],
  from: Field,
  to: Field,
  choice: Choice | undefined,
): Sample[] {
  const first = new Map<string, number>();
  const repeated: Sample[] = [];
  const same = sameStorage(from, to);
  for (const r of values) {
    const c = same ? { ok: true as const, value: r.v } : convertValue(r.v, from, to, choice);
    const value = c.ok ? c.value : (c.value ?? null);
    if (value === null || value === undefined) continue;
    const key = JSON.stringify(value);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, r.id);
    else repeated.push({ id: r.id, value: r.v, reason: `same as #${earlier}` });
  }
  return repeated;
}
