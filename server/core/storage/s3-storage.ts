import fs from 'node:fs';
import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { assertSafeKey, type FileStorage } from './file-storage.js';
import { kindOfExtension } from './file-kinds.js';
import { assertNoTransaction } from '../db/transaction-guard.js';

/** Where an S3-compatible store is and how to sign for it (JOINERY_S3_* in the environment). */
export type S3Settings = {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO); path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
  /** Where clients load files from (a CDN, or the bucket's public address); default `<endpoint>/<bucket>`. */
  publicUrl: string;
  /** Files under this folder of the bucket (default `uploads`). */
  prefix: string;
};

/** The S3 settings of the environment, or undefined when JOINERY_S3_BUCKET is not set; a partial set is an error. */
export function s3SettingsFrom(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.JOINERY_S3_BUCKET) return undefined;
  const missing = ['JOINERY_S3_ENDPOINT', 'JOINERY_S3_ACCESS_KEY', 'JOINERY_S3_SECRET_KEY'].filter((k) => !env[k]);
  if (missing.length)
    throw new Error(`JOINERY_S3_BUCKET is set but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not`);
  const endpoint = env.JOINERY_S3_ENDPOINT!.replace(/\/+$/, '');
  return {
    endpoint,
    bucket: env.JOINERY_S3_BUCKET,
    region: env.JOINERY_S3_REGION ?? 'us-east-1',
    accessKey: env.JOINERY_S3_ACCESS_KEY!,
    secretKey: env.JOINERY_S3_SECRET_KEY!,
    publicUrl: (env.JOINERY_S3_PUBLIC_URL ?? `${endpoint}/${env.JOINERY_S3_BUCKET}`).replace(/\/+$/, ''),
    prefix: (env.JOINERY_S3_PREFIX ?? 'uploads').replace(/^\/+|\/+$/g, ''),
  };
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding of one path segment, as SigV4 wants it. */
const encodeSegment = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The Authorization header of an S3 request, AWS Signature Version 4 (no query string): every header given is signed.
 * Checked against AWS's published example (server/test/modules/s3-storage.test.ts).
 */
export function signV4(r: {
  method: string;
  path: string;
  headers: Record<string, string>;
  payloadHash: string;
  amzDate: string;
  region: string;
  accessKey: string;
  secretKey: string;
}): string {
  const day = r.amzDate.slice(0, 8);
  const lower = Object.fromEntries(
    Object.entries(r.headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]),
  );
  const names = Object.keys(lower).sort();
  const canonical = [
    r.method,
    r.path,
    '',
    ...names.map((n) => `${n}:${lower[n]}`),
    '',
    names.join(';'),
    r.payloadHash,
  ].join('\n');
  const scope = `${day}/${r.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', r.amzDate, scope, sha256(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${r.secretKey}`, day), r.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${r.accessKey}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
  pdf: 'application/pdf',
};

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, OSS's S3 API…), signed with AWS Signature V4 by hand (no SDK):
 * PUT to store, DELETE to remove. Uploads still go through this server (every check of `comm/upload` applies); only
 * the bytes live in the bucket, and clients load them from `publicUrl`. Pictures, video, audio and PDF are stored
 * with their own content type; everything else (SVG included) as a download.
 */
export class S3Storage implements FileStorage {
  /** Clients upload through this server as with local storage (uploadMode says `local`, PROTOCOL §7.1). */
  readonly type = 'local';

  constructor(
    private readonly s: S3Settings,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  private objectPath(key: string): string {
    assertSafeKey(key);
    return `/${encodeSegment(this.s.bucket)}/${[...(this.s.prefix ? this.s.prefix.split('/') : []), ...key.split('/')].map(encodeSegment).join('/')}`;
  }

  /** Signs a request (SigV4, payload hash given) and sends it. */
  private async send(
    method: 'PUT' | 'DELETE',
    key: string,
    payloadHash: string,
    extra: Record<string, string>,
    body?: Readable,
  ): Promise<Response> {
    assertNoTransaction(`S3 ${method}`);
    const url = new URL(this.s.endpoint + this.objectPath(key));
    const amzDate = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      ...extra,
    };
    const authorization = signV4({
      method,
      path: url.pathname,
      headers,
      payloadHash,
      amzDate,
      region: this.s.region,
      accessKey: this.s.accessKey,
      secretKey: this.s.secretKey,
    });
    const { host: _host, ...sent } = headers;
    const res = await this.fetcher(url, {
      method,
      headers: { ...sent, authorization },
      body: body ? (Readable.toWeb(body) as ReadableStream) : undefined,
      ...(body ? { duplex: 'half' } : {}),
    } as RequestInit);
    return res;
  }

  async put(key: string, tempFile: string): Promise<void> {
    // The payload hash is signed: one pass to hash the file, a second to send it (no file is held in memory).
    const hash = createHash('sha256');
    for await (const chunk of fs.createReadStream(tempFile)) hash.update(chunk as Buffer);
    const size = (await fs.promises.stat(tempFile)).size;
    const ext = key.split('.').pop()!.toLowerCase();
    const inline = CONTENT_TYPES[ext] && ext !== 'svg' && kindOfExtension(ext) !== undefined;
    const extra: Record<string, string> = {
      'content-length': String(size),
      'content-type': inline ? CONTENT_TYPES[ext] : 'application/octet-stream',
      ...(inline ? {} : { 'content-disposition': 'attachment' }),
    };
    const res = await this.send('PUT', key, hash.digest('hex'), extra, fs.createReadStream(tempFile));
    if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    await fs.promises.rm(tempFile, { force: true });
  }

  async remove(key: string): Promise<void> {
    const res = await this.send('DELETE', key, sha256(''), {});
    // A missing object is no error (S3 answers 204 for it anyway).
    if (!res.ok && res.status !== 404)
      throw new Error(`S3 DELETE ${key}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  }

  url(key: string): string {
    assertSafeKey(key);
    return `${this.s.publicUrl}/${[...(this.s.prefix ? this.s.prefix.split('/') : []), ...key.split('/')].map(encodeURIComponent).join('/')}`;
  }
}
