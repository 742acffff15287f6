import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { dbFingerprint } from '../support/db-fingerprint.js';
import type { Row } from '../../core/db/row.js';
import { checkEntitySemantics } from '../../core/registry/check-entity.js';
import type { EntitySchema } from '../../core/registry/entity-types.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { upgradeSpecOptions } from '../../modules/product/spec-upgrade.js';
import { parseCsv } from '../../core/crud/csv.js';

const SPECS = [
  { name: '颜色', values: ['红色', '蓝色'] },
  { name: '尺寸', values: ['大', '小'] },
];
const RED_BIG = { 颜色: '红色', 尺寸: '大' };
const BLUE_SMALL = { 颜色: '蓝色', 尺寸: '小' };

describe('shape keywords (x-specs, x-skus, x-sku-specs) are checked when a schema is read', () => {
  const label = { 'zh-cn': '字段', 'zh-tw': '欄位', en: 'Field' };
  const schema = (properties: Record<string, unknown>) =>
    ({ type: 'object', 'x-prefix': 'demo/shape', 'x-title': label, properties }) as unknown as EntitySchema;
  it('refuses SKUs over a field that is no spec list, own items beside the keyword, and specs on a non-array', () => {
    expect(
      checkEntitySemantics(
        schema({
          groups: { type: 'array', 'x-label': label },
          skus: { type: 'array', 'x-skus': 'groups', 'x-label': label },
        }),
      ),
    ).toBe('field "skus": x-skus names "groups", which is not an x-specs field of this schema');
    expect(
      checkEntitySemantics(
        schema({ groups: { type: 'array', 'x-specs': true, items: { type: 'string' }, 'x-label': label } }),
      ),
    ).toBe('field "groups": the shape keyword gives the field its items; leave items out');
    expect(checkEntitySemantics(schema({ groups: { type: 'string', 'x-specs': true, 'x-label': label } }))).toBe(
      'field "groups": x-specs and x-skus need "type": "array"',
    );
    expect(
      checkEntitySemantics(
        schema({
          groups: { type: 'array', 'x-specs': true, 'x-label': label },
          skus: { type: ['array', 'null'], 'x-skus': 'groups', 'x-label': label },
        }),
      ),
    ).toBeUndefined();
  });
});

