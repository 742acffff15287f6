import fs from 'node:fs';
import path from 'node:path';
import { assertNoTransaction } from '../db/transaction-guard.js';

/**
 * Where uploaded files end up. A key is a relative path the server made itself (`<YYYYMMDD>/<generated name>`);
 * no part of it comes from a client unchecked. The local disk is the default; another store (S3-compatible) implements
 * the same three calls.
 */
export interface FileStorage {
  /** `local` for the disk (the `type` of `uploadMode`). */
  readonly type: string;
  /** Moves a finished temporary file to its key (the temporary file is gone afterwards). */
  put(key: string, tempFile: string): Promise<void>;
  /** Removes a stored file; a missing one is no error. */
  remove(key: string): Promise<void>;
  /** The address clients load the file from. */
  url(key: string): string;
}

/** The upload folder of an installation (served under /public/uploads/ by static-files.ts). */
export const uploadRoot = (dataDir: string) => path.join(dataDir, 'uploads');

/** A key as the server makes them: segments of safe characters, no `.`/`..` segments, no leading slash. */
const SEGMENT = /^[\p{L}\p{N}_-][\p{L}\p{N}._-]*$/u;

export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 500 || segments.length > 4 || !segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..')) {
    throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
  }
}

/** Files under `<data dir>/uploads`, served by the app under `/public/uploads/`. */
export class LocalDiskStorage implements FileStorage {
  readonly type = 'local';

  constructor(
    readonly root: string,
    private readonly domain = '',
  ) {}

  /** The absolute path of a key, checked to lie inside the root. */
  pathOf(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    const rel = path.relative(path.resolve(this.root), full);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel))
      throw new Error(`storage key ${JSON.stringify(key)} leaves the upload root`);
    return full;
  }

  async put(key: string, tempFile: string): Promise<void> {
    assertNoTransaction('storing a file');
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.promises.rename(tempFile, target);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      // Temporary folder on another file system: copy (never over an existing file), then drop the temporary file.
      await fs.promises.copyFile(tempFile, target, fs.constants.COPYFILE_EXCL);
      await fs.promises.rm(tempFile, { force: true });
    }
  }

  async remove(key: string): Promise<void> {
    assertNoTransaction('removing a stored file');
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  url(key: string): string {
    return `${this.domain}/public/uploads/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}
