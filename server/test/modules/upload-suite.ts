import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { type DialectUnderTest, startApp, type TestApp } from '../support/harness.js';
import { deflateSync } from 'node:zlib';
import { pngFile } from '../crud/png.js';

/** What the upload tests (upload-*.test.ts) share: request bodies, sample files and the app they run on. */

/** A small, valid PNG whose header claims 100,000 × 100,000 grey pixels (10 gigapixels once decoded). */
export const bombPng = () => pngFile(100_000, 100_000, 8, deflateSync(Buffer.alloc(100_001 * 4)));

export const MAX = 4096;
export const UPLOAD = '/admin/base/comm/upload';

import { multipart, type Part } from '../support/multipart.js';

export { multipart, type Part };

export const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A real 1×1 PNG: pictures are decoded at upload (size, thumbnail). */
export const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG of an exact length: a real picture, then bytes after its end (which decoders ignore). */
export const png = (length: number) => Buffer.concat([PIXEL, randomBytes(length - PIXEL.length)]);
/** The PNG signature and noise: sniffs as a PNG but is none. */
export const fakePng = (length: number) => Buffer.concat([PNG_SIG, randomBytes(length - PNG_SIG.length)]);
export const pdf = (length = 300) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(length - 9)]);
export const file = (filename: string, content: Buffer, name = 'file'): Part => ({ name, filename, content });

/** Every file under a folder, as paths relative to it. */
export function walk(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    return d.isDirectory() ? walk(full, base) : [path.relative(base, full)];
  });
}

/**
 * Starts an app with a small upload limit for the suite it is called in, checks at the end that nothing was written
 * into the data folder outside the upload root, and gives the calls and looks the tests use.
 */
export function uploadSuite(dialect: DialectUnderTest) {
  let t: TestApp;
  let token: string;
  let dataFilesBefore: string[];

  const send = async (parts: Part[], o: { token?: string | null; cutAfter?: number } = {}) => {
    const { payload, headers } = multipart(parts, { cutAfter: o.cutAfter });
    const auth = o.token === null ? undefined : (o.token ?? token);
    return t.call('POST', UPLOAD, { token: auth, body: payload, headers });
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
  return { started: () => ({ t, token }), send, uploads, storedFiles, tempFiles, spaceRows, refusedCleanly };
}
