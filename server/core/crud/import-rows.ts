import type { FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import type { OpContext } from './context.js';
import { AppError, badRequest, tooLarge, unsupportedType, type FieldIssue } from '../errors.js';
import { requestLanguage, type Lang } from '../http/request-language.js';
import { isUniqueViolation } from '../db/dialect-sql.js';
import { decodeRow } from '../db/row-codec.js';
import { parseCsv } from '../../../codegen/proposal/from-csv.js';
import { addOne, prepareAdd, prepareUpdate, updateOne, writeTransaction, type Prepared } from './crud-service.js';
import { formatCell, loadDicts, parseCell, relationLookup, tableColumns, type TableColumn } from './table-file.js';
import { permissionOf } from '../http/route-types.js';
import { hashPool } from '../auth/password.js';

/** A file to import: at most this big, this many data rows, and (xlsx) this much once unzipped. */
export const IMPORT_LIMITS = { bytes: 5 * 1024 * 1024, rows: 10_000, unzipped: 64 * 1024 * 1024 };
/** The report lists at most this many rows (the counts cover all of them). */
const REPORTED_ROWS = 500;

export type ImportIssue = { row: number; column: string; field?: string; message: string };
export type ImportReport = {
  dryRun: boolean;
  file: string;
  total: number;
  added: number;
  updated: number;
  skipped: number;
  errors: ImportIssue[];
  rows: {
    row: number;
    action: 'add' | 'update';
    id?: number;
    changes?: { field: string; column: string; from: unknown; to: unknown }[];
  }[];
};

class Rollback extends Error {}

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
function xlsxValue(value: ExcelJS.CellValue): unknown {
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

async function readTable(name: string, data: Buffer): Promise<unknown[][]> {
  const ext = name.toLowerCase().split('.').pop();
  if (ext === 'csv' || ext === 'txt') {
    const text = data.toString('utf8').replace(/^\uFEFF/, '');
    if (text.includes('\uFFFD'))
      throw badRequest(`${name}: the file is not UTF-8 text; save it as CSV UTF-8`, [
        { path: 'file', message: 'is not UTF-8' },
      ]);
    return parseCsv(text);
  }
  if (ext === 'xlsx') {
    const size = unzippedSize(data);
    if (size === undefined) throw unsupportedType(`${name}: not a readable .xlsx workbook`);
    if (size > IMPORT_LIMITS.unzipped)
      throw tooLarge(`${name}: the workbook unpacks into ${size} bytes (at most ${IMPORT_LIMITS.unzipped})`);
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(data as unknown as ArrayBuffer);
    } catch {
      throw unsupportedType(`${name}: not a readable .xlsx workbook`);
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) return [];
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, number) => {
      const values = row.values as ExcelJS.CellValue[];
      rows[number - 1] = values.slice(1).map(xlsxValue);
    });
    return Array.from(rows, (r) => r ?? []);
  }
  throw unsupportedType(`${name}: import takes .csv or .xlsx files`);
}

