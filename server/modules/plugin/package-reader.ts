import yauzl from 'yauzl';
import { AppError, appError, E, issue } from '../../core/errors.js';
import { sizeText } from '../../core/limits.js';

/** What a `.joinery` archive may be: checked on the central directory before a byte is inflated. */
export type PackageLimits = {
  /** The archive itself. */
  maxArchiveBytes: number;
  /** Entries (directories included). */
  maxEntries: number;
  /** One file, inflated. */
  maxFileBytes: number;
  /** Every file together, inflated. */
  maxTotalBytes: number;
  /** Inflated / compressed, per file (a zip bomb packs gigabytes of zeros into kilobytes). */
  maxRatio: number;
};

export const PACKAGE_LIMITS: PackageLimits = {
  maxArchiveBytes: 5 * 1024 * 1024,
  maxEntries: 200,
  maxFileBytes: 2 * 1024 * 1024,
  maxTotalBytes: 10 * 1024 * 1024,
  maxRatio: 100,
};

const refuse = (reason: string) =>
  appError(E.PLUGIN_PACKAGE_INVALID, { reason }, [issue('files', E.PLUGIN_PACKAGE_INVALID, { reason })]);
/** A package that would inflate past a limit (413). */
const bomb = (reason: string) => appError(E.PLUGIN_PACKAGE_BOMB, { reason });

/**
 * The name of an entry as a relative path inside the package, or a refusal: absolute paths, drive letters,
 * backslashes, `..` or `.` segments, control characters and empty segments never reach the caller (zip-slip).
 */
export function safeEntryName(name: string): string {
  if (name.length === 0 || name.length > 200) throw refuse(`an entry name is empty or longer than 200 characters`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters in an entry name are what this refuses
  if (/[\u0000-\u001f\u007f\\:]/.test(name))
    throw refuse(`entry "${name.slice(0, 80)}" has a backslash, colon or control character in its name`);
  if (name.startsWith('/')) throw refuse(`entry "${name.slice(0, 80)}" is an absolute path`);
  const segments = name.replace(/\/$/, '').split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..'))
    throw refuse(`entry "${name.slice(0, 80)}" leaves the package folder or has an empty segment`);
  return name;
}

/** An entry's name: UTF-8 when its flag says so (bit 11), else read as Latin-1 (CP437 differs only in symbols). */
function nameOf(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer | string;
  if (typeof raw === 'string') return raw;
  return raw.toString(entry.generalPurposeBitFlag & 0x800 ? 'utf8' : 'latin1');
}

function open(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // Names are left undecoded so that they are checked here (safeEntryName), with reasons a user can read.
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, decodeStrings: false }, (err, zip) =>
      err ? reject(err) : resolve(zip!),
    );
  });
}

/** Every entry's header, checked; no content read yet. */
function listEntries(zip: yauzl.ZipFile, limits: PackageLimits): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    const seen = new Set<string>();
    let total = 0;
    zip.on('error', reject);
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        const name = safeEntryName(nameOf(entry));
        const key = name.toLowerCase().replace(/\/$/, '');
        if (seen.has(key)) throw refuse(`entry "${name}" appears twice`);
        seen.add(key);
        if (entries.length + 1 > limits.maxEntries) throw refuse(`more than ${limits.maxEntries} entries`);
        // Unix mode in the high bits of the external attributes: a symbolic link would point outside the package.
        const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
        if (mode === 0o120000) throw refuse(`entry "${name}" is a symbolic link`);
        if (entry.isEncrypted()) throw refuse(`entry "${name}" is encrypted`);
        if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
          throw refuse(`entry "${name}" uses compression method ${entry.compressionMethod} (only stored and deflate)`);
        if (entry.uncompressedSize > limits.maxFileBytes)
          throw bomb(
            `entry "${name}" would inflate to ${entry.uncompressedSize} bytes (at most ${limits.maxFileBytes})`,
          );
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (entry.uncompressedSize > 64 * 1024 && ratio > limits.maxRatio)
          throw bomb(`entry "${name}" inflates ${Math.round(ratio)} times (at most ${limits.maxRatio}): a zip bomb`);
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes)
          throw bomb(`the files would inflate to more than ${limits.maxTotalBytes} bytes`);
        entries.push(entry);
        zip.readEntry();
      } catch (e) {
        zip.close();
        reject(e);
      }
    });
    zip.on('end', () => resolve(entries));
    zip.readEntry();
  });
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, limits: PackageLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // yauzl stops at the declared size too (validateEntrySizes); this holds whatever the header said.
        if (size > Math.min(entry.uncompressedSize, limits.maxFileBytes)) {
          stream.destroy(bomb(`entry "${nameOf(entry)}" inflates beyond its declared size`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/**
 * The files of a package (path → content; directories left out), every check passed, or a refusal naming the entry.
 * Nothing is written anywhere: the archive is read from memory.
 */
export async function readPackage(
  buffer: Buffer,
  limits: PackageLimits = PACKAGE_LIMITS,
): Promise<Map<string, Buffer>> {
  if (buffer.length === 0) throw refuse('the file is empty');
  if (buffer.length > limits.maxArchiveBytes)
    throw appError(E.PLUGIN_PACKAGE_SIZE, { limit: sizeText(limits.maxArchiveBytes) });
  let zip: yauzl.ZipFile;
  try {
    zip = await open(buffer);
  } catch (e) {
    throw refuse(`not a zip archive (${(e as Error).message})`);
  }
  const files = new Map<string, Buffer>();
  try {
    const entries = await listEntries(zip, limits);
    // Entries are read only once every header has passed: a bad last entry refuses the package before any inflating.
    const again = await open(buffer);
    try {
      await new Promise<void>((resolve, reject) => {
        const wanted = new Set(entries.map(nameOf).filter((n) => !n.endsWith('/')));
        again.on('error', reject);
        again.on('entry', (entry: yauzl.Entry) => {
          const name = nameOf(entry);
          if (!wanted.has(name)) return again.readEntry();
          readEntry(again, entry, limits).then(
            (content) => {
              files.set(name, content);
              again.readEntry();
            },
            (e) => {
              again.close();
              reject(e);
            },
          );
        });
        again.on('end', () => resolve());
        again.readEntry();
      });
    } finally {
      if (again.isOpen) again.close();
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw refuse((e as Error).message);
  } finally {
    if (zip.isOpen) zip.close();
  }
  return files;
}
