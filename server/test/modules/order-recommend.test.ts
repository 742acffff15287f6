import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { dbFingerprint } from '../support/db-fingerprint.js';

const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

describe.each(DIALECTS)('bundles (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  const post = (url: string, body: unknown) => t.call('POST', `/admin/${url}`, { token, body });
  const bundle = async (id: number) => {
    const r = (await t.rows('order_recommend')).find((x) => Number(x.id) === id)!;
    return { ...r, goodIds: json(r.goodIds), goodsInfo: json(r.goodsInfo) } as Row;
  };
  const product = async (id: number) => (await t.rows('product_info')).find((x) => Number(x.id) === id)!;
  const snap = (p: Row) => ({ id: Number(p.id), name: p.name, code: p.code, price: Number(p.price), pic: p.pic });

  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

  it('add stores the goods snapshot from goodIds (in their order); a goodsInfo sent by the client is ignored', async () => {
    const r = await post('order/recommend/add', {
      title: '卧室套餐',
      amount: 1500000,
      goodIds: [4, 2],
      goodsInfo: [{ id: 9, name: 'fake' }],
    });
    expect(r.status, r.raw).toBe(200);
    const stored = await bundle(Number((r.body.data as Row).id));
    expect(stored.goodsInfo).toEqual([snap(await product(4)), snap(await product(2))]);
    const none = await post('order/recommend/add', { title: '空套餐' });
    expect((await bundle(Number((none.body.data as Row).id))).goodsInfo).toBeNull();
  });

  it('page, list and info show the goods with names, pictures and prices', async () => {
    const page = (await post('order/recommend/page', { size: 50 })).body.data as { list: Row[] };
    const first = page.list.find((b) => b.id === 1)!;
    expect(first.goodIds).toEqual([1, 3]);
    expect(first.goods).toEqual([
      {
        id: 1,
        name: '北美黑胡桃木实木餐桌',
        code: 'DT-WN-1800',
        price: 1288000,
        pic: expect.stringMatching(/^\/api\/public\//),
        status: 1,
      },
      expect.objectContaining({ id: 3, name: '潘多拉大理石圆形茶几', price: 568000 }),
    ]);
    expect(first.goodsAmount).toBe(1288000 + 568000);
    const info = (await t.call('GET', '/admin/order/recommend/info', { token, query: { id: '1' } })).body.data as Row;
    expect((info.goods as Row[]).map((g) => g.id)).toEqual([1, 3]);
    const list = (await post('order/recommend/list', {})).body.data as Row[];
    expect(list.every((b) => Array.isArray(b.goods))).toBe(true);
  });

  it('changeInfo refreshes the bundles holding a product, by goodId or id', async () => {
    // The product changes behind the module's back (another process, an import): the bundles are stale.
    await untyped(t.app.joinery.database.db)
      .updateTable('product_info')
      .set({ price: 555500, name: '潘多拉大理石茶几（新）' })
      .where('id', '=', 3)
      .execute();
    const holding = (await t.rows('order_recommend'))
      .filter((b) => (json(b.goodIds) as number[] | null)?.includes(3))
      .map((b) => Number(b.id));
    expect(holding.length).toBeGreaterThan(0);
    expect(((await bundle(holding[0])).goodsInfo as Row[]).find((g) => g.id === 3)!.price).toBe(568000);
    const r = await post('order/recommend/changeInfo', { goodId: 3 });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toEqual({ ids: holding });
    for (const id of holding) {
      expect(((await bundle(id)).goodsInfo as Row[]).find((g) => g.id === 3)).toEqual({
        id: 3,
        name: '潘多拉大理石茶几（新）',
        code: 'CT-MB-900',
        price: 555500,
        pic: expect.any(String),
      });
    }
    // Bundles without the product are untouched.
    const other = (await t.rows('order_recommend')).find((b) => !holding.includes(Number(b.id)))!;
    const before = await dbFingerprint(t);
    expect((await post('order/recommend/changeInfo', { id: 3 })).body.data).toEqual({ ids: holding });
    expect(await dbFingerprint(t)).toEqual(before);
    expect(other).toBeDefined();
  });

  it('changeInfo refuses a missing or malformed product id', async () => {
    for (const body of [{}, { goodId: 'x' }, { id: 0 }, { goodId: -1 }])
      expect((await post('order/recommend/changeInfo', body)).status, JSON.stringify(body)).toBe(400);
    expect((await post('order/recommend/changeInfo', { goodId: 999999 })).body.data).toEqual({ ids: [] });
  });

  it('a product saved through the API refreshes its bundles in the same write; a deleted one leaves them', async () => {
    expect((await post('product/info/update', { id: 1, price: 1300000 })).status).toBe(200);
    expect(((await bundle(1)).goodsInfo as Row[]).find((g) => g.id === 1)!.price).toBe(1300000);
    expect((await post('order/recommend/update', { id: 1, goodIds: [3, 1, 2] })).status).toBe(200);
    expect(((await bundle(1)).goodsInfo as Row[]).map((g) => g.id)).toEqual([3, 1, 2]);
    expect((await post('product/info/delete', { ids: [2] })).status).toBe(200);
    expect(((await bundle(1)).goodsInfo as Row[]).map((g) => g.id)).toEqual([3, 1]);
    expect((await bundle(1)).goodIds).toEqual([3, 1, 2]);
  });

  it('refuses goodIds that are not a set of ids, by name', async () => {
    for (const goodIds of [[1, 1], [0], ['a'], 'x']) {
      const r = await post('order/recommend/add', { title: 'bad', goodIds });
      expect([r.status, String(r.body.message).startsWith('goodIds')], JSON.stringify(goodIds)).toEqual([400, true]);
    }
  });
});
