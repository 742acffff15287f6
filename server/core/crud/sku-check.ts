import { type AppError, appError, E, type FieldIssue, type Texts } from '../errors.js';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { SKU_INT_MAX } from '../registry/sku-shape.js';

/**
 * What the JSON Schema of spec groups and SKUs cannot say (server/core/registry/sku-shape.ts), for every entity that
 * declares them: group names are unique; each SKU names one value of every group and nothing else; no combination
 * twice; SKU codes unique; SKUs need groups; price (cents) and stock whole numbers from 0. Each refusal is a 400 whose
 * message names the SKU by its values ("SKU 红色/大: …") in the caller's language and whose details name the cell
 * (`skuInfo.1.price`). Details keep the English phrases the console maps to its own texts (runtime form-messages.ts).
 */

type Group = { name: string; values: string[] };
type Issue = FieldIssue & { texts: Texts };

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The SKU fields of an entity with the spec-group field each combines. */
export function skuFieldsOf(entity: Entity): { name: string; specs: string }[] {
  return entity.fields
    .filter((f) => typeof f.schema['x-skus'] === 'string')
    .map((f) => ({ name: f.name, specs: String(f.schema['x-skus']) }));
}

const groupsOf = (v: unknown): Group[] =>
  Array.isArray(v)
    ? v.filter((g): g is Group => isRow(g) && typeof g.name === 'string' && Array.isArray(g.values))
    : [];

/** A SKU as people name it: its values in group order ("红色/大"), or its place when it names none. */
export function skuName(groups: Group[], specs: unknown, index: number): string {
  const map = isRow(specs) ? specs : {};
  const values = groups.map((g) => map[g.name]).filter((v) => typeof v === 'string' && v !== '');
  const own = values.length ? values : Object.values(map).filter((v) => typeof v === 'string' && v !== '');
  return own.length ? own.join('/') : `#${index + 1}`;
}

const named = (sku: string, t: Texts): Texts => ({
  'zh-cn': `SKU ${sku}：${t['zh-cn']}`,
  'zh-tw': `SKU ${sku}：${t['zh-tw']}`,
  en: `SKU ${sku}: ${t.en}`,
});

