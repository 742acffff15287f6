import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NO_CONTENT_CSP } from './security-headers.js';

/**
 * The built console (dist/ui) as it is served: read once at start into memory (about 1.6 MB, plus the `.br`/`.gz`
 * files the build writes beside each text file), each file with an ETag taken from its content, so the same build
 * gives the same tag after a restart or on another server process.
 */

type Encoding = 'br' | 'gzip';

export type BuiltFile = {
  type: string;
  /** sha256 of the uncompressed content (base64url, 22 characters). */
  hash: string;
  cacheControl: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
};

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** Content-hashed build output (Vite names every file under assets/ by its hash): cached for a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and other unhashed files: kept, but asked again (a 304 when unchanged) before each use. */
export const REVALIDATE = 'no-cache';

/** Every file of the build by its URL path (`/index.html`, `/assets/index-Crk0wzrT.js`). Empty when there is none. */
export function loadBuiltUi(dir: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  if (!fs.existsSync(dir)) return files;
  const entries = (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((e) =>
    e.isFile(),
  );
  for (const e of entries) {
    if (/\.(br|gz)$/.test(e.name)) continue;
    const file = path.join(e.parentPath, e.name);
    const url = `/${path.relative(dir, file).split(path.sep).join('/')}`;
    const identity = fs.readFileSync(file);
    const variant = (ext: string) => (fs.existsSync(file + ext) ? fs.readFileSync(file + ext) : undefined);
    files.set(url, {
      type: TYPES[path.extname(e.name).toLowerCase()] ?? 'application/octet-stream',
      hash: createHash('sha256').update(identity).digest('base64url').slice(0, 22),
      cacheControl: url.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      identity,
      br: variant('.br'),
      gzip: variant('.gz'),
    });
  }
  return files;
}

/**
 * The coding to send for an Accept-Encoding header among those the file has: the highest q-value wins, brotli before
 * gzip on a tie; `q=0` refuses one, `*` stands for any coding not named. null: send the file as it is.
 */
export function chooseEncoding(header: string | undefined, has: { br?: unknown; gzip?: unknown }): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    if (Number.isFinite(weight)) q.set(name === 'x-gzip' ? 'gzip' : name, weight);
  }
  const weightOf = (coding: Encoding) => q.get(coding) ?? q.get('*') ?? 0;
  let best: Encoding | null = null;
  for (const coding of ['br', 'gzip'] as const) {
    if (!has[coding] || weightOf(coding) <= 0) continue;
    if (!best || weightOf(coding) > weightOf(best)) best = coding;
  }
  return best;
}

/** True when If-None-Match names this content (any coding of it: each is the same file once decoded) or is `*`. */
function unchanged(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === `"${hash}"` || t === `"${hash}-br"` || t === `"${hash}-gzip"`;
  });
}

/**
 * Sends a built file: 304 when the client's copy is current, else the best coding the client accepts with its own
 * Content-Encoding, Content-Length (Fastify's, from the buffer) and ETag (`"<hash>"`, `"<hash>-br"`, `"<hash>-gzip"`:
 * each coding is a different byte sequence). Every reply says it varies by Accept-Encoding.
 */
export function sendBuilt(request: FastifyRequest, reply: FastifyReply, file: BuiltFile): FastifyReply {
  const coding = chooseEncoding(request.headers['accept-encoding'], file);
  reply.header('cache-control', file.cacheControl).header('vary', 'Accept-Encoding');
  // Scripts and styles are no documents: the console's policy (about 600 bytes, on every one of some twenty files of a
  // cold load) would do nothing there. They get the short policy that allows nothing at all.
  if (!file.type.startsWith('text/html')) reply.header('content-security-policy', NO_CONTENT_CSP);
  reply.header('etag', coding ? `"${file.hash}-${coding}"` : `"${file.hash}"`);
  if (unchanged(request.headers['if-none-match'], file.hash)) return reply.status(304).send();
  reply.type(file.type);
  if (!coding) return reply.send(file.identity);
  return reply.header('content-encoding', coding).send(file[coding]);
}
