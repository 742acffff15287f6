/**
 * Spec groups and SKUs as every screen reads them (the one shape of schemas/README.md, "Specs and SKUs"):
 * specs `[{name, values}]`, SKUs `[{specs: {name: value}, price (cents), stock, code?, image?}]`.
 */
export type SpecGroup = { name: string; values: string[] };
export type Sku = { specs: Record<string, string>; price?: unknown; stock?: unknown; code?: string; image?: string };

const isRow = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The spec groups of a value, leaving out what is not one. */
export function groupsOf(value: unknown): SpecGroup[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRow).map((g) => ({
    name: typeof g.name === 'string' ? g.name : '',
    values: Array.isArray(g.values) ? g.values.filter((v): v is string => typeof v === 'string') : [],
  }));
}

/** The SKUs of a value, leaving out what is not one. */
export function skusOf(value: unknown): Sku[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRow).map((s) => ({ ...s, specs: isRow(s.specs) ? (s.specs as Record<string, string>) : {} }));
}

/** Every combination of one value per group, in group order (the first group varies slowest). */
export function combinations(groups: SpecGroup[]): Record<string, string>[] {
  const named = groups.filter((g) => g.name !== '' && g.values.length > 0);
  if (named.length === 0) return [];
  let out: Record<string, string>[] = [{}];
  for (const g of named) out = out.flatMap((c) => g.values.map((v) => ({ ...c, [g.name]: v })));
  return out;
}

/** A combination's key, independent of key order. */
export function comboKey(groups: SpecGroup[], specs: Record<string, string>): string {
  return JSON.stringify(groups.map((g) => specs[g.name] ?? null));
}

/** A SKU as people name it: its values in group order ("红色/大"), as the server's messages do. */
export function skuName(groups: SpecGroup[], specs: Record<string, string>, index: number): string {
  const values = groups.map((g) => specs[g.name]).filter((v) => typeof v === 'string' && v !== '');
  const own = values.length ? values : Object.values(specs).filter((v) => typeof v === 'string' && v !== '');
  return own.length ? own.join('/') : `#${index + 1}`;
}

/** The lowest and highest price (cents) and the total stock of SKUs; undefined without priced SKUs. */
export function skuSummary(value: unknown): { min: number; max: number; stock: number } | undefined {
  const skus = skusOf(value);
  const prices = skus.map((s) => s.price).filter((p): p is number => typeof p === 'number' && Number.isFinite(p));
  if (prices.length === 0) return undefined;
  const stock = skus.reduce((n, s) => n + (typeof s.stock === 'number' && Number.isFinite(s.stock) ? s.stock : 0), 0);
  return { min: Math.min(...prices), max: Math.max(...prices), stock };
}
