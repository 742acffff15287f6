import type { CellValue } from 'exceljs';
import { appError, E, issue } from '../errors.js';
import { parseCsv } from './csv.js';

/** A file to import: at most this big, this many data rows, and (xlsx) this much once unzipped. */
export const IMPORT_LIMITS = { bytes: 5 * 1024 * 1024, rows: 10_000, unzipped: 64 * 1024 * 1024 };

/**
 * The sum of the uncompressed sizes a zip's central directory declares, or undefined when it cannot be read
 * (not a zip, or zip64): an xlsx is refused before it is opened when it would unpack into more than the limit.
 */
export function unzippedSize(zip: Buffer): number | undefined {
  const min = Math.max(0, zip.length - 22 - 65535);
  for (let i = zip.length - 22; i >= min; i--) {
    if (zip.readUInt32LE(i) !== 0x06054b50) continue;
    const entries = zip.readUInt16LE(i + 10);
    let at = zip.readUInt32LE(i + 16);
    let total = 0;
    for (let n = 0; n < entries; n++) {
      if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return undefined;
      const size = zip.readUInt32LE(at + 24);
      if (size === 0xffffffff) return undefined;
      total += size;
      at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    }
    return total;
  }
  return undefined;
}

/** An xlsx cell's value as text or number (rich text, links and formula results unwrapped). */
function xlsxValue(value: CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as unknown as Record<string, unknown>;
    if (Array.isArray(v.richText)) return (v.richText as { text: string }[]).map((t) => t.text).join('');
    if ('result' in v) return v.result ?? null;
    if ('text' in v) return v.text;
    if ('error' in v) return null;
    return null;
  }
  return value;
}

/** The rows of an import file (.csv in UTF-8, or the first sheet of an .xlsx), refused in the caller's terms. */
export async function readTable(name: string, data: Buffer): Promise<unknown[][]> {
  const ext = name.toLowerCase().split('.').pop();
  if (ext === 'csv' || ext === 'txt') {
    const text = data.toString('utf8').replace(/^\uFEFF/, '');
    if (text.includes('\uFFFD'))
      throw appError(E.IMPORT_NOT_UTF8, { name }, [issue('file', E.IMPORT_NOT_UTF8, { name })]);
    return parseCsv(text);
  }
  if (ext === 'xlsx') {
    const size = unzippedSize(data);
    if (size === undefined) throw appError(E.IMPORT_XLSX_UNREADABLE, { name });
    if (size > IMPORT_LIMITS.unzipped)
      throw appError(E.IMPORT_XLSX_TOO_LARGE, { name, size, max: IMPORT_LIMITS.unzipped });
    // Loaded on the first XLSX import, as in table-stream.ts.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(data as unknown as ArrayBuffer);
    } catch {
      throw appError(E.IMPORT_XLSX_UNREADABLE, { name });
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) return [];
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, number) => {
      const values = row.values as CellValue[];
      rows[number - 1] = values.slice(1).map(xlsxValue);
    });
    return Array.from(rows, (r) => r ?? []);
  }
  throw appError(E.IMPORT_FILE_TYPE, { name });
}
