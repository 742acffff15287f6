import fs from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, appError, E } from '../../../core/errors.js';
import { sizeText } from '../../../core/limits.js';
import { SNIFF_BYTES } from '../../../core/storage/file-kinds.js';

/**
 * One uploaded file part as upload.ts receives it: streamed to a temporary file with its size counted and its first
 * bytes kept for sniffing, its client name reduced to a safe stem and extension, and the multipart reader's errors
 * as the envelope's.
 */

/** Longest part of a stored file name taken from the client's name (characters; at most 4 bytes each on disk). */
const STEM_MAX = 40;

/**
 * Characters that must never reach a name: controls (NUL included) and the bidirectional overrides that disguise an
 * extension.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips from file names
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The `<uuid>_` the original Vue uploader puts in front of the file name. */
const CLIENT_UUID_PREFIX = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}_/i;

/**
 * What the client's `key` (or the part's file name) contributes: a display name without any folder, and a stem and
 * extension reduced to letters, digits, `_` and `-`. Never a path: everything up to the last `/` or `\` is dropped.
 */
export function sanitiseName(raw: string): { display: string; stem: string; ext: string } {
  const base = (raw.normalize('NFC').replace(INVISIBLE, '').split(/[\\/]/).pop() ?? '')
    .trim()
    .replace(CLIENT_UUID_PREFIX, '');
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const stem = (dot > 0 ? base.slice(0, dot) : base).replace(/[^\p{L}\p{N}_-]+/gu, '_').replace(/^_+|_+$/g, '');
  return {
    display: (base || 'file').slice(0, 255),
    stem: [...stem].slice(0, STEM_MAX).join('') || 'file',
    ext: /^[a-z0-9]{1,10}$/.test(ext) ? ext : '',
  };
}

/** Today's folder, YYYYMMDD in the server's time zone (as the original). */
export function dayFolder(now = new Date()): string {
  return `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
}

export type Received = {
  temp: string;
  filename: string;
  size: number;
  head: Buffer;
  truncated: boolean;
  closed?: Promise<void>;
};

/** Streams one file part to a temporary file, counting its bytes and keeping its first bytes for sniffing. */
export async function receive(stream: Readable, temp: string, max: number, into: Received): Promise<void> {
  const head: Buffer[] = [];
  let headLength = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      into.size += chunk.length;
      if (headLength < SNIFF_BYTES) {
        head.push(chunk);
        headLength += chunk.length;
      }
      if (into.size > max) done(appError(E.UPLOAD_FILE_TOO_LARGE, { limit: sizeText(max) }));
      else done(null, chunk);
    },
  });
  const sink = fs.createWriteStream(temp, { flags: 'wx' });
  // A pipeline that fails can settle before the file is even opened: the open then completes, creating the file,
  // after the caller has removed it. The caller waits for this before removing the temporary file.
  into.closed = new Promise((resolve) => sink.once('close', () => resolve()));
  try {
    await pipeline(stream, counter, sink);
  } catch (e) {
    sink.destroy();
    throw e;
  }
  into.head = Buffer.concat(head).subarray(0, SNIFF_BYTES);
  into.truncated = (stream as Readable & { truncated?: boolean }).truncated === true;
}

/** Errors of the multipart reader as the envelope's statuses. */
export function partError(e: unknown, maxFiles: number, maxBytes: number): unknown {
  if (e instanceof AppError) return e;
  const err = e as { code?: string; statusCode?: number; message?: string };
  if (err.code === 'FST_FILES_LIMIT') return appError(E.UPLOAD_TOO_MANY_FILES, { max: maxFiles });
  if (err.code === 'FST_REQ_FILE_TOO_LARGE') return appError(E.UPLOAD_FILE_TOO_LARGE, { limit: sizeText(maxBytes) });
  if (err.code === 'FST_PARTS_LIMIT' || err.code === 'FST_FIELDS_LIMIT') return appError(E.UPLOAD_TOO_MANY_FIELDS);
  if (err.code === 'ERR_STREAM_PREMATURE_CLOSE') return appError(E.UPLOAD_CUT_SHORT);
  return appError(E.UPLOAD_UNREADABLE);
}
