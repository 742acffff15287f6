import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Files worth compressing: text. Pictures and fonts in the build are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every text file under dir: run once by
 * the UI build (runtime/vite.config.ts), so no request pays for compressing. built-ui.ts picks one by
 * Accept-Encoding. A coding that does not shrink a file by at least 5% is not written (the file goes as it is).
 */
export async function precompressDir(dir: string): Promise<void> {
  const files = (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  await Promise.all(
    files.map(async (file) => {
      const raw = await fs.promises.readFile(file);
      const variants: [string, Buffer][] = [
        [
          '.br',
          zlib.brotliCompressSync(raw, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        ],
        ['.gz', zlib.gzipSync(raw, { level: 9 })],
      ];
      for (const [ext, body] of variants) {
        if (body.length < raw.length * 0.95) await fs.promises.writeFile(file + ext, body);
        else await fs.promises.rm(file + ext, { force: true });
      }
    }),
  );
}
