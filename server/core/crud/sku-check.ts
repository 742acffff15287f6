import { type AppError, appError, E, type Issue, issue, type Texts, textOf } from '../errors.js';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { SKU_INT_MAX } from '../registry/sku-shape.js';

/**
 * What the JSON Schema of spec groups and SKUs cannot say (server/core/registry/sku-shape.ts), for every entity that
 * declares them: group names are unique; each SKU names one value of every group and nothing else; no combination
 * twice; SKU codes unique; SKUs need groups; price (cents) and stock whole numbers from 0. Each refusal is a 400 whose
 * message names the SKU by its values ("SKU 红色/大: …") in the caller's language and whose details name the cell
 * (`skuInfo.1.price`) with the same sentence. Every text is an entry of the error catalogue (server/core/errors/sku.ts).
 */

type Group = { name: string; values: string[] };

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

/** A cell's problem, said with the SKU it is in ("SKU 红色/大：请填写价格"). */
const named = (path: string, sku: string, problem: Texts): Issue => issue(path, E.SKU_NAMED, { sku, problem });

const MAX_YUAN = `¥${(SKU_INT_MAX / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** A SKU's price and stock: whole cents / pieces from 0 (checked before the schema, so the refusal names the SKU). */
function cellIssues(groups: Group[], skus: unknown[], field: string): Issue[] {
  const out: Issue[] = [];
  skus.forEach((sku, i) => {
    if (!isRow(sku)) return;
    const name = skuName(groups, sku.specs, i);
    const price = sku.price;
    if (price === undefined || price === null || price === '')
      out.push(named(`${field}.${i}.price`, name, textOf(E.SKU_PRICE_REQUIRED)));
    else if (typeof price !== 'number' || !Number.isInteger(price) || price < 0 || price > SKU_INT_MAX)
      out.push(named(`${field}.${i}.price`, name, textOf(E.SKU_PRICE_AMOUNT, { max: MAX_YUAN })));
    const stock = sku.stock;
    if (stock === undefined || stock === null || stock === '')
      out.push(named(`${field}.${i}.stock`, name, textOf(E.SKU_STOCK_REQUIRED)));
    else if (typeof stock !== 'number' || !Number.isInteger(stock) || stock < 0 || stock > SKU_INT_MAX)
      out.push(named(`${field}.${i}.stock`, name, textOf(E.SKU_STOCK_WHOLE)));
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
    if (seenGroups.has(g.name)) out.push(issue(`${specsField}.${i}.name`, E.SKU_SPEC_REPEATED, { name: g.name }));
    seenGroups.add(g.name);
  });
  if (skus.length > 0 && groups.length === 0) out.push(issue(field, E.SKU_NEEDS_SPECS));
  const byName = new Map(groups.map((g) => [g.name, new Set(g.values)]));
  const combos = new Map<string, number>();
  const codes = new Map<string, number>();
  skus.forEach((sku, i) => {
    const at = `${field}.${i}`;
    const name = skuName(groups, sku.specs, i);
    const specs = isRow(sku.specs) ? sku.specs : {};
    for (const key of Object.keys(specs)) {
      const values = byName.get(key);
      if (!values) out.push(named(`${at}.specs.${key}`, name, textOf(E.SKU_NO_SUCH_SPEC, { key })));
      else if (!values.has(String(specs[key])))
        out.push(named(`${at}.specs.${key}`, name, textOf(E.SKU_NOT_A_VALUE, { value: String(specs[key]), key })));
    }
    for (const group of byName.keys())
      if (!(group in specs)) out.push(named(`${at}.specs.${group}`, name, textOf(E.SKU_VALUE_MISSING, { group })));
    const combo = JSON.stringify(groups.map((g) => specs[g.name] ?? null));
    const before = combos.get(combo);
    if (before !== undefined) out.push(named(`${at}.specs`, name, textOf(E.SKU_COMBO_REPEATED, { n: before + 1 })));
    else combos.set(combo, i);
    if (typeof sku.code === 'string' && sku.code !== '') {
      const first = codes.get(sku.code);
      if (first !== undefined)
        out.push(
          named(
            `${at}.code`,
            name,
            textOf(E.SKU_CODE_REPEATED, { code: sku.code, other: skuName(groups, skus[first].specs, first) }),
          ),
        );
      else codes.set(sku.code, i);
    }
  });
  return out;
}

/** The refusal of SKU cells: the first one's sentence, every cell in the details, in the caller's language. */
export function skuRefusal(issues: Issue[]): AppError {
  return appError(E.SKU_CELL, { reason: issues[0].message }, issues);
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
