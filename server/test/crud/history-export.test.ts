import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { parseCsv } from '../../core/crud/csv.js';
import { createStaff, menuRows } from '../support/create-staff.js';

/** More writes than one batch of the export reads (1000), so the file is streamed batch after batch. */
const MANY = 1200;

/**
 * Issue 31, "export of history streams": `<prefix>/historyExport` writes the history search as a CSV or XLSX file,
 * batch by batch, one line per changed field with labels, dictionary names, yuan and relation names in the caller's
 * language; the data scope applies as it does to `<prefix>/history`.
 */
describe.each(DIALECTS)('history export (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  const post = (url: string, body: unknown, token = admin) => t.call('POST', `/admin/${url}`, { token, body });
  const exportFile = async (prefix: string, body: Row, language = 'zh-cn', token = admin) => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/admin/${prefix}/historyExport`,
      headers: { authorization: token, language },
      payload: body,
    });
    return { status: r.statusCode, headers: r.headers, body: r.rawPayload };
  };
  const csvOf = (body: Buffer) => {
    const text = body.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    return parseCsv(text.slice(1)).filter((r) => r.length > 1);
  };

  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('streams every price change, newest first, in yuan; a record’s whole timeline with relation and dictionary names', async () => {
    const categories = (await post('product/category/list', {})).body.data as { id: number; name: string }[];
    const ids: number[] = [];
    for (let from = 0; from < MANY; from += 400) {
      const batch = Array.from({ length: 400 }, (_, k) => ({
        name: `HX-${from + k}`,
        price: 10000 + from + k,
        categoryId: categories[0].id,
        status: 1,
      }));
      const r = await post('product/info/add', batch);
      expect(r.status, r.raw.slice(0, 300)).toBe(200);
      ids.push(...((r.body.data as Row).id as number[]).map(Number));
    }
    const first = ids[0];
    const moved = await post('product/info/update', { id: first, price: 20000, categoryId: categories[1].id });
    expect(moved.status, moved.raw).toBe(200);

    const r = await exportFile('product/info', { field: 'price', format: 'csv' });
    expect(r.status, r.body.toString().slice(0, 300)).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(r.headers['content-disposition'])).toMatch(/^attachment; filename="product-info-history\.csv"/);
    expect(r.headers['x-total-count']).toBe(String(MANY + 1));
    const [header, ...lines] = csvOf(r.body);
    expect(header).toEqual(['时间', '用户', '操作', '记录', '版本', '字段', '原值', '新值', '请求地址']);
    // One line per write (the search names one field), the newest first: the change of the first product's price.
    expect(lines).toHaveLength(MANY + 1);
    expect(lines[0].slice(1, 9)).toEqual([
      '超级管理员',
      '修改',
      String(first),
      '2',
      '价格',
      '100',
      '200',
      '/admin/product/info/update',
    ]);
    const adds = lines.slice(1);
    expect(adds.every((l) => l[2] === '新增' && l[4] === '1' && l[5] === '价格' && l[6] === '')).toBe(true);
    expect(new Set(adds.map((l) => Number(l[3])))).toEqual(new Set(ids));
    const added = adds.find((l) => Number(l[3]) === ids[7])!;
    expect(added[7]).toBe(String((10000 + 7) / 100));

    // One record's timeline in English, as a workbook: every field of its add, then the change with category names.
    const x = await exportFile('product/info', { id: first, format: 'xlsx' }, 'en');
    expect(x.status).toBe(200);
    expect(x.headers['x-total-count']).toBe('2');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.body as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]).toEqual([
      'Time',
      'User',
      'Action',
      'Record',
      'Revision',
      'Field',
      'Old value',
      'New value',
      'Request path',
    ]);
    const change = rows.filter((row) => row[2] === 'Edited').map((row) => row.slice(5, 8));
    expect(change).toEqual(
      expect.arrayContaining([
        ['Price', 100, 200],
        ['Category', categories[0].name, categories[1].name],
      ]),
    );
    expect(rows.some((row) => row[2] === 'Added' && row[5] === 'Shelf status' && row[7] === 'On shelf')).toBe(true);
    // The history search lists who made the writes it finds (the choices of the screen's user filter).
    const who = await post('product/info/history', { field: 'price', size: 1, users: true });
    expect((who.body.data as Row).users).toEqual([{ id: 1, name: '超级管理员' }]);
    // A bad format is a 400; the route needs the entity's read permission.
    expect((await exportFile('product/info', { format: 'pdf' })).status).toBe(400);
    expect((await exportFile('product/info', { field: 'nope' })).status).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/admin/product/info/historyExport', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('a delegated admin exports only the history of the records its data scope shows', async () => {
    const dept = Number(
      ((await post('base/sys/department/add', { name: 'hx_branch', parentId: 1 })).body.data as Row).id,
    );
    const add = async (username: string, departmentId?: number) =>
      Number(
        (await post('base/sys/user/add', { username, name: username, password: 'Hx-pass-1', departmentId })).body.data,
      );
    const inside = await add('hx_in', dept);
    const outside = await add('hx_out');
    const menus = (await menuRows(t, admin)).filter((m) => /base:sys:user:/.test(m.perms ?? '')).map((m) => m.id);
    const staff = await createStaff(t, admin, {
      username: 'hx_staff',
      menuIds: menus,
      departmentIds: [dept],
      departmentId: dept,
    });
    const token = await t.login(staff.username, staff.password);
    const records = (body: Buffer) =>
      new Set(
        csvOf(body)
          .slice(1)
          .map((l) => Number(l[3])),
      );
    const mine = await exportFile('base/sys/user', {}, 'zh-cn', token);
    expect(mine.status).toBe(200);
    expect(records(mine.body).has(inside)).toBe(true);
    expect(records(mine.body).has(outside)).toBe(false);
    // The password of an add is a marker only.
    expect(mine.body.toString('utf8')).not.toContain('Hx-pass-1');
    expect(records((await exportFile('base/sys/user', {})).body).has(outside)).toBe(true);
  });
});
