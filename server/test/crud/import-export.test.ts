import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { dbFingerprint } from '../support/db-fingerprint.js';
import { createStaff, menuRows } from '../support/create-staff.js';
import type { Row } from '../../core/db/row.js';
import { parseCsv } from '../../core/crud/csv.js';
import { multipart as formBody } from '../support/multipart.js';

/** A multipart body with text fields and one file, as a browser's FormData sends it. */
const multipart = (filename: string, content: Buffer, fields: Record<string, string> = {}) =>
  formBody([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', filename, content }]);

/** A zip whose central directory claims one entry of 2 GB: an xlsx that would unpack into far too much. */
function zipBomb(): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt32LE(0x7fffffff, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt32LE(0x7fffffff, 24);
  central.writeUInt16LE(name.length, 28);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(46 + name.length, 12);
  eocd.writeUInt32LE(30 + name.length, 16);
  return Buffer.concat([local, name, central, name, eocd]);
}

describe.each(DIALECTS)('export and import (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let category: { id: number; name: string };

  const exportFile = async (prefix: string, body: Row, language = 'zh-cn', token = admin) => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/admin/${prefix}/export`,
      headers: { authorization: token, language },
      payload: body,
    });
    return { status: r.statusCode, headers: r.headers, body: r.rawPayload };
  };
  const importFile = async (prefix: string, filename: string, content: Buffer, dryRun: boolean, token = admin) => {
    const { payload, headers } = multipart(filename, content, { dryRun: String(dryRun) });
    const r = await t.app.inject({
      method: 'POST',
      url: `/admin/${prefix}/import`,
      headers: { ...headers, authorization: token, language: 'zh-cn' },
      payload,
    });
    return {
      status: r.statusCode,
      body: JSON.parse(r.body) as Row & { data: Row & { errors: Row[]; rows: Row[] }; details?: Row[] },
    };
  };

  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
    category = (
      (await t.call('POST', '/admin/product/category/list', { token: admin, body: {} })).body.data as {
        id: number;
        name: string;
      }[]
    )[0];
  });
  afterAll(() => t.close());

  it('CSV: the filtered list with labels, dictionary names, yuan and relation names in the caller language; formulas defused', async () => {
    for (const [name, price] of [
      ['Export Oak Stool', 12950],
      ['=HYPERLINK("http://evil.test","Export click")', 100],
    ] as const) {
      expect(
        (
          await t.call('POST', '/admin/product/info/add', {
            token: admin,
            body: { name, price, categoryId: category.id, status: 1 },
          })
        ).status,
      ).toBe(200);
    }
    const r = await exportFile('product/info', { keyWord: 'Export', format: 'csv', order: 'price', sort: 'desc' });
    expect(r.status, r.body.toString()).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(r.headers['content-disposition'])).toMatch(
      /^attachment; filename="product-info\.csv"; filename\*=UTF-8''/,
    );
    expect(r.headers['x-total-count']).toBe('2');
    const text = r.body.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, first, second, ...rest] = parseCsv(text.slice(1));
    expect(rest).toEqual([]);
    const col = (name: string) => header.indexOf(name);
    expect(header.slice(0, 3)).toEqual(['ID', '商品名称', '型号']);
    expect([first[col('商品名称')], first[col('价格')], first[col('分类')], first[col('上架状态')]]).toEqual([
      'Export Oak Stool',
      '129.5',
      category.name,
      '已上架',
    ]);
    expect(second[col('商品名称')]).toBe('\'=HYPERLINK("http://evil.test","Export click")');
    const en = parseCsv(
      (await exportFile('product/info', { keyWord: 'Oak Stool', format: 'csv' }, 'en')).body.toString('utf8').slice(1),
    );
    expect([en[0][1], en[1][en[0].indexOf('Shelf status')]]).toEqual(['Name', 'On shelf']);
  });

  it('XLSX: the same rows as a workbook, money as numbers; chosen columns in their order', async () => {
    const r = await exportFile('product/info', {
      keyWord: 'Oak Stool',
      format: 'xlsx',
      columns: ['name', 'price', 'categoryId'],
    });
    expect(r.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['商品名称', '价格', '分类']);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['Export Oak Stool', 129.5, category.name]);
    const bad = await exportFile('product/info', { format: 'pdf' });
    expect(bad.status).toBe(400);
    expect((await exportFile('product/info', { format: 'csv', columns: ['password'] })).status).toBe(400);
    // A bad order or filter is refused before the download starts, as the list refuses it, in the caller's language.
    for (const [body, field] of [
      [{ format: 'csv', order: 'password', sort: 'asc' }, 'order'],
      [{ format: 'xlsx', status: 'not-a-status' }, 'status'],
    ] as const) {
      const refused = await exportFile('product/info', body, 'en');
      expect(refused.status, refused.body.toString()).toBe(400);
      expect(String(refused.headers['content-type'])).toMatch(/^application\/json/);
      const reply = JSON.parse(refused.body.toString()) as { message: string; details: { path: string }[] };
      expect(reply.details.map((d) => d.path)).toEqual([field]);
      expect(reply.message).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('import: a dry run reports every row (adds, changes, errors by row and column) and changes nothing; an apply with a bad row changes nothing; a clean file applies in one go', async () => {
    const existing = (
      (await t.call('POST', '/admin/product/info/page', { token: admin, body: { keyWord: 'Export Oak Stool' } })).body
        .data as { list: Row[] }
    ).list[0];
    const csv = [
      'ID,商品名称,分类,价格,上架状态',
      `,Import Pine Bench,${category.name},88.5,已上架`,
      `,Import Bad Price,${category.name},cheap,已上架`,
      ',Import Bad Category,No Such Category,10,已上架',
      `${String(existing.id)},Export Oak Stool,${category.name},140,Off shelf`,
      `,Import Bad Status,${category.name},10,Flying`,
      `,,${category.name},10,已上架`,
    ].join('\n');
    const before = await dbFingerprint(t);
    const dry = await importFile('product/info', 'products.csv', Buffer.from(csv), true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    const report = dry.body.data;
    expect([report.dryRun, report.total, report.added, report.updated]).toEqual([true, 6, 1, 1]);
    expect(report.errors.map((e) => [e.row, e.column])).toEqual([
      [3, '价格'],
      [4, '分类'],
      [6, '上架状态'],
      [7, '商品名称'],
    ]);
    expect(report.rows.find((x) => x.action === 'update')).toMatchObject({
      row: 5,
      id: existing.id,
      changes: [
        { field: 'price', from: 129.5, to: 140 },
        { field: 'status', from: '已上架', to: '已下架' },
      ],
    });
    expect(await dbFingerprint(t)).toEqual(before);

    const refused = await importFile('product/info', 'products.csv', Buffer.from(csv), false);
    expect(refused.status).toBe(400);
    expect(String(refused.body.message)).toContain('未导入任何数据');
    expect(refused.body.details?.map((d) => d.path)).toEqual([
      'rows.3.price',
      'rows.4.categoryId',
      'rows.6.status',
      'rows.7.name',
    ]);
    expect(await dbFingerprint(t)).toEqual(before);

    const clean = csv
      .split('\n')
      .filter((_, i) => [0, 1, 4].includes(i))
      .join('\n');
    const applied = await importFile('product/info', 'products.csv', Buffer.from(clean), false);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect([applied.body.data.added, applied.body.data.updated, applied.body.data.errors]).toEqual([1, 1, []]);
    const page = (
      (await t.call('POST', '/admin/product/info/page', { token: admin, body: { keyWord: 'Pine Bench' } })).body
        .data as { list: Row[] }
    ).list;
    expect(page.map((p) => [p.name, p.price, p.categoryId, p.status])).toEqual([
      ['Import Pine Bench', 8850, category.id, 1],
    ]);
    const changed = (
      await t.call('GET', '/admin/product/info/info', { token: admin, query: { id: String(existing.id) } })
    ).body.data as Row;
    expect([changed.price, changed.status]).toEqual([14000, 0]);
  });

  it('an exported workbook imports back as updates that change nothing', async () => {
    const file = await exportFile('product/info', { keyWord: 'Import Pine', format: 'xlsx' });
    const again = await importFile('product/info', 'back.xlsx', file.body, true);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect([again.body.data.added, again.body.data.updated, again.body.data.errors]).toEqual([0, 1, []]);
    expect(again.body.data.rows[0].changes).toEqual([]);
  });

  it('refuses what it cannot read, and rows with ids from a caller who may only add', async () => {
    const before = await dbFingerprint(t);
    expect((await importFile('product/info', 'tool.exe', Buffer.from('MZ'), true)).status).toBe(415);
    expect((await importFile('product/info', 'broken.xlsx', Buffer.from('not a zip at all'), true)).status).toBe(415);
    expect((await importFile('product/info', 'bomb.xlsx', zipBomb(), true)).status).toBe(413);
    const unknown = await importFile('product/info', 'x.csv', Buffer.from('商品名称,Colour\nA,red'), true);
    expect([unknown.status, unknown.body.details?.[0].path]).toEqual([400, 'header.Colour']);
    expect((await importFile('product/info', 'x.csv', Buffer.from('商品名称'), true)).status).toBe(400);
    const notMultipart = await t.call('POST', '/admin/product/info/import', { token: admin, body: { rows: [] } });
    expect(notMultipart.status).toBe(400);
    expect(await dbFingerprint(t)).toEqual(before);

    // A staff member holding add but not update on products.
    const rows = await menuRows(t, admin);
    const addButton = rows.find((m) => String(m.perms).split(',').includes('product:info:add'))!;
    const page = rows.find((m) => m.id === addButton.parentId)!;
    const buttons = rows.filter(
      (m) =>
        m.parentId === page.id && /product:info:(page|add)/.test(String(m.perms)) && !/update/.test(String(m.perms)),
    );
    const staff = await createStaff(t, admin, {
      username: 'importer',
      menuIds: [page.id, page.parentId!, ...buttons.map((b) => b.id)].filter(Boolean) as number[],
    });
    const token = await t.login(staff.username, staff.password);
    const beforeImport = await dbFingerprint(t);
    const existing = (
      (await t.call('POST', '/admin/product/info/page', { token: admin, body: { keyWord: 'Pine Bench' } })).body
        .data as { list: Row[] }
    ).list[0];
    const r = await importFile(
      'product/info',
      'x.csv',
      Buffer.from(`ID,商品名称,分类,价格\n${String(existing.id)},Renamed,${category.name},1`),
      true,
      token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.errors).toEqual([
      expect.objectContaining({ row: 2, field: 'id', message: expect.stringContaining('product:info:update') }),
    ]);
    expect(await dbFingerprint(t)).toEqual(beforeImport);
  });
});