describe.each(DIALECTS)('SKUs: one money type, named cells (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let seq = 0;
  const post = (url: string, body: unknown, language = 'zh-cn') =>
    t.call('POST', `/admin/${url}`, { token, body, headers: { language } });
  const base = () => ({ name: `货币测试 ${++seq}`, price: 9900, categoryId: 1, specInfo: SPECS });
  const info = async (prefix: string, id: number) =>
    (await t.call('GET', `/admin/${prefix}/info`, { token, query: { id: String(id) } })).body.data as Row;

  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

  it('a SKU cell that is no amount or stock is refused naming the SKU by its values, in the three languages', async () => {
    const before = await dbFingerprint(t);
    const cases: [Row, string, Record<string, string>][] = [
      [
        { specs: RED_BIG, price: -1, stock: 1 },
        'skuInfo.0.price',
        {
          'zh-cn': 'SKU 红色/大：价格须是 0 到 ¥21,474,836.47 之间、至多两位小数的金额',
          'zh-tw': 'SKU 红色/大：價格須是 0 到 ¥21,474,836.47 之間、至多兩位小數的金額',
          en: 'SKU 红色/大: price must be an amount from ¥0.00 to ¥21,474,836.47 with at most 2 decimals',
        },
      ],
      [
        // 12.99 sent as yuan instead of cents: not a whole number of cents.
        { specs: RED_BIG, price: 12.99, stock: 1 },
        'skuInfo.0.price',
        {
          'zh-cn': 'SKU 红色/大：价格须是 0 到 ¥21,474,836.47 之间、至多两位小数的金额',
          'zh-tw': 'SKU 红色/大：價格須是 0 到 ¥21,474,836.47 之間、至多兩位小數的金額',
          en: 'SKU 红色/大: price must be an amount from ¥0.00 to ¥21,474,836.47 with at most 2 decimals',
        },
      ],
      [
        { specs: RED_BIG, price: 100, stock: -2 },
        'skuInfo.0.stock',
        {
          'zh-cn': 'SKU 红色/大：库存须是不小于 0 的整数',
          'zh-tw': 'SKU 红色/大：庫存須是不小於 0 的整數',
          en: 'SKU 红色/大: stock must be a whole number from 0',
        },
      ],
      [
        { specs: RED_BIG, stock: 2 },
        'skuInfo.0.price',
        {
          'zh-cn': 'SKU 红色/大：请填写价格',
          'zh-tw': 'SKU 红色/大：請填寫價格',
          en: 'SKU 红色/大: price is required',
        },
      ],
    ];
    for (const [sku, path, texts] of cases)
      for (const [language, text] of Object.entries(texts)) {
        const r = await post('product/info/add', { ...base(), skuInfo: [sku] }, language);
        expect([r.status, r.body.message, (r.body.details as Row[])[0].path], `${language} ${r.raw}`).toEqual([
          400,
          text,
          path,
        ]);
      }
    // The second SKU of two with the same values: named by its values, its place in the details.
    const twice = await post('product/info/add', {
      ...base(),
      skuInfo: [
        { specs: RED_BIG, price: 100, stock: 1, code: 'A' },
        { specs: BLUE_SMALL, price: 200, stock: 1, code: 'A' },
      ],
    });
    expect([twice.status, twice.body.message, (twice.body.details as Row[])[0].path]).toEqual([
      400,
      'SKU 蓝色/小：编码「A」与 SKU 红色/大 重复',
      'skuInfo.1.code',
    ]);
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('money in nested data round-trips in cents and is exported and imported in yuan', async () => {
    const skus = [
      { specs: RED_BIG, price: 1299, stock: 3, code: 'RB', image: '/public/seed/oak-bed-1.svg' },
      { specs: BLUE_SMALL, price: 1550, stock: 0 },
    ];
    const added = await post('product/info/add', { ...base(), skuInfo: skus });
    expect(added.status, added.raw).toBe(200);
    const id = Number((added.body.data as Row).id);
    expect((await info('product/info', id)).skuInfo).toEqual(skus);

    const name = String((await info('product/info', id)).name);
    const exported = await t.app.inject({
      method: 'POST',
      url: '/admin/product/info/export',
      headers: { authorization: token, language: 'zh-cn' },
      payload: { format: 'csv', keyWord: name },
    });
    expect(exported.statusCode, exported.body.slice(0, 300)).toBe(200);
    const [header, row] = parseCsv(exported.body.slice(1));
    const col = header.indexOf('SKU');
    expect(col, header.join('|')).toBeGreaterThan(0);
    const cell = JSON.parse(row[col]) as Row[];
    expect(cell.map((s) => s.price)).toEqual([12.99, 15.5]);
  });

  it('a product spec stores one SKU of its product: its values checked against the product specs, older rows upgraded', async () => {
    const product = Number(((await post('product/info/add', base())).body.data as Row).id);
    const ok = await post('product/spec/add', { productId: product, name: '红色大号', options: RED_BIG, price: 1299 });
    expect(ok.status, ok.raw).toBe(200);
    expect((await info('product/spec', Number((ok.body.data as Row).id))).options).toEqual(RED_BIG);
    const before = await dbFingerprint(t);
    const wrong = await post(
      'product/spec/add',
      { productId: product, name: '绿色', options: { 颜色: '绿色', 尺寸: '大' }, price: 1 },
      'en',
    );
    expect([wrong.status, wrong.body.message, (wrong.body.details as Row[])[0].path]).toEqual([
      400,
      'SKU 绿色/大: "绿色" is not a value of the spec "颜色"',
      'options.颜色',
    ]);
    const oldShape = await post('product/spec/add', {
      productId: product,
      name: 'old',
      options: [{ name: '颜色', value: '红色' }],
      price: 1,
    });
    expect(oldShape.status).toBe(400);
    expect(await dbFingerprint(t)).toEqual(before);

    // A row written in the earlier shape (before this start) is given the one shape at the next start.
    const db = untyped(t.app.joinery.database.db);
    await db
      .updateTable('product_spec')
      .set({
        options: JSON.stringify([
          { name: '颜色', value: '蓝色' },
          { name: '尺寸', value: '小' },
        ]),
      })
      .where('id', '=', Number((ok.body.data as Row).id))
      .execute();
    expect(await upgradeSpecOptions(t.app.joinery)).toBe(1);
    expect((await info('product/spec', Number((ok.body.data as Row).id))).options).toEqual(BLUE_SMALL);
    expect(await upgradeSpecOptions(t.app.joinery)).toBe(0);
  });
});
