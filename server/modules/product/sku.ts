import { badRequest, type FieldIssue } from '../../core/errors.js';
import type { Row } from '../../core/db/row.js';

type SpecGroup = { name: string; values: string[] };
type Sku = { specs: Record<string, string>; price: number; stock: number; code?: string };

/**
 * What the JSON Schema of specInfo / skuInfo cannot say: group names are unique, and every SKU names exactly one
 * value of every group (no other keys), no two SKUs are the same combination, and SKU codes are unique.
 * Shapes are checked by the schema before this runs. Returns the problems, each naming its field.
 */
export function skuProblems(specInfo: unknown, skuInfo: unknown): FieldIssue[] {
  const groups = Array.isArray(specInfo) ? (specInfo as SpecGroup[]) : [];
  const skus = Array.isArray(skuInfo) ? (skuInfo as Sku[]) : [];
  const issues: FieldIssue[] = [];
  const seenGroups = new Set<string>();
  groups.forEach((g, i) => {
    if (seenGroups.has(g.name))
      issues.push({ path: `specInfo.${i}.name`, message: `repeats the spec group "${g.name}"` });
    seenGroups.add(g.name);
  });
  if (skus.length > 0 && groups.length === 0)
    issues.push({ path: 'skuInfo', message: 'needs the spec groups in specInfo that its SKUs combine' });
  const byName = new Map(groups.map((g) => [g.name, new Set(g.values)]));
  const combos = new Map<string, number>();
  const codes = new Map<string, number>();
  skus.forEach((sku, i) => {
    const at = `skuInfo.${i}`;
    const specs = sku.specs ?? {};
    for (const key of Object.keys(specs)) {
      const values = byName.get(key);
      if (!values)
        issues.push({
          path: `${at}.specs.${key}`,
          message: `names no spec group of specInfo (groups: ${[...byName.keys()].join(', ') || 'none'})`,
        });
      else if (!values.has(specs[key]))
        issues.push({ path: `${at}.specs.${key}`, message: `"${specs[key]}" is not a value of spec group "${key}"` });
    }
    for (const name of byName.keys())
      if (!(name in specs))
        issues.push({
          path: `${at}.specs.${name}`,
          message: 'is required (a SKU names one value of every spec group)',
        });
    const combo = JSON.stringify(groups.map((g) => specs[g.name] ?? null));
    if (combos.has(combo))
      issues.push({ path: `${at}.specs`, message: `repeats the combination of skuInfo.${combos.get(combo)}` });
    else combos.set(combo, i);
    if (typeof sku.code === 'string' && sku.code !== '') {
      if (codes.has(sku.code))
        issues.push({ path: `${at}.code`, message: `repeats the code of skuInfo.${codes.get(sku.code)}` });
      else codes.set(sku.code, i);
    }
  });
  return issues;
}

/** Throws 400 naming the first field when the spec groups and the SKU matrix of a product do not fit together. */
export function checkSkus(row: Row): void {
  const issues = skuProblems(row.specInfo, row.skuInfo);
  if (issues.length) throw badRequest(`${issues[0].path}: ${issues[0].message}`, issues);
}
