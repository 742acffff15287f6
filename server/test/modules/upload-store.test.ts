import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import sharp from 'sharp';
import { bombPng, file, MAX, png, fakePng, pdf, uploadSuite } from './upload-suite.js';

describe.each(DIALECTS)('upload (%s)', (dialect) => {
  const { started, send, storedFiles, tempFiles, spaceRows, refusedCleanly } = uploadSuite(dialect);
  let t: TestApp;
  let token: string;
  beforeAll(() => {
    ({ t, token } = started());
  });

  it('refuses anonymous callers with 401 (upload and uploadMode)', async () => {
    const r = await send([file('a.png', png(100))], { token: null });
    expect(r.status).toBe(401);
    expect((await t.call('GET', '/admin/base/comm/uploadMode')).status).toBe(401);
    expect(storedFiles()).toEqual([]);
  });

  it('uploadMode tells the mode and the limits', async () => {
    const r = await t.call('GET', '/admin/base/comm/uploadMode', { token });
    expect(r.status, r.raw).toBe(200);
    const data = r.body.data as Row;
    expect(data).toMatchObject({ mode: 'local', type: 'local', maxSize: MAX, maxFiles: 9 });
    expect((data.kinds as Record<string, string[]>).image).toEqual(expect.arrayContaining(['.png', '.jpg', '.svg']));
  });

  it('round trip: the returned URL serves the same bytes, and the file space lists the file', async () => {
    const type = await t.call('POST', '/admin/space/type/add', { token, body: { name: 'Pictures' } });
    expect(type.status, type.raw).toBe(200);
    const classifyId = Number((type.body.data as Row).id);
    const bytes = png(MAX - 100);
    const r = await send([
      { name: 'key', value: '3f2a0c6e-8f5b-4c1e-9d2a-1b2c3d4e5f60_Sofa photo.PNG' },
      { name: 'classifyId', value: String(classifyId) },
      file('blob', bytes),
    ]);
    expect(r.status, r.raw).toBe(200);
    const url = r.body.data as string;
    // Under the API's own prefix (stripped by the server): reachable wherever the API is, behind an /api-only proxy too.
    expect(url).toMatch(/^\/api\/public\/uploads\/\d{8}\/[0-9a-f]{32}_Sofa_photo\.png$/);
    const got = await t.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toBeUndefined();
    const row = (await spaceRows()).find((x) => x.url === url)!;
    expect(row).toMatchObject({
      type: 'image',
      name: 'Sofa photo.PNG',
      classifyId,
      key: url.replace(/^\/api/, ''),
      width: 1,
      height: 1,
    });
    // Who uploaded it, by name in the file space.
    expect(Number(row.userId)).toBeGreaterThan(0);
    const listed = (
      (await t.call('POST', '/admin/space/info/page', { token, body: { classifyId } })).body.data as { list: Row[] }
    ).list[0];
    expect(listed.userName).toBeTruthy();
    expect(Number(row.size)).toBe(bytes.length);
    expect(String(row.fileId)).toBe(url.replace('/api/public/uploads/', ''));
    // The file space's own list finds it by folder and kind.
    const page = await t.call('POST', '/admin/space/info/page', { token, body: { classifyId, type: 'image' } });
    expect((page.body.data as Row).list).toEqual([expect.objectContaining({ url })]);
    expect(tempFiles()).toEqual([]);
  });

  it('pictures: their size is recorded and a WebP thumbnail made; a PNG that does not decode is 415, a decompression bomb 413, and both leave nothing', async () => {
    // One colour compresses to a few hundred bytes, within this suite's 4 KB limit.
    const photo = await sharp({
      create: { width: 400, height: 250, channels: 3, background: { r: 180, g: 120, b: 60 } },
    })
      .png()
      .toBuffer();
    expect(photo.length).toBeLessThan(MAX);
    const r = await send([file('oak table.png', photo)]);
    expect(r.status, r.raw).toBe(200);
    const row = (await spaceRows()).find((x) => x.url === r.body.data)!;
    expect([Number(row.width), Number(row.height)]).toEqual([400, 250]);
    expect(String(row.thumbUrl)).toBe(`${String(r.body.data)}.thumb.webp`);
    const thumb = await t.app.inject({ method: 'GET', url: String(row.thumbUrl) });
    expect([thumb.statusCode, thumb.headers['content-type']]).toEqual([200, 'image/webp']);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 200]);
    // Not pictures: no size, no thumbnail.
    const doc = await send([file('notes.pdf', pdf())]);
    expect((await spaceRows()).find((x) => x.url === doc.body.data)).toMatchObject({
      width: null,
      height: null,
      thumbUrl: null,
    });
    // The signature of a PNG and noise after it.
    await refusedCleanly([file('noise.png', fakePng(300))], 415);
    // A PNG whose header claims 100,000 × 100,000 pixels is refused before it is decoded (413 naming the pixel limit).
    await refusedCleanly([file('bomb.png', bombPng())], 413);
  });

  it('references: the records that use a file (media fields, rich text) are listed before it is deleted', async () => {
    const used = await send([file('used.png', png(200))]);
    const unused = await send([file('unused.png', png(200))]);
    const url = String(used.body.data);
    const rows = await spaceRows();
    const usedId = Number(rows.find((r) => r.url === url)!.id);
    const unusedId = Number(rows.find((r) => r.url === unused.body.data)!.id);
    const category = ((await t.call('POST', '/admin/product/category/list', { token, body: {} })).body.data as Row[])[0]
      .id;
    const products: number[] = [];
    for (const body of [
      { pic: url },
      { pics: ['/public/x.png', url] },
      { detail: `<p>Look: <img src="${url}"></p>` },
    ]) {
      const added = await t.call('POST', '/admin/product/info/add', {
        token,
        body: { name: `Uses ${Object.keys(body)[0]}`, price: 100, categoryId: category, ...body },
      });
      expect(added.status, added.raw).toBe(200);
      products.push(Number((added.body.data as Row).id));
    }
    expect((await t.call('POST', '/admin/base/comm/personUpdate', { token, body: { headImg: url } })).status).toBe(200);
    const r = await t.call('POST', '/admin/space/info/references', { token, body: { ids: [usedId, unusedId] } });
    expect(r.status, r.raw).toBe(200);
    const [usedRefs, unusedRefs] = r.body.data as {
      id: number;
      references: { prefix: string; fields: string[]; ids: number[]; count: number }[];
    }[];
    expect(usedRefs.id).toBe(usedId);
    const byPrefix = Object.fromEntries(usedRefs.references.map((x) => [x.prefix, x]));
    expect(Object.keys(byPrefix).sort()).toEqual(['base/sys/user', 'product/info']);
    expect(byPrefix['product/info']).toMatchObject({ count: 3, ids: products });
    expect(byPrefix['product/info'].fields).toEqual(expect.arrayContaining(['pic', 'pics', 'detail']));
    expect(byPrefix['base/sys/user'].count).toBe(1);
    expect(unusedRefs.references).toEqual([]);
    // A file recorded by a client with a name of its own (no random part) is found by its path; LIKE's wildcards in
    // it match only themselves.
    const own = await t.call('POST', '/admin/space/info/add', {
      token,
      body: { url: '/public/x_1%.png', name: 'x_1%.png', type: 'image' },
    });
    const ownId = Number((own.body.data as Row).id);
    await t.call('POST', '/admin/product/info/add', {
      token,
      body: { name: 'Uses own', price: 100, categoryId: category, pic: '/public/x_1%.png' },
    });
    await t.call('POST', '/admin/product/info/add', {
      token,
      body: { name: 'Uses lookalike', price: 100, categoryId: category, pic: '/public/xa1b.png' },
    });
    const ownRefs = (
      (await t.call('POST', '/admin/space/info/references', { token, body: { ids: [ownId] } })).body.data as {
        references: { count: number }[];
      }[]
    )[0];
    expect(ownRefs.references.map((x) => x.count)).toEqual([1]);
    const bad = await t.call('POST', '/admin/space/info/references', { token, body: { ids: [] } });
    expect([bad.status, (bad.body.details as Row[])[0].path]).toEqual([400, 'ids']);
    expect((await t.call('POST', '/admin/base/comm/personUpdate', { token, body: { headImg: '' } })).status).toBe(200);
  });
});