const MAX_YUAN = `¥${(SKU_INT_MAX / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** A SKU's price and stock: whole cents / pieces from 0 (checked before the schema, so the refusal names the SKU). */
function cellIssues(groups: Group[], skus: unknown[], field: string): Issue[] {
  const out: Issue[] = [];
  skus.forEach((sku, i) => {
    if (!isRow(sku)) return;
    const name = skuName(groups, sku.specs, i);
    const price = sku.price;
    if (price === undefined || price === null || price === '')
      out.push({
        path: `${field}.${i}.price`,
        message: 'is required',
        texts: named(name, { 'zh-cn': '请填写价格', 'zh-tw': '請填寫價格', en: 'price is required' }),
      });
    else if (typeof price !== 'number' || !Number.isInteger(price) || price < 0 || price > SKU_INT_MAX)
      out.push({
        path: `${field}.${i}.price`,
        message: 'must be an amount from 0 with at most 2 decimals',
        texts: named(name, {
          'zh-cn': `价格须是 0 到 ${MAX_YUAN} 之间、至多两位小数的金额`,
          'zh-tw': `價格須是 0 到 ${MAX_YUAN} 之間、至多兩位小數的金額`,
          en: `price must be an amount from ¥0.00 to ${MAX_YUAN} with at most 2 decimals`,
        }),
      });
    const stock = sku.stock;
    if (stock === undefined || stock === null || stock === '')
      out.push({
        path: `${field}.${i}.stock`,
        message: 'is required',
        texts: named(name, { 'zh-cn': '请填写库存', 'zh-tw': '請填寫庫存', en: 'stock is required' }),
      });
    else if (typeof stock !== 'number' || !Number.isInteger(stock) || stock < 0 || stock > SKU_INT_MAX)
      out.push({
        path: `${field}.${i}.stock`,
        message: 'must be a whole number from 0',
        texts: named(name, {
          'zh-cn': '库存须是不小于 0 的整数',
          'zh-tw': '庫存須是不小於 0 的整數',
          en: 'stock must be a whole number from 0',
        }),
      });
  });
  return out;
}

/** How the SKUs fit their groups: every group once, known values, no combination or code twice. */
export function fitIssues(groupsValue: unknown, skusValue: unknown, specsField: string, field: string): Issue[] {
  const groups = groupsOf(groupsValue);
  const skus = Array.isArray(skusValue) ? skusValue.filter(isRow) : [];
  const out: Issue[] = [];
  const seenGroups = new Set<string>();
  groups.forEach((g, i) => {
    if (seenGroups.has(g.name))
      out.push({
        path: `${specsField}.${i}.name`,
        message: `repeats the spec "${g.name}"`,
        texts: {
          'zh-cn': `规格「${g.name}」重复了`,
          'zh-tw': `規格「${g.name}」重複了`,
          en: `the spec "${g.name}" is there twice`,
        },
      });
    seenGroups.add(g.name);
  });
  if (skus.length > 0 && groups.length === 0)
    out.push({
      path: field,
      message: `needs the specs in ${specsField} that its SKUs combine`,
      texts: {
        'zh-cn': 'SKU 需要先有规格（规格名和规格值）',
        'zh-tw': 'SKU 需要先有規格（規格名和規格值）',
        en: 'SKUs need specs (names and values) first',
      },
    });
  const byName = new Map(groups.map((g) => [g.name, new Set(g.values)]));
  const combos = new Map<string, number>();
  const codes = new Map<string, number>();
  skus.forEach((sku, i) => {
    const at = `${field}.${i}`;
    const name = skuName(groups, sku.specs, i);
    const specs = isRow(sku.specs) ? sku.specs : {};
    for (const key of Object.keys(specs)) {
      const values = byName.get(key);
      if (!values)
        out.push({
          path: `${at}.specs.${key}`,
          message: `names no spec of ${specsField} (specs: ${[...byName.keys()].join(', ') || 'none'})`,
          texts: named(name, {
            'zh-cn': `没有名为「${key}」的规格`,
            'zh-tw': `沒有名為「${key}」的規格`,
            en: `there is no spec called "${key}"`,
          }),
        });
      else if (!values.has(String(specs[key])))
        out.push({
          path: `${at}.specs.${key}`,
          message: `"${String(specs[key])}" is not a value of the spec "${key}"`,
          texts: named(name, {
            'zh-cn': `「${String(specs[key])}」不是规格「${key}」的值`,
            'zh-tw': `「${String(specs[key])}」不是規格「${key}」的值`,
            en: `"${String(specs[key])}" is not a value of the spec "${key}"`,
          }),
        });
    }
    for (const group of byName.keys())
      if (!(group in specs))
        out.push({
          path: `${at}.specs.${group}`,
          message: 'is required (a SKU names one value of every spec)',
          texts: named(name, {
            'zh-cn': `缺少规格「${group}」的值`,
            'zh-tw': `缺少規格「${group}」的值`,
            en: `it names no value of the spec "${group}"`,
          }),
        });
    const combo = JSON.stringify(groups.map((g) => specs[g.name] ?? null));
    const before = combos.get(combo);
    if (before !== undefined)
      out.push({
        path: `${at}.specs`,
        message: `repeats the combination of ${field}.${before}`,
        texts: named(name, {
          'zh-cn': `与第 ${before + 1} 个 SKU 的规格组合相同`,
          'zh-tw': `與第 ${before + 1} 個 SKU 的規格組合相同`,
          en: `the same combination as SKU ${before + 1}`,
        }),
      });
    else combos.set(combo, i);
    if (typeof sku.code === 'string' && sku.code !== '') {
      const first = codes.get(sku.code);
      if (first !== undefined)
        out.push({
          path: `${at}.code`,
          message: `repeats the code of SKU ${skuName(groups, skus[first].specs, first)}`,
          texts: named(name, {
            'zh-cn': `编码「${sku.code}」与 SKU ${skuName(groups, skus[first].specs, first)} 重复`,
            'zh-tw': `編碼「${sku.code}」與 SKU ${skuName(groups, skus[first].specs, first)} 重複`,
            en: `the code "${sku.code}" is already used by SKU ${skuName(groups, skus[first].specs, first)}`,
          }),
        });
      else codes.set(sku.code, i);
    }
  });
  return out;
}

/** The refusal of SKU cells: the first one's sentence, every cell in the details, in the caller's language. */
export function skuRefusal(issues: Issue[]): AppError {
  return appError(
    E.SKU_CELL,
    { reason: issues[0].texts },
    issues.map(({ path, texts }) => ({ path, message: texts })),
  );
}

function refuse(issues: Issue[]): void {
  if (issues.length) throw skuRefusal(issues);
}

/** Before the schema: the price and stock cells of every SKU field the body carries, named. */
export function checkSkuCells(entity: Entity, row: Row, pathPrefix = ''): void {
  const issues: Issue[] = [];
  for (const { name, specs } of skuFieldsOf(entity)) {
    const skus = row[name];
    if (!Array.isArray(skus)) continue;
    issues.push(...cellIssues(groupsOf(row[specs]), skus, name));
  }
  refuse(issues.map((i) => ({ ...i, path: pathPrefix + i.path })));
}

/**
 * After the schema, inside the write: the SKU fields against their groups, each side taken from the write when it
 * carries it, else from the stored record (`stored`, decoded).
 */
export function checkSkuFit(entity: Entity, row: Row, stored?: Row): void {
  const issues: Issue[] = [];
  for (const { name, specs } of skuFieldsOf(entity)) {
    if (stored && row[name] === undefined && row[specs] === undefined) continue;
    const groups = row[specs] !== undefined ? row[specs] : stored?.[specs];
    const skus = row[name] !== undefined ? row[name] : stored?.[name];
    issues.push(...fitIssues(groups, skus, specs, name));
  }
  refuse(issues);
}
