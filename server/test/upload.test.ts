import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { pbkdf2, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from './harness.js';
import type { Row } from '../core/db/row.js';
import { sanitiseName } from '../modules/base/files/upload-files.js';
import sharp from 'sharp';
import { deflateSync } from 'node:zlib';
import { pngFile } from './png.js';
import { waitFor } from './task-helpers.js';

/** A small, valid PNG whose header claims 100,000 × 100,000 grey pixels (10 gigapixels once decoded). */
const bombPng = () => pngFile(100_000, 100_000, 8, deflateSync(Buffer.alloc(100_001 * 4)));

const MAX = 4096;
const UPLOAD = '/admin/base/comm/upload';

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body written by hand, as a browser sends it (raw UTF-8 in names). */
function multipart(
  parts: Part[],
  options: { cutAfter?: number } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----joinery${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        p.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (options.cutAfter !== undefined) payload = payload.subarray(0, options.cutAfter);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A real 1×1 PNG: pictures are decoded at upload (size, thumbnail). */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG of an exact length: a real picture, then bytes after its end (which decoders ignore). */
const png = (length: number) => Buffer.concat([PIXEL, randomBytes(length - PIXEL.length)]);
/** The PNG signature and noise: sniffs as a PNG but is none. */
const fakePng = (length: number) => Buffer.concat([PNG_SIG, randomBytes(length - PNG_SIG.length)]);
const pdf = (length = 300) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(length - 9)]);
const file = (filename: string, content: Buffer, name = 'file'): Part => ({ name, filename, content });

/** Every file under a folder, as paths relative to it. */
function walk(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    return d.isDirectory() ? walk(full, base) : [path.relative(base, full)];
  });
}

