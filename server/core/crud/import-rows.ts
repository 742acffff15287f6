import type { FastifyRequest } from 'fastify';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import type { OpContext } from './context.js';
import { AppError, appError, E, fieldError, type Issue, issue, joinTexts, type Texts } from '../errors.js';
import { sizeText } from '../limits.js';

export { IMPORT_LIMITS, unzippedSize } from './import-file.js';
import { requestLanguage, type Lang } from '../http/request-language.js';
import { isUniqueViolation } from '../db/dialect-sql.js';
import { decodeRow } from '../db/row-codec.js';
import { IMPORT_LIMITS, readTable } from './import-file.js';
import { addOne, prepareAdd, prepareUpdate, updateOne, writeTransaction, type Prepared } from './crud-service.js';
import { formatCell, loadDicts, parseCell, relationLookup, tableColumns, type TableColumn } from './table-file.js';
import { permissionOf } from '../http/route-types.js';
import { hashPool } from '../auth/password.js';

/** The report lists at most this many rows (the counts cover all of them). */
const REPORTED_ROWS = 500;

export type ImportIssue = { row: number; column: string; field?: string; message: string };
/** An issue before it is reported: its message in every language. */
type RowIssue = Omit<ImportIssue, 'message'> & { message: Texts };
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
  if (!request.isMultipart()) throw fieldError('file', E.IMPORT_NOT_MULTIPART);
  let name = '';
  let data: Buffer | undefined;
  let dryRun = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_LIMITS.bytes, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        name = part.filename || 'file';
        data = await part.toBuffer();
        if (part.file.truncated) throw appError(E.IMPORT_FILE_TOO_LARGE, { name, max: sizeText(IMPORT_LIMITS.bytes) });
      } else if (part.fieldname === 'dryRun') {
        dryRun = ['1', 'true', 'yes'].includes(String(part.value).toLowerCase());
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw appError(E.IMPORT_FILE_TOO_LARGE, { name: name || 'file', max: sizeText(IMPORT_LIMITS.bytes) });
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', E.IMPORT_ONE_FILE);
    throw fieldError('file', E.IMPORT_FILE_UNREADABLE);
  }
  if (!data || data.length === 0) throw fieldError('file', E.IMPORT_FILE_EMPTY);

  const lang: Lang = requestLanguage(request.headers.language);
  const table = (await readTable(name, data)).filter(
    (r, i) => i === 0 || r.some((c) => c !== null && c !== undefined && String(c).trim() !== ''),
  );
  if (table.length < 2) throw appError(E.IMPORT_NO_ROWS, { name }, [issue('file', E.IMPORT_NO_ROWS, { name })]);
  if (table.length - 1 > IMPORT_LIMITS.rows)
    throw appError(E.IMPORT_TOO_MANY_ROWS, { name, count: table.length - 1, max: IMPORT_LIMITS.rows });

  const columns = tableColumns(entity, lang);
  const errors: RowIssue[] = [];
  const headers = table[0].map((h) => String(h ?? '').trim());
  const mapped: (TableColumn | undefined)[] = headers.map((h, i) => {
    if (!h) return undefined;
    const col = columnOf(columns, h);
    const at = { row: 1, column: h };
    if (!col)
      errors.push({ ...at, message: issue(h, E.IMPORT_HEADER_UNKNOWN, { column: h, entity: entity.title }).message });
    else if (namedBefore(headers, i, col, columns))
      errors.push({ ...at, message: issue(h, E.IMPORT_HEADER_TWICE, { column: h, field: col.field.name }).message });
    return col;
  });
  if (errors.length)
    throw appError(
      E.IMPORT_HEADER_BAD,
      { name, problems: joinTexts(errors.map((e) => e.message)) },
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
        message: issue('id', E.IMPORT_NEEDS_UPDATE, { permission: permissionOf(entity.prefix, 'update') }).message,
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
    errors: [],
    rows: [],
  };
  const headerOf = (field: string) => headers[mapped.findIndex((c) => c?.field.name === field)] ?? field;
  /** A row's refusal, by field where the error names one. */
  const refusedRow = (c: Candidate, e: AppError) => {
    const details: readonly Issue[] = e.issues?.length ? e.issues : [{ path: '', message: e.texts }];
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
  const refusedBeforeWrite = errors.length;
  try {
    await writeTransaction(ctx, entity, async (tx) => {
      // Run again after a deadlock (writeTransaction): the report of the rolled-back run starts over.
      report.added = 0;
      report.updated = 0;
      report.rows.length = 0;
      errors.length = refusedBeforeWrite;
      for (const { c, patch, prepared } of ready) {
        try {
          if (patch) {
            const before = decodeRow(entity, await updateOne(tx, entity, prepared, 'import'));
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
            const id = await addOne(tx, entity, prepared, 'import');
            report.added++;
            if (report.rows.length < REPORTED_ROWS)
              report.rows.push({ row: c.row, action: 'add', id: dryRun ? undefined : id });
          }
        } catch (e) {
          if (!(e instanceof AppError)) {
            if (isUniqueViolation(e)) {
              errors.push({ row: c.row, column: '', message: E.UNIQUE_TAKEN_UNNAMED.texts });
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
    const first = joinTexts(
      errors
        .slice(0, 3)
        .map((x) => issue('', E.IMPORT_ROW_AT, { row: x.row, column: quoted(x.column), problem: x.message }).message),
    );
    throw appError(
      E.IMPORT_ROWS_BAD,
      { name, count: errors.length, first },
      errors.slice(0, 200).map((x) => ({ path: `rows.${x.row}${x.field ? `.${x.field}` : ''}`, message: x.message })),
    );
  }
  if (!dryRun) await ctx.hooks.get(entity.prefix).afterCommit?.(ctx);
  report.errors = errors.map((x) => ({ ...x, message: x.message[lang] }));
  return report;
}

/** A column's name as a row issue shows it (nothing when the issue is of the whole row). */
const quoted = (column: string) => (column ? ` "${column}"` : '');

/** Whether an earlier header already names the same field. */
function namedBefore(headers: string[], index: number, col: TableColumn, columns: TableColumn[]): boolean {
  return headers.slice(0, index).some((h) => h && columnOf(columns, h) === col);
}
