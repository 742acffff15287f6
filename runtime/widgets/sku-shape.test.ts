import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { combinations, comboKey, skuName, skuSummary, type SpecGroup, type Sku } from './sku-shape';
import { followGroups } from './specs-field';
import { detailsToErrors, moneyAt } from '../screens/entity/form-messages';

const GROUPS: SpecGroup[] = [
  { name: '颜色', values: ['红色', '蓝色'] },
  { name: '尺寸', values: ['大', '小'] },
];
const sku = (specs: Record<string, string>, price: number): Sku => ({ specs, price, stock: 1 });

describe('spec groups and SKUs in the console', () => {
  it('lists every combination once, names a SKU by its values and sums the list cell', () => {
    expect(combinations(GROUPS).map((c) => skuName(GROUPS, c, 0))).toEqual([
      '红色/大',
      '红色/小',
      '蓝色/大',
      '蓝色/小',
    ]);
    expect(skuSummary([sku({ 颜色: '红色', 尺寸: '大' }, 1299), { ...sku({}, 1550), stock: 4 }])).toEqual({
      min: 1299,
      max: 1550,
      stock: 5,
    });
    expect(skuSummary([])).toBeUndefined();
  });

  it('SKUs follow their specs: a rename keeps prices, a removed value drops its SKUs, a new spec takes its first value', () => {
    const skus = [sku({ 颜色: '红色', 尺寸: '大' }, 100), sku({ 颜色: '蓝色', 尺寸: '小' }, 200)];
    const renamed = [{ ...GROUPS[0], name: '色' }, GROUPS[1]];
    expect(followGroups(renamed, skus, { 色: '颜色' }).map((s) => [s.specs, s.price])).toEqual([
      [{ 色: '红色', 尺寸: '大' }, 100],
      [{ 色: '蓝色', 尺寸: '小' }, 200],
    ]);
    const fewer = [{ ...GROUPS[0], values: ['红色'] }, GROUPS[1]];
    expect(followGroups(fewer, skus).map((s) => s.price)).toEqual([100]);
    const more = [...GROUPS, { name: '材质', values: ['橡木'] }];
    expect(followGroups(more, skus).map((s) => s.specs.材质)).toEqual(['橡木', '橡木']);
  });

  it('property: whatever the specs become, the SKUs kept fit them and no combination repeats', () => {
    const group = fc.record({
      name: fc.constantFrom('颜色', '尺寸', '材质'),
      values: fc.uniqueArray(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(group, { selector: (g) => g.name, maxLength: 3 }), (after) => {
        const skus = combinations(GROUPS).map((c, i) => sku(c, i));
        const kept = followGroups(after, skus);
        const keys = kept.map((s) => comboKey(after, s.specs));
        expect(new Set(keys).size).toBe(keys.length);
        for (const s of kept)
          for (const g of after.filter((x) => x.values.length > 0)) expect(g.values).toContain(s.specs[g.name]);
      }),
    );
  });

  it('money is found at nested paths, and server details of SKU cells land under their cells', () => {
    const schema = {
      type: 'object',
      properties: {
        skuInfo: { type: 'array', items: { properties: { price: { type: 'integer', 'x-money': true } } } },
      },
    };
    expect(moneyAt(schema as never, ['skuInfo', '3', 'price'])).toBe(true);
    expect(moneyAt(schema as never, ['skuInfo', '3', 'stock'])).toBe(false);
    // As the server sends it: in the console's language, from its error catalogue.
    const message = 'SKU 蓝色/小：编码「A」与 SKU 红色/大 重复';
    const { schema: errors } = detailsToErrors(
      [{ path: 'skuInfo.1.code', message }],
      new Set(['skuInfo']),
      new Set(['skuInfo']),
    );
    expect(errors).toEqual({ skuInfo: { 1: { code: { __errors: [message] } } } });
  });
});