describe.each(DIALECTS)('upload (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let dataFilesBefore: string[];

  const send = async (parts: Part[], o: { token?: string | null; cutAfter?: number } = {}) => {
    const { payload, headers } = multipart(parts, { cutAfter: o.cutAfter });
    const auth = o.token === null ? undefined : (o.token ?? token);
    const res = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload,
      headers: { ...headers, ...(auth ? { authorization: auth } : {}) },
    });
    let body: Row = {};
    try {
      body = res.json() as Row;
    } catch {
      body = {};
    }
    return { status: res.statusCode, body, raw: res.body };
  };
  const uploads = () => path.join(t.dataDir, 'uploads');
  const storedFiles = () => walk(uploads());
  const tempFiles = () => walk(path.join(t.dataDir, 'tmp'));
  const spaceRows = () => t.rows('space_info');
  /** Runs a refused upload and checks that it left no file (stored or temporary) and no row. */
  const refusedCleanly = async (parts: Part[], status: number, o: { cutAfter?: number } = {}) => {
    const files = storedFiles();
    const rows = (await spaceRows()).length;
    const r = await send(parts, o);
    expect(r.status, r.raw).toBe(status);
    expect(r.body.code, r.raw).not.toBe(1000);
    expect(storedFiles()).toEqual(files);
    expect(tempFiles()).toEqual([]);
    expect((await spaceRows()).length).toBe(rows);
    return r;
  };

  beforeAll(async () => {
    t = await startApp(dialect, { limits: { uploadMaxBytes: MAX } });
    token = await t.login();
    dataFilesBefore = walk(t.dataDir).filter((f) => !f.startsWith('uploads') && !f.startsWith('tmp'));
  });
  afterAll(async () => {
    // Whatever ran, nothing was written into the data folder outside the upload root (SQLite's own files aside).
    const outside = walk(t.dataDir).filter(
      (f) => !f.startsWith(`uploads${path.sep}`) && !f.startsWith(`tmp${path.sep}`) && !/^test\.db/.test(f),
    );
    expect(outside.filter((f) => !dataFilesBefore.includes(f))).toEqual([]);
    await t.close();
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

  it('size limit: exactly the limit is stored, one byte more is 413 and leaves nothing', async () => {
    const ok = await send([file('edge.png', png(MAX))]);
    expect(ok.status, ok.raw).toBe(200);
    await refusedCleanly([file('big.png', png(MAX + 1))], 413);
    // A first file within the limit does not survive a second one over it.
    await refusedCleanly([file('small.png', png(100)), file('big.png', png(MAX + 1))], 413);
  });

  it('spoofed or unknown types are 415 and leave nothing', async () => {
    await refusedCleanly([file('photo.png', pdf())], 415);
    await refusedCleanly([file('photo.jpg', Buffer.from('just some text, not a JPEG'))], 415);
    await refusedCleanly([file('tool.exe', Buffer.from('MZ\x90\x00'))], 415);
    await refusedCleanly([file('page.html', Buffer.from('<html><script>alert(1)</script></html>'))], 415);
    await refusedCleanly([file('noext', png(100))], 415);
    await refusedCleanly([file('fake.svg', Buffer.from('<html><body><script>alert(1)</script></body></html>'))], 415);
    // The key names the file: a PNG sent as "x.pdf" is refused even though the part says .png.
    await refusedCleanly([{ name: 'key', value: 'x.pdf' }, file('x.png', png(100))], 415);
    // A good file before a spoofed one is not kept either.
    await refusedCleanly([file('a.png', png(100)), file('b.pdf', png(100))], 415);
    // The declared content type counts for nothing: a real PDF sent as image/png is a PDF.
    const r = await send([{ name: 'file', filename: 'doc.pdf', content: pdf(), type: 'image/png' }]);
    expect(r.status, r.raw).toBe(200);
    expect((await spaceRows()).find((x) => x.url === r.body.data)).toMatchObject({ type: 'pdf' });
  });

  it('path tricks in key never leave the upload root', async () => {
    const keys = [
      '../../x.png',
      '/etc/passwd.png',
      '..\\..\\win.png',
      'C:\\Windows\\evil.png',
      'a\u0000b/../c.png',
      '....//....//d.png',
      '照片 ✓ été.png',
      '%2e%2e%2fenc.png',
      'x\u202Egnp.png',
    ];
    for (const key of keys) {
      const before = storedFiles();
      const r = await send([{ name: 'key', value: key }, file('f.png', png(200))]);
      expect(r.status, `${JSON.stringify(key)}: ${r.raw}`).toBe(200);
      const url = r.body.data as string;
      expect(url).toMatch(/^\/api\/public\/uploads\/\d{8}\/[0-9a-f]{32}_[^/]+\.png$/);
      // The file and its thumbnail, side by side.
      const all = storedFiles().filter((f) => !before.includes(f));
      expect(all.filter((f) => f.endsWith('.thumb.webp'))).toHaveLength(1);
      const added = all.filter((f) => !f.endsWith('.thumb.webp'));
      expect(added).toHaveLength(1);
      expect(added[0].split(path.sep)).toHaveLength(2);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for a NUL left in the name
      expect(added[0]).not.toMatch(/\.\.|\u0000|\\|\u202E/);
      const got = await t.app.inject({ method: 'GET', url });
      expect(got.statusCode, key).toBe(200);
      const row = (await spaceRows()).find((x) => x.url === url)!;
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for a NUL left in the name
      expect(String(row.name)).not.toMatch(/[/\\\u0000\u202E]/);
    }
    expect(sanitiseName('照片 ✓ été.png')).toEqual({ display: '照片 ✓ été.png', stem: '照片_été', ext: 'png' });
    // A key that is only a folder leaves no extension: refused.
    await refusedCleanly([{ name: 'key', value: '../../' }, file('f.png', png(100))], 415);
  });

  it('SVG is served inert (sandbox policy) and other documents as downloads', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><circle r="5"/></svg>',
    );
    const r = await send([file('logo.svg', svg)]);
    expect(r.status, r.raw).toBe(200);
    const got = await t.app.inject({ method: 'GET', url: r.body.data as string });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(String(got.headers['content-security-policy'])).toMatch(/^sandbox;.*default-src 'none'/);
    expect(String(got.headers['content-security-policy'])).not.toMatch(/script-src/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const txt = await send([file('notes.txt', Buffer.from('<script>alert(1)</script>'))]);
    expect(txt.status, txt.raw).toBe(200);
    const gotTxt = await t.app.inject({ method: 'GET', url: txt.body.data as string });
    expect(gotTxt.headers['content-disposition']).toBe('attachment');
    expect(String(gotTxt.headers['content-security-policy'])).toMatch(/^sandbox;/);
    // A PDF is shown inline (the browser's viewer does not start in a sandbox) and only framed by the console.
    const doc = await send([file('manual.pdf', pdf())]);
    const gotPdf = await t.app.inject({ method: 'GET', url: doc.body.data as string });
    expect(gotPdf.headers['content-type']).toBe('application/pdf');
    expect(gotPdf.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(gotPdf.headers['content-disposition']).toBeUndefined();
    // Whatever else lies in the upload folder (put there by hand) is a sandboxed download.
    fs.writeFileSync(path.join(uploads(), 'hand.html'), '<script>alert(1)</script>');
    const html = await t.app.inject({ method: 'GET', url: '/public/uploads/hand.html' });
    expect(html.headers['content-disposition']).toBe('attachment');
    expect(String(html.headers['content-security-policy'])).toMatch(/^sandbox;/);
    fs.rmSync(path.join(uploads(), 'hand.html'));
  });

  it('at most 9 files per call: 9 are stored, 10 are 413 and leave nothing', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => file(`p${i}.png`, png(80)));
    const r = await send(nine);
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toHaveLength(9);
    await refusedCleanly([...nine, file('p9.png', png(80))], 413);
  });

  it('a cut-off upload, an empty one and a non-multipart call leave nothing', async () => {
    const parts = [file('a.png', png(300)), file('b.png', png(2000))];
    const whole = multipart(parts).payload.length;
    const r = await refusedCleanly(parts, 400, { cutAfter: whole - 500 });
    expect(r.body.message).toMatch(/^上传失败/);
    const empty = await refusedCleanly([{ name: 'key', value: 'x.png' }], 400);
    expect(empty.body.message).toBe('上传文件为空');
    await refusedCleanly([file('zero.png', Buffer.alloc(0))], 400);
    const json = await t.call('POST', UPLOAD, { token, body: { key: 'x.png' } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('上传文件为空');
  });

  it('many cut-off uploads at once leave no temporary file behind', async () => {
    const parts = [file('a.png', png(300)), file('b.png', png(2000))];
    const whole = multipart(parts).payload.length;
    // libuv's thread pool kept busy (as under a full test run or real load): file opens wait in its queue.
    let busy = true;
    const hog = async () => {
      while (busy) await new Promise((resolve) => pbkdf2(' ', 's', 20_000, 32, 'sha256', resolve));
    };
    const hogs = Array.from({ length: 8 }, hog);
    try {
      for (let round = 0; round < 5; round++) {
        const replies = await Promise.all(Array.from({ length: 20 }, () => send(parts, { cutAfter: whole - 500 })));
        expect(replies.map((r) => r.status)).toEqual(replies.map(() => 400));
        expect(tempFiles()).toEqual([]);
      }
    } finally {
      busy = false;
      await Promise.all(hogs);
    }
  });

  it('a client that hangs up mid-file leaves nothing (real socket)', async () => {
    const files = storedFiles();
    const rows = (await spaceRows()).length;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const { payload, headers } = multipart([file('a.png', png(300)), file('b.png', png(MAX - 10))]);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST ${UPLOAD} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${token}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, payload.length - 1000));
    // The client hangs up once the upload has reached its temporary files (else the case would pass untested).
    await waitFor('the upload to reach its temporary files', async () => tempFiles().length > 0, 10_000, 10);
    socket.destroy();
    await waitFor('its temporary files to be removed', async () => tempFiles().length === 0, 10_000, 10);
    expect(tempFiles()).toEqual([]);
    expect(storedFiles()).toEqual(files);
    expect((await spaceRows()).length).toBe(rows);
  });

  it('a client that records the upload itself (space/info/add, as the original Vue does) leaves one row per file', async () => {
    const r = await send([{ name: 'key', value: 'chair.png' }, file('chair.png', png(321))]);
    expect(r.status, r.raw).toBe(200);
    const url = r.body.data as string;
    const type = await t.call('POST', '/admin/space/type/add', { token, body: { name: 'Chairs' } });
    const classifyId = Number((type.body.data as Row).id);
    const add = await t.call('POST', '/admin/space/info/add', {
      token,
      body: { url, name: 'Chair, front', classifyId, key: url },
    });
    expect(add.status, add.raw).toBe(200);
    const rows = (await spaceRows()).filter((x) => x.url === url);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: (add.body.data as Row).id,
      name: 'Chair, front',
      classifyId,
      type: 'image',
      fileId: url.replace('/api/public/uploads/', ''),
    });
    expect(Number(rows[0].size)).toBe(321);
    // The blanks filled from the upload's row are in the record's history after its add (issue 31): replayed, the
    // history gives the row as stored.
    const history = (await t.rows('base_sys_history'))
      .filter((h) => h.entityPrefix === 'space/info' && Number(h.recordId) === Number(rows[0].id))
      .map((h) => ({ version: Number(h.version), changes: JSON.parse(String(h.changes)) as Row }));
    expect(history.map((h) => h.version).sort()).toEqual([1, 2]);
    expect(Number(rows[0].revision)).toBe(2);
    const replayed: Row = {};
    for (const h of history.sort((a, b) => a.version - b.version))
      for (const [name, pair] of Object.entries(h.changes)) replayed[name] = (pair as unknown[])[1];
    expect(replayed).toMatchObject({ type: 'image', size: 321, fileId: rows[0].fileId, name: 'Chair, front' });
    // Any other URL is added as before.
    const other = await t.call('POST', '/admin/space/info/add', {
      token,
      body: { url: 'https://example.com/a.png', name: 'External' },
    });
    expect(other.status, other.raw).toBe(200);
  });

  it('refuses an unknown folder (classifyId) with 400 and keeps nothing', async () => {
    await refusedCleanly([{ name: 'classifyId', value: '999999' }, file('a.png', png(100))], 400);
    await refusedCleanly([{ name: 'classifyId', value: '../1' }, file('a.png', png(100))], 400);
  });

  it('concurrent uploads each get their own file and row', async () => {
    const before = (await spaceRows()).length;
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => send([file(`same.png`, png(500 + i))])));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.body.data)).size).toBe(8);
    expect((await spaceRows()).length).toBe(before + 8);
  });
});