/** The column a header names: its label in any language, or its field name. */
function columnOf(columns: TableColumn[], header: string): TableColumn | undefined {
  const h = header.trim().toLowerCase();
  return columns.find(
    (c) => c.field.name.toLowerCase() === h || Object.values(c.field.label).some((l) => l.trim().toLowerCase() === h),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * POST <prefix>/import (multipart: `file`, and `dryRun` = true for a dry run): a CSV or XLSX file as export writes
 * it (headers are labels in any language or field names; dictionary names, yuan, yes/no and relation labels are read
 * back). Rows with an id update that record (which needs the update permission), others add. Every row goes through
 * the same validation and hooks as add/update, in one transaction: a dry run always rolls back and reports what would
 * happen and every error by row and column; an apply with any error changes nothing (400 naming the rows).
 */
export async function importRows(ctx: OpContext, entity: Entity, request: FastifyRequest): Promise<ImportReport> {
  if (!request.isMultipart())
    throw badRequest('file: send the file as multipart/form-data (field "file")', [
      { path: 'file', message: 'is required' },
    ]);
  let name = '';
  let data: Buffer | undefined;
  let dryRun = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_LIMITS.bytes, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        name = part.filename || 'file';
        data = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(`${name}: larger than ${IMPORT_LIMITS.bytes} bytes`);
      } else if (part.fieldname === 'dryRun') {
        dryRun = ['1', 'true', 'yes'].includes(String(part.value).toLowerCase());
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge(`${name || 'file'}: larger than ${IMPORT_LIMITS.bytes} bytes`);
    if (code === 'FST_FILES_LIMIT')
      throw badRequest('file: one file per import', [{ path: 'file', message: 'one file only' }]);
    throw badRequest(`file: ${(e as Error).message}`, [{ path: 'file', message: 'could not be read' }]);
  }
  if (!data || data.length === 0)
    throw badRequest('file: no file, or an empty one', [{ path: 'file', message: 'is required' }]);

  const lang: Lang = requestLanguage(request.headers.language);
  const table = (await readTable(name, data)).filter(
    (r, i) => i === 0 || r.some((c) => c !== null && c !== undefined && String(c).trim() !== ''),
  );
  if (table.length < 2)
    throw badRequest(`${name}: no rows under the header`, [{ path: 'file', message: 'has no rows' }]);
  if (table.length - 1 > IMPORT_LIMITS.rows)
    throw tooLarge(`${name}: ${table.length - 1} rows; at most ${IMPORT_LIMITS.rows} per import`);

  const columns = tableColumns(entity, lang);
  const errors: ImportIssue[] = [];
  const headers = table[0].map((h) => String(h ?? '').trim());
  const mapped: (TableColumn | undefined)[] = headers.map((h, i) => {
    if (!h) return undefined;
    const col = columnOf(columns, h);
    if (!col) errors.push({ row: 1, column: h, message: `is not a column of ${entity.title[lang] || entity.prefix}` });
    else if (namedBefore(headers, i, col, columns))
      errors.push({ row: 1, column: h, message: `names the same field as another column (${col.field.name})` });
    return col;
  });
  if (errors.length)
    throw badRequest(
      `${name}: ${errors.map((e) => `"${e.column}" ${e.message}`).join('; ')}`,
      errors.map((e) => ({ path: `header.${e.column}`, message: e.message })),
    );

  const dicts = await loadDicts(ctx, columns, lang);
  const lookup = relationLookup(ctx);
  const mayUpdate = ctx.user?.isSuper === true || ctx.user?.perms.has(permissionOf(entity.prefix, 'update')) === true;
  const writable = (c: TableColumn) => c.kind === 'id' || (!c.field.system && !c.field.readonly && c.kind !== 'time');
  type Candidate = { row: number; id?: number; values: Row };
  const candidates: Candidate[] = [];
  for (const [r, cells] of table.slice(1).entries()) {
    const row = r + 2;
    const values: Row = {};
    let id: number | undefined;
    let ok = true;
    for (const [i, col] of mapped.entries()) {
      if (!col || !writable(col)) continue;
      const parsed = await parseCell(col, cells[i], dicts, lookup);
      if ('problem' in parsed) {
        errors.push({ row, column: headers[i], field: col.field.name, message: parsed.problem });
        ok = false;
      } else if (col.kind === 'id') {
        if (parsed.value !== null) id = Number(parsed.value);
      } else values[col.field.name] = parsed.value;
    }
    if (id !== undefined && !mayUpdate) {
      errors.push({
        row,
        column: headers[mapped.findIndex((c) => c?.kind === 'id')],
        field: 'id',
        message: `updating records needs the ${permissionOf(entity.prefix, 'update')} permission`,
      });
      ok = false;
    }
    if (ok) candidates.push({ row, id, values });
  }

  const report: ImportReport = {
    dryRun,
    file: name,
    total: table.length - 1,
    added: 0,
    updated: 0,
    skipped: 0,
    errors,
    rows: [],
  };
  const headerOf = (field: string) => headers[mapped.findIndex((c) => c?.field.name === field)] ?? field;
  /** A row's refusal, by field where the error names one. */
  const refusedRow = (c: Candidate, e: AppError) => {
    const details: FieldIssue[] = e.details?.length ? e.details : [{ path: '', message: e.message }];
    for (const d of details) {
      const field = d.path.split('.').pop() ?? '';
      errors.push({ row: c.row, column: field ? headerOf(field) : '', field: field || undefined, message: d.message });
    }
  };
  // Validation and password hashing, row by row, before the transaction opens: nothing slow holds the writer.
  // As many rows at once as the hash pool has threads (the pool is shared with every other caller).
  const slots: ({ c: Candidate; patch?: Row; prepared: Prepared } | undefined)[] = new Array(candidates.length);
  let next = 0;
  ctx.progress?.start(candidates.length);
  const lane = async () => {
    while (next < candidates.length) {
      const i = next++;
      const c = candidates[i];
      try {
        if (c.id !== undefined) {
          // Empty cells of an update leave the stored value alone.
          const patch = Object.fromEntries(Object.entries(c.values).filter(([, v]) => v !== null));
          slots[i] = { c, patch, prepared: await prepareUpdate(ctx, entity, { ...patch, id: c.id }) };
        } else {
          const values = Object.fromEntries(Object.entries(c.values).filter(([, v]) => v !== null));
          slots[i] = { c, prepared: await prepareAdd(ctx, entity, values) };
        }
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        refusedRow(c, e);
      }
      ctx.progress?.step();
    }
  };
  await Promise.all(Array.from({ length: Math.min(hashPool.threads, candidates.length) }, lane));
  const ready = slots.filter((r) => r !== undefined);
  ctx.progress?.phase('write');
  try {
    await writeTransaction(ctx, entity, async (tx) => {
      for (const { c, patch, prepared } of ready) {
        try {
          if (patch) {
            const before = decodeRow(entity, await updateOne(tx, entity, prepared));
            report.updated++;
            if (report.rows.length < REPORTED_ROWS) {
              // Shown as the file shows them: yuan, dictionary names, yes/no.
              const shown = (k: string, v: unknown) => {
                const col = columns.find((x) => x.field.name === k);
                return col ? formatCell(col, { [k]: v }, dicts, lang) : v;
              };
              const changes = Object.entries(patch)
                .filter(([k, v]) => !same(before[k], v))
                .map(([k, v]) => ({
                  field: k,
                  column: headerOf(k),
                  from: shown(k, before[k] ?? null),
                  to: shown(k, v),
                }));
              report.rows.push({ row: c.row, action: 'update', id: c.id, changes });
            }
          } else {
            const id = await addOne(tx, entity, prepared);
            report.added++;
            if (report.rows.length < REPORTED_ROWS)
              report.rows.push({ row: c.row, action: 'add', id: dryRun ? undefined : id });
          }
        } catch (e) {
          if (!(e instanceof AppError)) {
            if (isUniqueViolation(e)) {
              errors.push({ row: c.row, column: '', message: 'a value is already used by another record' });
              throw new Rollback();
            }
            throw e;
          }
          refusedRow(c, e);
        }
      }
      if (dryRun || errors.length) throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  errors.sort((a, b) => a.row - b.row);
  if (!dryRun && errors.length) {
    const first = errors
      .slice(0, 3)
      .map((x) => `row ${x.row}${x.column ? ` "${x.column}"` : ''}: ${x.message}`)
      .join('; ');
    throw badRequest(
      `${name}: ${errors.length} problem(s), nothing was imported — ${first}`,
      errors.slice(0, 200).map((x) => ({ path: `rows.${x.row}${x.field ? `.${x.field}` : ''}`, message: x.message })),
    );
  }
  if (!dryRun) await ctx.hooks.get(entity.prefix).afterCommit?.(ctx);
  return report;
}

/** Whether an earlier header already names the same field. */
function namedBefore(headers: string[], index: number, col: TableColumn, columns: TableColumn[]): boolean {
  return headers.slice(0, index).some((h) => h && columnOf(columns, h) === col);
}
