import { E, fieldsError, type Issue, issue } from '../../core/errors.js';
import type { Row } from '../../core/db/row.js';

type SpecGroup = { name: string; values: string[] };
type Sku = { specs: Record<string, string>; price: number; stock: number; code?: string };

/**
 * What the JSON Schema of specInfo / skuInfo cannot say: group names are unique, and every SKU names exactly one
 * value of every group (no other keys), no two SKUs are the same combination, and SKU codes are unique.
 * Shapes are checked by the schema before this runs. Returns the problems, each naming its field.
 */
export function skuProblems(specInfo: unknown, skuInfo: unknown): Issue[] {
  const groups = Array.isArray(specInfo) ? (specInfo as SpecGroup[]) : [];
  const skus = Array.isArray(skuInfo) ? (skuInfo as Sku[]) : [];
  const issues: Issue[] = [];
  const seenGroups = new Set<string>();
  groups.forEach((g, i) => {
    if (seenGroups.has(g.name)) issues.push(issue(`specInfo.${i}.name`, E.SKU_GROUP_REPEATED, { name: g.name }));
    seenGroups.add(g.name);
  });
  if (skus.length > 0 && groups.length === 0) issues.push(issue('skuInfo', E.SKU_NEEDS_GROUPS));
  const byName = new Map(groups.map((g) => [g.name, new Set(g.values)]));
  const combos = new Map<string, number>();
  const codes = new Map<string, number>();
  skus.forEach((sku, i) => {
    const at = `skuInfo.${i}`;
    const specs = sku.specs ?? {};
    for (const key of Object.keys(specs)) {
      const values = byName.get(key);
      if (!values)
        issues.push(issue(`${at}.specs.${key}`, E.SKU_UNKNOWN_GROUP, { groups: [...byName.keys()].join(', ') || '-' }));
      else if (!values.has(specs[key]))
        issues.push(issue(`${at}.specs.${key}`, E.SKU_UNKNOWN_VALUE, { value: specs[key], group: key }));
    }
    for (const name of byName.keys())
      if (!(name in specs)) issues.push(issue(`${at}.specs.${name}`, E.SKU_VALUE_REQUIRED));
    const combo = JSON.stringify(groups.map((g) => specs[g.name] ?? null));
    if (combos.has(combo))
      issues.push(issue(`${at}.specs`, E.SKU_COMBO_REPEATED, { other: String(combos.get(combo)) }));
    else combos.set(combo, i);
    if (typeof sku.code === 'string' && sku.code !== '') {
      if (codes.has(sku.code))
        issues.push(issue(`${at}.code`, E.SKU_CODE_REPEATED, { other: String(codes.get(sku.code)) }));
      else codes.set(sku.code, i);
    }
  });
  return issues;
}

/** Throws 400 naming the first field when the spec groups and the SKU matrix of a product do not fit together. */
export function checkSkus(row: Row): void {
  const issues = skuProblems(row.specInfo, row.skuInfo);
  if (issues.length) throw fieldsError(E.VALIDATION_FAILED, issues);
}
