import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../support/harness.js';
import { sanitiseName } from '../../modules/base/files/upload-files.js';
import { file, MAX, png, pdf, uploadSuite } from './upload-suite.js';

describe.each(DIALECTS)('upload (%s)', (dialect) => {
  const { started, send, uploads, storedFiles, spaceRows, refusedCleanly } = uploadSuite(dialect);
  let t: TestApp;
  beforeAll(() => {
    ({ t } = started());
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

  it('refuses an unknown folder (classifyId) with 400 and keeps nothing', async () => {
    await refusedCleanly([{ name: 'classifyId', value: '999999' }, file('a.png', png(100))], 400);
    await refusedCleanly([{ name: 'classifyId', value: '../1' }, file('a.png', png(100))], 400);
  });
});
