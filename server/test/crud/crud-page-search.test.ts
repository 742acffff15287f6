import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../support/harness.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { crudPageSuite, ids } from './crud-page-suite.js';

describe.each(DIALECTS)('generic page and list (%s)', (dialect) => {
  const { started, post, page, rejected } = crudPageSuite(dialect);
  let t: TestApp;
  beforeAll(() => {
    ({ t } = started());
  });

  it('searches keyWord over every keyword field, case-insensitively', async () => {
    const stored = await t.rows('product_info');
    const coded = stored.find((p) => typeof p.code === 'string' && /[A-Za-z]/.test(p.code))!;
    const fragment = String(coded.code).slice(0, 5).toLowerCase();
    const expected = stored.filter((p) =>
      [p.name, p.code].some((v) => typeof v === 'string' && v.toLowerCase().includes(fragment)),
    );
    const data = await page('product/info', { keyWord: fragment, size: 100 });
    expect(ids(data.list).sort()).toEqual(ids(expected).sort());
    expect(data.pagination.total).toBe(expected.length);
    const byName = String(stored[0].name).slice(1, 4);
    expect(ids((await page('product/info', { keyWord: byName })).list)).toContain(Number(stored[0].id));
    expect((await page('product/info', { keyWord: 'no product is called this' })).pagination.total).toBe(0);
  });

  it('matches % _ and ! in keyWord literally', async () => {
    const names = {
      pct: 'Spring 100% off',
      nopct: 'Spring 1000 off',
      under: 'snake_case',
      nounder: 'snakeXcase',
      bang: 'wow!now',
    };
    for (const [keyName, name] of Object.entries(names))
      expect((await post('base/sys/param/add', { keyName, name })).status).toBe(200);
    const keysFor = async (keyWord: string) =>
      (await page('base/sys/param', { keyWord, size: 100 })).list.map((r) => r.keyName).sort();
    expect(await keysFor('100%')).toEqual(['pct']);
    expect(await keysFor('e_c')).toEqual(['under']);
    expect(await keysFor('%')).toEqual(['pct']);
    expect(await keysFor('_')).toEqual(['under']);
    expect(await keysFor('!n')).toEqual(['bang']);
  });

  it('searches joined keyword aliases: the recycle bin by operator name, the log by user name', async () => {
    const admin = (await t.rows('base_sys_user'))[0];
    const goods = (await t.rows('demo_goods'))[0];
    expect((await post('demo/goods/delete', { ids: [goods.id] })).status).toBe(200);
    const bin = await page('recycle/data', { keyWord: String(admin.name) });
    expect(bin.list).toHaveLength(1);
    expect(bin.list[0]).toMatchObject({ userId: admin.id, userName: admin.name });
    expect((await page('recycle/data', { keyWord: 'nobody by this name' })).list).toHaveLength(0);

    expect((await t.call('GET', '/admin/base/open/eps')).status).toBe(200); // anonymous: logged without a user
    await t.app.opLog.flush(); // the op log is written in batches
    const stored = await t.rows('base_sys_log');
    expect(stored.some((r) => r.userId === null)).toBe(true);
    const mine = ids(stored.filter((r) => Number(r.userId) === Number(admin.id)));
    expect(mine.length).toBeGreaterThan(0);
    const log = await page('base/sys/log', { keyWord: String(admin.name), size: 1000 });
    expect(ids(log.list)).toEqual(expect.arrayContaining(mine));
    expect(log.list.every((r) => r.name === admin.name && Number(r.userId) === Number(admin.id))).toBe(true);
  });

  it('filters eq fields by a value or an array (IN); 0 counts, "" and null are ignored', async () => {
    const stored = await t.rows('product_info');
    const total = stored.length;
    const zero = stored.filter((p) => Number(p.status) === 0);
    expect(zero.length).toBeGreaterThan(0);
    expect(ids((await page('product/info', { status: 0, size: 100 })).list).sort()).toEqual(ids(zero).sort());
    const cats = [...new Set(stored.map((p) => Number(p.categoryId)))].slice(0, 2);
    const inCats = stored.filter((p) => cats.includes(Number(p.categoryId)));
    expect(ids((await page('product/info', { categoryId: cats, size: 100 })).list).sort()).toEqual(ids(inCats).sort());
    expect((await page('product/info', { categoryId: String(cats[0]) })).pagination.total).toBe(
      stored.filter((p) => Number(p.categoryId) === cats[0]).length,
    );
    for (const ignored of ['', null, []])
      expect(
        (await page('product/info', { status: ignored, categoryId: ignored, keyWord: ignored })).pagination.total,
      ).toBe(total);
    expect((await page('product/info', { noSuchField: 'x', another: 1 })).pagination.total).toBe(total);
    expect(await rejected('product/info', { status: 'open' })).toMatch(/^status/);
    expect(await rejected('product/info', { categoryId: [1, 'x'] })).toMatch(/^categoryId\.1/);
  });

  it('filters an in field (admin users by department)', async () => {
    for (const [i, departmentId] of [11, 12, 12].entries()) {
      const r = await post('base/sys/user/add', {
        username: `dept${i}`,
        name: `Dept ${i}`,
        password: 'secret1',
        departmentId,
      });
      expect(r.status, r.raw).toBe(200);
    }
    const users = async (departmentId: unknown) =>
      (await page('base/sys/user', { departmentId, size: 100 })).list.map((u) => u.username).sort();
    expect(await users([11])).toEqual(['dept0']);
    expect(await users([11, 12])).toEqual(['dept0', 'dept1', 'dept2']);
    expect(await users(12)).toEqual(['dept1', 'dept2']);
  });

  it('filters a like field by substring, case-insensitively and literally', async () => {
    const stored = (await t.rows('demo_goods')).map((g) => String(g.title));
    const fragment = stored[0].slice(1, 3);
    const titles = (await page('demo/goods', { title: fragment, size: 100 })).list.map((g) => g.title).sort();
    expect(titles).toEqual(stored.filter((s) => s.includes(fragment)).sort());
    expect((await post('demo/goods/add', { title: 'Oak_Chair', price: 100, type: 1 })).status).toBe(200);
    expect((await post('demo/goods/add', { title: 'OakXChair', price: 100, type: 1 })).status).toBe(200);
    expect((await page('demo/goods', { title: 'k_c' })).list.map((g) => g.title)).toEqual(['Oak_Chair']);
  });

  it('filters a range field by [from, to] with open ends; anything but a pair is refused', async () => {
    const stored = (await t.rows('order_info')).filter((o) => o.pendingTime !== null);
    expect(stored.length).toBeGreaterThan(1);
    const times = stored.map((o) => String(o.pendingTime)).sort();
    const [from, to] = [times[0], times[times.length - 2]];
    const within = stored.filter((o) => String(o.pendingTime) >= from && String(o.pendingTime) <= to);
    expect(ids((await page('order/order', { pendingTime: [from, to], size: 100 })).list).sort()).toEqual(
      ids(within).sort(),
    );
    const open = stored.filter((o) => String(o.pendingTime) >= to);
    expect(ids((await page('order/order', { pendingTime: [to, ''], size: 100 })).list).sort()).toEqual(
      ids(open).sort(),
    );
    expect(
      ids(
        (await page('order/order', { pendingTime: [to.slice(0, 16).replace(' ', 'T'), null], size: 100 })).list,
      ).sort(),
    ).toEqual(ids(open).sort());
    expect(await rejected('order/order', { pendingTime: from })).toMatch(/^pendingTime/);
    expect(await rejected('order/order', { pendingTime: [from, to, to] })).toMatch(/^pendingTime/);
    expect(await rejected('order/order', { pendingTime: ['yesterday', to] })).toMatch(/^pendingTime\.0/);
  });

  it('sorts by order/sort: columns, comma lists, join aliases, any letter case', async () => {
    const stored = await t.rows('product_info');
    const asc = (await page('product/info', { order: 'price', sort: 'ASC', size: 100 })).list.map((p) => p.price);
    expect(asc).toEqual(stored.map((p) => Number(p.price)).sort((a, b) => a - b));
    const two = (await page('product/info', { order: 'status,price', sort: 'desc, asc', size: 100 })).list;
    const expected = [...stored].sort(
      (a, b) => Number(b.status) - Number(a.status) || Number(a.price) - Number(b.price) || Number(b.id) - Number(a.id),
    );
    expect(ids(two)).toEqual(ids(expected));
    const joined = (await page('product/info', { order: 'categoryName', sort: 'desc', size: 100 })).list.map((p) =>
      String(p.categoryName),
    );
    expect(joined).toEqual([...joined].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const noSort = (await page('product/info', { order: 'sales', size: 100 })).list.map((p) => Number(p.sales));
    expect(noSort).toEqual([...noSort].sort((a, b) => b - a));
  });

  it('refuses order/sort outside the whitelist, and the tables stay as they were', async () => {
    const before = await t.rows('product_info');
    for (const order of [
      'nope',
      'price; drop table product_info',
      '(select 1)',
      'a.price',
      '"price"',
      'price desc',
      'price--',
      'password',
    ]) {
      expect(await rejected('product/info', { order, sort: 'asc' })).toMatch(/^order/);
    }
    expect(await rejected('base/sys/user', { order: 'password', sort: 'asc' })).toMatch(/^order/);
    expect(await rejected('product/info', { order: 'price', sort: 'sideways' })).toBe('sort 非法传参~');
    expect(await rejected('product/info', { order: 'price', sort: 'asc; drop table x' })).toBe('sort 非法传参~');
    expect(await rejected('product/info', { order: 'price,sales', sort: 'asc' })).toBe('排序参数不正确');
    expect(await rejected('product/info', { order: ['price'], sort: 'asc' })).toMatch(/^order/);
    expect(await t.rows('product_info')).toEqual(before);
    const tables = await untyped(t.app.joinery.database.db).selectFrom('product_info').select('id').execute();
    expect(tables).toHaveLength(before.length);
  });
});
