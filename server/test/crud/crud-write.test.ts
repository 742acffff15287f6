import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { dbFingerprint } from '../support/db-fingerprint.js';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const OLD = '2001-02-03 04:05:06';

describe.each(DIALECTS)('generic info, add and update (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  const post = (url: string, body: unknown) => t.call('POST', `/admin/${url}`, { token, body });
  const info = (prefix: string, id: unknown) =>
    t.call('GET', `/admin/${prefix}/info`, { token, query: id === undefined ? {} : { id: String(id) } });
  const row = async (table: string, id: unknown) => (await t.rows(table)).find((r) => Number(r.id) === Number(id));
  const age = (table: string, id: number) =>
    untyped(t.app.joinery.database.db)
      .updateTable(table)
      .set({ createTime: OLD, updateTime: OLD })
      .where('id', '=', id)
      .execute();

  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

  it('info: a missing id is refused by name, an unknown id answers success without data', async () => {
    for (const query of [undefined, '']) {
      const r = await info('product/info', query);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('查询参数[id]不存在');
    }
    const unknown = await info('product/info', 99999);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ code: 1000, message: 'success' });
  });

  it('info: the stored row with typed values and joined columns', async () => {
    const stored = (await t.rows('product_info')).find((p) => p.pics !== null)!;
    const category = await row('product_category', stored.categoryId);
    const r = await info('product/info', stored.id);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      id: Number(stored.id),
      name: stored.name,
      price: Number(stored.price),
      categoryName: category!.name,
      pics: JSON.parse(String(stored.pics)),
    });
    const address = await info('user/address', 1);
    expect((address.body.data as Row).isDefault).toBe(Boolean(Number((await row('user_address', 1))!.isDefault)));
  });

  it('add: an object answers {id}; schema defaults are applied and stored', async () => {
    const r = await post('product/info/add', { name: 'Ash stool', price: 39900, categoryId: 1 });
    expect(r.status, r.raw).toBe(200);
    const { id } = r.body.data as { id: number };
    expect(Number.isInteger(id)).toBe(true);
    expect(await row('product_info', id)).toMatchObject({
      name: 'Ash stool',
      price: 39900,
      categoryId: 1,
      sales: 0,
      order: 0,
      recommend: 0,
      status: 0,
      auditStatus: 0,
      code: null,
    });
    const order = await post('order/order/add', { orderNo: 'D-1', userId: 1, amount: 100 });
    const stored = (await row('order_info', (order.body.data as { id: number }).id))!;
    expect(stored.remark).toMatch(/^以上价格均不含税/);
    expect(Number(stored.discountId)).toBe(1);
  });

  it('add: createTime, id, readonly fields and unknown keys from the body are ignored', async () => {
    const r = await post('order/order/add', {
      orderNo: 'D-2',
      userId: 1,
      amount: 5000,
      id: 424242,
      createTime: OLD,
      updateTime: OLD,
      status: 3,
      pendingTime: OLD,
      module: 'order',
      nonsense: { a: 1 },
    });
    expect(r.status, r.raw).toBe(200);
    const { id } = r.body.data as { id: number };
    expect(id).not.toBe(424242);
    const stored = (await row('order_info', id))!;
    expect(stored).toMatchObject({ orderNo: 'D-2', amount: 5000, status: 0, pendingTime: null });
    expect(stored.createTime).toMatch(DATETIME);
    expect(stored.createTime).not.toBe(OLD);
    expect(stored.updateTime).toBe(stored.createTime);
    expect(stored).not.toHaveProperty('module');
    expect(await row('order_info', 424242)).toBeUndefined();
    const user = await post('base/sys/user/add', {
      username: 'ro',
      name: 'Readonly',
      password: 'secret1',
      passwordV: 99,
      userId: 77,
      socketId: 'x',
    });
    expect(user.status, user.raw).toBe(200);
    expect(await row('base_sys_user', user.body.data)).toMatchObject({ passwordV: 1, userId: 1, socketId: null });
  });

  it('add: an array answers {id: [...]} and is all or nothing', async () => {
    const r = await post('dict/info/add', [
      { typeId: 1, name: 'first' },
      { typeId: 1, name: 'second', orderNum: 3 },
    ]);
    expect(r.status, r.raw).toBe(200);
    const { id } = r.body.data as { id: number[] };
    expect(id).toHaveLength(2);
    expect((await Promise.all(id.map((i) => row('dict_info', i)))).map((d) => [d!.name, d!.orderNum])).toEqual([
      ['first', 0],
      ['second', 3],
    ]);
    const before = await dbFingerprint(t);
    const bad = await post('dict/info/add', [
      { typeId: 1, name: 'third' },
      { typeId: 1, name: '' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^1\.name/);
    const empty = await post('dict/info/add', []);
    expect(empty.status).toBe(400);
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it("add: base/sys/user answers the bare id (the original's service override)", async () => {
    const r = await post('base/sys/user/add', { username: 'bare', name: 'Bare', password: 'secret1' });
    expect(r.status, r.raw).toBe(200);
    expect(typeof r.body.data).toBe('number');
    expect((await row('base_sys_user', r.body.data))!.username).toBe('bare');
  });

  it('add/update: a unique value already in use → 409 naming the field, nothing written', async () => {
    const before = await dbFingerprint(t);
    const dup = await post('base/sys/param/add', { keyName: 'rich', name: 'Duplicate' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/keyName/);
    expect(dup.body.details).toEqual([{ path: 'keyName', message: expect.any(String) }]);
    const inBatch = await post('base/sys/param/add', [
      { keyName: 'twin', name: 'A' },
      { keyName: 'twin', name: 'B' },
    ]);
    expect(inBatch.status).toBe(409);
    expect(inBatch.body.message).toMatch(/keyName/);
    const moved = await post('base/sys/param/update', { id: 2, keyName: 'rich' });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toMatch(/keyName/);
    const phone = await post('user/info/add', { nickName: 'Twin', phone: '13800138001' });
    expect(phone.status).toBe(409);
    expect(phone.body.message).toMatch(/phone/);
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('add: unique values compare exactly on every dialect (case and a trailing space make another value)', async () => {
    for (const keyName of ['RICH', 'rich ']) {
      const r = await post('base/sys/param/add', { keyName, name: `Variant ${keyName}` });
      expect(r.status, r.raw).toBe(200);
    }
    expect(
      (await t.rows('base_sys_param'))
        .map((p) => p.keyName)
        .filter((k) => String(k).toLowerCase().trim() === 'rich')
        .sort(),
    ).toEqual(['RICH', 'rich', 'rich ']);
  });

  it('update: partial, stamps updateTime, keeps createTime and every field not sent', async () => {
    const goods = (await t.rows('demo_goods'))[0];
    await age('demo_goods', Number(goods.id));
    const r = await post('demo/goods/update', {
      id: goods.id,
      stock: 7,
      createTime: '2030-01-01 00:00:00',
      nonsense: 1,
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body).toEqual({ code: 1000, message: 'success' });
    const after = (await row('demo_goods', goods.id))!;
    expect(after).toEqual({ ...goods, stock: 7, createTime: OLD, updateTime: after.updateTime, revision: 2 });
    expect(after.updateTime).toMatch(DATETIME);
    expect(after.updateTime).not.toBe(OLD);
  });

  it('update: a missing id → 400, an unknown id → 404, a bad field → 400 naming it; nothing written', async () => {
    const before = await dbFingerprint(t);
    const missing = await post('demo/goods/update', { stock: 1 });
    expect([missing.status, missing.body.message]).toEqual([400, '查询参数[id]不存在']);
    const unknown = await post('demo/goods/update', { id: 99999, stock: 1 });
    expect(unknown.status).toBe(404);
    const bad = await post('demo/goods/update', { id: 1, stock: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^stock/);
    expect(bad.body.details).toEqual([{ path: 'stock', message: expect.any(String) }]);
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('never sends a secret field: admin and member passwords stay out of every reply', async () => {
    const member = await post('user/info/add', { nickName: 'Secretive', password: 'hunter22' });
    expect(member.status, member.raw).toBe(200);
    const memberId = (member.body.data as { id: number }).id;
    const admin = await post('base/sys/user/add', { username: 'secretive', name: 'S', password: 'hunter22' });
    const replies = [
      member,
      admin,
      await info('user/info', memberId),
      await post('user/info/page', { size: 1000 }),
      await post('user/info/list', {}),
      await info('base/sys/user', admin.body.data),
      await post('base/sys/user/page', { size: 1000 }),
      await post('base/sys/user/list', {}),
      await post('user/info/update', { id: memberId, password: 'hunter33' }),
      await post('user/info/delete', { ids: [memberId] }),
      await post('base/sys/user/delete', { ids: [admin.body.data] }),
      await post('recycle/data/page', { size: 1000 }),
    ];
    for (const r of replies) {
      expect(r.status, r.raw).toBe(200);
      expect(r.raw).not.toMatch(/"password"|hunter/);
    }
    const bin = (await t.rows('recycle_data')).map((r) => String(r.id));
    for (const id of bin) expect((await info('recycle/data', id)).raw).not.toMatch(/"password"|hunter/);
  });

  it('stores money as integer cents and refuses fractions of a cent', async () => {
    const r = await post('product/info/add', { name: 'Walnut shelf', price: 129950, categoryId: 1 });
    const stored = (await row('product_info', (r.body.data as { id: number }).id))!;
    expect(stored.price).toBe(129950);
    expect(Number.isInteger(stored.price)).toBe(true);
    expect((await info('product/info', stored.id)).body.data).toMatchObject({ price: 129950 });
    const cents = await post('product/info/add', { name: 'Half cent', price: 1299.5, categoryId: 1 });
    expect(cents.status).toBe(400);
    expect(cents.body.message).toMatch(/^price/);
  });

  it('emits datetimes as YYYY-MM-DD HH:mm:ss and accepts ISO input', async () => {
    const r = await post('task/info/add', {
      name: 'Nightly',
      status: 0,
      startDate: '2024-05-01T08:30:00',
      endDate: '2024-06-01 09:00',
    });
    expect(r.status, r.raw).toBe(200);
    const data = (await info('task/info', (r.body.data as { id: number }).id)).body.data as Row;
    expect(data).toMatchObject({ startDate: '2024-05-01 08:30:00', endDate: '2024-06-01 09:00:00' });
    expect(data.createTime).toMatch(DATETIME);
    const list = (await post('product/info/page', {})).body.data as { list: Row[] };
    for (const p of list.list)
      expect([p.createTime, p.updateTime]).toEqual([expect.stringMatching(DATETIME), expect.stringMatching(DATETIME)]);
    const impossible = await post('task/info/add', { name: 'Never', startDate: '2024-02-30 10:00:00' });
    expect(impossible.status).toBe(400);
    expect(impossible.body.message).toMatch(/^startDate/);
  });

  it('emits booleans as true/false, stores them as 0/1 and takes 1/0 from the original client', async () => {
    const r = await post('user/address/add', {
      userId: 1,
      contact: 'Lin',
      phone: '13800000000',
      address: 'Oak road 1',
      isDefault: true,
    });
    expect(r.status, r.raw).toBe(200);
    const id = (r.body.data as { id: number }).id;
    expect(Number((await row('user_address', id))!.isDefault)).toBe(1);
    expect((await info('user/address', id)).body.data).toMatchObject({ isDefault: true });
    const listed = ((await post('user/address/list', {})).body.data as Row[]).find((a) => a.id === id)!;
    expect(listed.isDefault).toBe(true);
    expect((await post('user/address/update', { id, isDefault: false })).status).toBe(200);
    expect((await info('user/address', id)).body.data).toMatchObject({ isDefault: false });
    expect(Number((await row('user_address', id))!.isDefault)).toBe(0);
    const text = await post('user/address/update', { id, isDefault: 'yes' });
    expect(text.status).toBe(400);
    expect(text.body.message).toMatch(/^isDefault/);
    // The original client's switches send 1/0 (PROTOCOL §9): taken as true/false; other numbers are refused.
    expect((await post('user/address/update', { id, isDefault: 1 })).status).toBe(200);
    expect((await info('user/address', id)).body.data).toMatchObject({ isDefault: true });
    expect((await post('user/address/update', { id, isDefault: 0 })).status).toBe(200);
    expect(Number((await row('user_address', id))!.isDefault)).toBe(0);
    expect((await post('user/address/update', { id, isDefault: 2 })).status).toBe(400);
  });
});
