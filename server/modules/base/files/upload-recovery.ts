import fs from 'node:fs';
import path from 'node:path';
import type { Host } from '../../../core/host.js';
import { untyped } from '../../../core/crud/dynamic-db.js';
import type { FileStorage } from '../../../core/storage/file-storage.js';

/**
 * What an upload leaves on disk while under way, and the sweeps at start that remove what a stopped process left:
 * temporary files older than a day, and stored files of uploads listed in a journal but never recorded.
 */

const SPACE_INFO = 'space/info';

/** Storage keys as upload() makes them. */
export const UPLOAD_KEY = /^\d{8}\/[0-9a-f]{32}_[^/]+$/;

/** The temporary files of uploads under way (each removed when its upload ends). */
export const tempDirOf = (dataDir: string) => path.join(dataDir, 'tmp', 'uploads');
/**
 * One small file per upload under way, listing the storage keys it is about to store (written before the first
 * file is stored, removed once the rows are written or the files removed). One left behind is a process that ended
 * between the two: its files have no `space_info` row and are swept at the next start (`sweepInterrupted`).
 */
export const journalDirOf = (dataDir: string) => path.join(dataDir, 'tmp', 'upload-journal');
/** A journal younger than this may belong to an upload still under way in another process on the same data dir. */
export const JOURNAL_GRACE_MS = 3600_000;

/**
 * Files an upload stored and never recorded (the process ended between storing them and writing their `space_info`
 * rows): for each journal older than JOURNAL_GRACE_MS, every key it lists that no `space_info` row names (`fileId`)
 * is removed from the storage, then the journal. Files older uploads stored without a journal are never touched.
 */
export async function sweepInterrupted(host: Host, storage: FileStorage, graceMs = JOURNAL_GRACE_MS): Promise<number> {
  const dir = journalDirOf(host.config.dataDir);
  const table = host.registry.get(SPACE_INFO)?.table;
  if (!table) return 0;
  let removed = 0;
  for (const name of await fs.promises.readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat?.isFile() || stat.mtimeMs > Date.now() - graceMs) continue;
    let keys: unknown;
    try {
      keys = JSON.parse(await fs.promises.readFile(file, 'utf8'));
    } catch {
      keys = [];
    }
    const listed = Array.isArray(keys)
      ? keys.filter((k): k is string => typeof k === 'string' && UPLOAD_KEY.test(k.replace(/\.thumb\.webp$/, '')))
      : [];
    const files = listed.map((k) => k.replace(/\.thumb\.webp$/, ''));
    const recorded = new Set(
      files.length === 0
        ? []
        : (
            await untyped(host.database.db)
              .selectFrom(table)
              .select('fileId')
              .where('fileId', 'in', [...new Set(files)])
              .execute()
          ).map((r) => String(r.fileId)),
    );
    for (const key of listed) {
      if (recorded.has(key.replace(/\.thumb\.webp$/, ''))) continue;
      await storage.remove(key);
      removed++;
    }
    await fs.promises.rm(file, { force: true });
  }
  return removed;
}

/**
 * Temporary files older than a day are what a crashed process left; newer ones may belong to another running
 * process.
 */
export async function sweepStaleTemp(tempDir: string): Promise<void> {
  const dayAgo = Date.now() - 24 * 3600_000;
  const names = await fs.promises.readdir(tempDir).catch(() => [] as string[]);
  for (const name of names) {
    const full = path.join(tempDir, name);
    const stat = await fs.promises.stat(full).catch(() => undefined);
    if (stat?.isFile() && stat.mtimeMs < dayAgo) await fs.promises.rm(full, { force: true });
  }
}
