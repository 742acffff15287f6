import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { signV4, type S3Settings } from '../../core/storage/s3-storage.js';
import { multipart as formBody } from '../support/multipart.js';

/**
 * The S3 store against a real S3-compatible server run by the test: s3rver (from the npm registry), which answers the
 * S3 object API and keeps objects on disk but does not check V4 signatures (it accepts any for a known access key),
 * so the signing is checked against AWS's own published example first.
 */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const multipart = (files: { filename: string; content: Buffer }[]) =>
  formBody(files.map((f) => ({ name: 'file', ...f })));

/** Every object s3rver keeps on disk (its metadata files left out). */
function objects(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }) : []) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('._S3rver_object')) out.push(path.relative(dir, full));
    }
  };
  walk(dir);
  return out.sort();
}

describe('AWS Signature V4', () => {
  it("signs AWS's documented GET example exactly (examplebucket, /test.txt, bytes=0-9)", () => {
    const payloadHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    expect(
      signV4({
        method: 'GET',
        path: '/test.txt',
        payloadHash,
        amzDate: '20130524T000000Z',
        region: 'us-east-1',
        accessKey: 'AKIAIOSFODNN7EXAMPLE',
        secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        headers: {
          Host: 'examplebucket.s3.amazonaws.com',
          Range: 'bytes=0-9',
          'x-amz-content-sha256': payloadHash,
          'x-amz-date': '20130524T000000Z',
        },
      }),
    ).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('upload to an S3-compatible store (s3rver)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-s3-'));
  let server: S3rver;
  let settings: S3Settings;
  let t: TestApp;
  let token: string;

  const upload = async (app: TestApp, tok: string, files: { filename: string; content: Buffer }[]) => {
    const { payload, headers } = multipart(files);
    const r = await app.app.inject({
      method: 'POST',
      url: '/admin/base/comm/upload',
      payload,
      headers: { ...headers, authorization: tok },
    });
    return { status: r.statusCode, body: JSON.parse(r.body) as Row };
  };
  const spaceCount = async (app: TestApp, tok: string) =>
    (
      (await app.call('POST', '/admin/space/info/page', { token: tok, body: {} })).body.data as {
        pagination: { total: number };
      }
    ).pagination.total;

  beforeAll(async () => {
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'joinery', configs: [] }],
    });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    settings = {
      endpoint,
      bucket: 'joinery',
      region: 'us-east-1',
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      publicUrl: `${endpoint}/joinery`,
      prefix: 'uploads',
    };
    t = await startApp('sqlite', { s3: settings });
    token = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores the file and its thumbnail in the bucket; the URL serves the same bytes; uploadMode still says local', async () => {
    const photo = Buffer.concat([PIXEL, randomBytes(300)]);
    const r = await upload(t, token, [{ filename: 'oak chair.png', content: photo }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const url = String(r.body.data);
    expect(url).toMatch(new RegExp(`^${settings.publicUrl}/uploads/\\d{8}/[0-9a-f]{32}_oak_chair\\.png$`));
    const got = await fetch(url);
    expect([got.status, got.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await got.arrayBuffer()).equals(photo)).toBe(true);
    const row = (
      (await t.call('POST', '/admin/space/info/page', { token, body: {} })).body.data as { list: Row[] }
    ).list.find((x) => x.url === url)!;
    expect(row.thumbUrl).toBe(`${url}.thumb.webp`);
    expect((await fetch(String(row.thumbUrl))).headers.get('content-type')).toBe('image/webp');
    // Documents other than PDF are stored as downloads.
    const doc = await upload(t, token, [{ filename: 'notes.txt', content: Buffer.from('plain notes') }]);
    expect((await fetch(String(doc.body.data))).headers.get('content-disposition')).toBe('attachment');
    expect(((await t.call('GET', '/admin/base/comm/uploadMode', { token })).body.data as Row).mode).toBe('local');
    // Nothing stored in the local upload folder.
    const local = path.join(t.dataDir, 'uploads');
    expect(
      fs.existsSync(local)
        ? fs.readdirSync(local, { recursive: true }).filter((f) => !String(f).startsWith('tmp'))
        : [],
    ).toEqual([]);
  });

  it('a refused upload leaves no object, and a store that refuses the file fails the upload with nothing kept', async () => {
    const before = objects(dir);
    const refused = await upload(t, token, [
      { filename: 'a.png', content: Buffer.concat([PIXEL, randomBytes(50)]) },
      { filename: 'b.png', content: Buffer.from('not a png') },
    ]);
    expect(refused.status).toBe(415);
    expect(objects(dir)).toEqual(before);

    const wrong = await startApp('sqlite', { s3: { ...settings, bucket: 'no-such-bucket' } });
    try {
      const admin = await wrong.login();
      const rows = await spaceCount(wrong, admin);
      const r = await upload(wrong, admin, [{ filename: 'c.png', content: PIXEL }]);
      expect(r.status).toBe(500);
      expect(objects(dir)).toEqual(before);
      expect(await spaceCount(wrong, admin)).toBe(rows);
    } finally {
      await wrong.close();
    }
  });
});
