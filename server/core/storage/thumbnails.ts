import sharp from 'sharp';
import { assertNoTransaction } from '../db/transaction-guard.js';

/** Formats sharp decodes from the npm registry's prebuilt libvips; the others (svg, bmp, ico) get no facts. */
const DECODED = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif']);

/** Thumbnails fit in this square (grids and pickers show them at 80–140 px, twice that on dense screens). */
export const THUMB_EDGE = 320;

/**
 * A decompression bomb is refused before it is decoded: a picture may have at most this many pixels
 * (a 12,000 × 8,000 photo still fits).
 */
const MAX_PIXELS = 100_000_000;

export type PictureFacts = { width: number; height: number; thumbnail: boolean };

/**
 * The size of an uploaded picture, and its thumbnail (WebP, at most 320 px a side, turned upright by its EXIF
 * orientation) written to `thumbFile`. Undefined for formats not decoded here; null when the file does not decode
 * (its first bytes looked right, the rest is not a picture) or is a decompression bomb.
 */
export async function pictureFacts(
  file: string,
  ext: string,
  thumbFile: string,
): Promise<PictureFacts | null | undefined> {
  if (!DECODED.has(ext)) return undefined;
  assertNoTransaction('decoding a picture');
  try {
    const image = sharp(file, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) return null;
    // Orientations 5–8 swap the sides.
    const turned = (meta.orientation ?? 1) >= 5;
    await image
      .clone()
      .rotate()
      .resize(THUMB_EDGE, THUMB_EDGE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(thumbFile);
    return { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height, thumbnail: true };
  } catch {
    return null;
  }
}
