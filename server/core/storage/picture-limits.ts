import sharp from 'sharp';
import { type AppError, appError, E } from '../errors.js';

/**
 * At most `size` tasks at once; the others wait in the order they came. Picture decoding runs through one of these
 * (limits.pictureConcurrency, default 1): sharp does its work on libuv's thread pool, which password hashing and file
 * I/O share, so nine big pictures decoded at once held every thread and logins waited behind them.
 */
export class BoundedPool {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`a pool needs at least one slot, got ${size}`);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line (still counted as active), or is freed.
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }

  /** Tasks running now and tasks waiting for a slot. */
  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }
}

/** Formats whose header sharp reads (the ones thumbnails.ts decodes). */
const MEASURED = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif']);

/**
 * A picture's width and height from its header alone (sharp's metadata reads no pixel data), or undefined for formats
 * not decoded here and for headers that do not parse (the decoder then refuses the file).
 */
export async function headerSize(file: string, ext: string): Promise<{ width: number; height: number } | undefined> {
  if (!MEASURED.has(ext)) return undefined;
  try {
    // No pixel limit here: only the header is read, and the caller compares its size with the configured limit.
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : undefined;
  } catch {
    return undefined;
  }
}

const group = (n: number) => n.toLocaleString('en-US');

/** The refusal of a picture over the pixel limit, naming its size and the limit. */
export function tooManyPixels(name: string, size: { width: number; height: number }, max: number): AppError {
  const mp = `${Math.floor(max / 1_000_000)} MP`;
  return appError(E.UPLOAD_TOO_MANY_PIXELS, { name, size: `${size.width} × ${size.height}`, max: group(max), mp });
}
