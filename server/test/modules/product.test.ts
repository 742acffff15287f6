import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { dbFingerprint } from '../support/db-fingerprint.js';

const SPECS = [
  { name: '尺寸', values: ['1.5m', '1.8m'] },
  { name: '木材', values: ['白橡', '黑胡桃'] },
];
const SKUS = [
  { specs: { 尺寸: '1.5m', 木材: '白橡' }, price: 699000, stock: 3, code: 'BD-15-OK' },
  { specs: { 尺寸: '1.8m', 木材: '黑胡桃' }, price: 1299000, stock: 0, code: 'BD-18-WN' },
];

describe.each(DIALECTS)('products: specs, SKUs, gallery, materials (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let seq = 0;
  const post = (url: string, body: unknown) => t.call('POST', `/admin/${url}`, { token, body });
  const base = () => ({ name: `定制床 ${++seq}`, price: 699000, categoryId: 1 });
  const info = async (id: number) =>
    (await t.call('GET', '/admin/product/info/info', { token, query: { id: String(id) } })).body.data as Row;

  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

  it('stores spec groups and a SKU matrix as structured data and reads them back', async () => {
    const r = await post('product/info/add', {
      ...base(),
      specInfo: SPECS,
      skuInfo: SKUS,
      pics: ['/public/seed/oak-bed-1.svg'],
    });
    expect(r.status, r.raw).toBe(200);
    const id = Number((r.body.data as Row).id);
    expect(await info(id)).toMatchObject({ specInfo: SPECS, skuInfo: SKUS, pics: ['/public/seed/oak-bed-1.svg'] });
    // No SKUs at all, or no specs at all, is a plain product.
    for (const body of [
      { specInfo: SPECS, skuInfo: [] },
      { specInfo: [], skuInfo: [] },
      { specInfo: null, skuInfo: null },
    ]) {
      expect((await post('product/info/add', { ...base(), ...body })).status, JSON.stringify(body)).toBe(200);
    }
  });

  it('refuses malformed specs, SKUs and gallery slots with the field named, storing nothing', async () => {
    const cases: [Row, string][] = [
      [{ specInfo: 'not json' }, 'specInfo'],
      [{ specInfo: [{ name: '尺寸' }] }, 'specInfo.0.values'],
      [{ specInfo: [{ name: '', values: ['a'] }] }, 'specInfo.0.name'],
      [{ specInfo: [{ name: '尺寸', values: [] }] }, 'specInfo.0.values'],
      [{ specInfo: [{ name: '尺寸', values: ['a', 'a'] }] }, 'specInfo.0.values'],
      [{ specInfo: [{ name: '尺寸', values: [''] }] }, 'specInfo.0.values.0'],
      [{ specInfo: [{ name: '尺寸', values: ['a'], extra: 1 }] }, 'specInfo.0.extra'],
      [
        {
          specInfo: [
            { name: '尺寸', values: ['a'] },
            { name: '尺寸', values: ['b'] },
          ],
        },
        'specInfo.1.name',
      ],
      [{ specInfo: SPECS, skuInfo: [{ specs: { 尺寸: '1.5m', 木材: '白橡' }, stock: 1 }] }, 'skuInfo.0.price'],
      [
        { specInfo: SPECS, skuInfo: [{ specs: { 尺寸: '1.5m', 木材: '白橡' }, price: 10.5, stock: 1 }] },
        'skuInfo.0.price',
      ],
      [
        { specInfo: SPECS, skuInfo: [{ specs: { 尺寸: '1.5m', 木材: '白橡' }, price: 10, stock: -1 }] },
        'skuInfo.0.stock',
      ],
      [
        { specInfo: SPECS, skuInfo: [{ specs: { 尺寸: 15, 木材: '白橡' }, price: 10, stock: 1 }] },
        'skuInfo.0.specs.尺寸',
      ],
      [
        { specInfo: SPECS, skuInfo: [{ specs: { 尺寸: '2m', 木材: '白橡' }, price: 10, stock: 1 }] },
        'skuInfo.0.specs.尺寸',
      ],
      [{ specInfo: SPECS, skuInfo: [{ specs: { 尺寸: '1.5m' }, price: 10, stock: 1 }] }, 'skuInfo.0.specs.木材'],
      [
        { specInfo: SPECS, skuInfo: [{ specs: { 尺寸: '1.5m', 木材: '白橡', 颜色: '红' }, price: 10, stock: 1 }] },
        'skuInfo.0.specs.颜色',
      ],
      [{ specInfo: SPECS, skuInfo: [SKUS[0], { ...SKUS[0], code: 'other' }] }, 'skuInfo.1.specs'],
      [{ specInfo: SPECS, skuInfo: [SKUS[0], { ...SKUS[1], code: SKUS[0].code }] }, 'skuInfo.1.code'],
      [{ skuInfo: SKUS }, 'skuInfo'],
      [{ pics: [''] }, 'pics.0'],
      [{ pics: ['/a.png', ''] }, 'pics.1'],
      [{ materialIds: [1, 1] }, 'materialIds'],
    ];
    const before = await dbFingerprint(t);
    for (const [body, field] of cases) {
      const r = await post('product/info/add', { ...base(), ...body });
      // The first detail names the field (a SKU's own message names the SKU by its values instead of the path).
      expect([r.status, (r.body.details as Row[])[0]?.path], `${JSON.stringify(body)} → ${r.raw}`).toEqual([
        400,
        field,
      ]);
      expect(
        (r.body.details as Row[]).some((d) => d.path === field),
        r.raw,
      ).toBe(true);
    }
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('update checks the SKUs against the spec groups stored or sent with them', async () => {
    const id = Number(
      ((await post('product/info/add', { ...base(), specInfo: SPECS, skuInfo: SKUS })).body.data as Row).id,
    );
    const before = await dbFingerprint(t);
    // Dropping a value the SKUs use orphans them; a SKU naming an unknown value is refused.
    const orphan = await post('product/info/update', { id, specInfo: [{ name: '尺寸', values: ['1.5m'] }, SPECS[1]] });
    expect([orphan.status, (orphan.body.details as Row[])[0].path, orphan.body.message], orphan.raw).toEqual([
      400,
      'skuInfo.1.specs.尺寸',
      'SKU 1.8m/黑胡桃：「1.8m」不是规格「尺寸」的值',
    ]);
    const unknown = await post('product/info/update', {
      id,
      skuInfo: [{ specs: { 尺寸: '1.5m', 木材: '柚木' }, price: 1, stock: 1 }],
    });
    expect([unknown.status, (unknown.body.details as Row[])[0].path]).toEqual([400, 'skuInfo.0.specs.木材']);
    expect(await dbFingerprint(t)).toEqual(before);
    // Both together, consistent: accepted.
    const both = await post('product/info/update', {
      id,
      specInfo: [{ name: '尺寸', values: ['1.5m'] }],
      skuInfo: [{ specs: { 尺寸: '1.5m' }, price: 500000, stock: 2 }],
    });
    expect(both.status, both.raw).toBe(200);
    expect((await info(id)).skuInfo).toEqual([{ specs: { 尺寸: '1.5m' }, price: 500000, stock: 2 }]);
    // Other fields update without touching the matrix.
    expect((await post('product/info/update', { id, price: 1 })).status).toBe(200);
  });

  it('seeded products already fit the rules (their forms save unchanged)', async () => {
    for (const p of (await post('product/info/list', {})).body.data as Row[]) {
      const r = await post('product/info/update', { id: p.id, specInfo: p.specInfo, skuInfo: p.skuInfo, pics: p.pics });
      expect(r.status, `${String(p.name)}: ${r.raw}`).toBe(200);
    }
  });

  it('materials are product/material references shown with title, type and picture', async () => {
    const r = await post('product/info/add', { ...base(), materialIds: [3, 1] });
    const id = Number((r.body.data as Row).id);
    const shown = await info(id);
    expect(shown.materialIds).toEqual([3, 1]);
    expect((shown.materials as Row[]).map((m) => [m.id, typeof m.title, typeof m.type])).toEqual([
      [3, 'string', 'number'],
      [1, 'string', 'number'],
    ]);
    const page = (await post('product/info/page', { size: 100 })).body.data as { list: Row[] };
    expect(page.list.find((p) => p.id === id)!.materials).toEqual(shown.materials);
  });

  it('an order line can name its SKU by code', async () => {
    const id = Number(
      ((await post('product/info/add', { ...base(), specInfo: SPECS, skuInfo: SKUS })).body.data as Row).id,
    );
    const r = await post('order/order/add', {
      orderNo: `SKU-${dialect}-${seq}`,
      userId: 6,
      items: [{ goodId: id, quantity: 2, skuCode: 'BD-18-WN' }],
    });
    expect(r.status, r.raw).toBe(200);
    const line = (await t.rows('order_item')).find((l) => Number(l.orderId) === Number((r.body.data as Row).id))!;
    expect([Number(line.price), line.code, Number(line.quantity)]).toEqual([1299000, 'BD-18-WN', 2]);
    expect(
      (
        await post('order/order/add', {
          orderNo: `SKU-x-${dialect}`,
          userId: 6,
          items: [{ goodId: id, quantity: 1, skuCode: 'nope' }],
        })
      ).status,
    ).toBe(400);
  });
});
