import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import type { OpContext } from './context.js';
import { E, fieldError } from '../errors.js';
import { requestLanguage } from '../http/request-language.js';
import { orderBy, selectColumns, selectRows } from './list-query.js';
import { planKeyword } from './keyword-plan.js';
import { decorateRows, queryParams } from './crud-service.js';
import { formatCell, loadDicts, tableColumns } from './table-file.js';

/** Rows are read this many at a time, so an export of any size holds one batch in memory. */
const BATCH = 1000;
/** The most rows one export writes (a bigger need is a database dump, not a spreadsheet). */
export const MAX_EXPORT_ROWS = 1_000_000;

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe
 * (OWASP's CSV injection advice); numbers are written as numbers and are not touched.
 */
export function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = safeText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The filtered rows, batch after batch, in the list's order (id last, so batches never overlap). */
async function* batches(ctx: OpContext, entity: Entity, params: Row): AsyncGenerator<Row[]> {
  const order = orderBy(entity, params);
  if (!order.some((o) => o.ref === 'a.id')) order.push({ ref: 'a.id', dir: 'asc' });
  const plan = await planKeyword(ctx, entity, params);
  for (let offset = 0; offset < MAX_EXPORT_ROWS; offset += BATCH) {
    let q = selectRows(ctx, entity, params, 'page', plan).select(selectColumns(ctx, entity));
    for (const o of order) q = q.orderBy(o.ref, o.dir);
    const rows = (await q
      .limit(Math.min(BATCH, MAX_EXPORT_ROWS - offset))
      .offset(offset)
      .execute()) as Row[];
    if (rows.length) yield await decorateRows(ctx, entity, rows, 'page');
    if (rows.length < BATCH) return;
  }
}

const stamp = () => new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

/**
 * POST <prefix>/export: the list as the caller sees it (keyWord, filters and order as for page; `columns` to pick
 * and order columns; `format` csv or xlsx), streamed batch by batch, with labels, dictionary names and yes/no in the
 * caller's language and money in yuan. `X-Total-Count` tells a client how many rows are coming.
 */
export async function exportRows(
  ctx: OpContext,
  entity: Entity,
  body: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const params = queryParams(body);
  const format = params.format ?? 'csv';
  if (format !== 'csv' && format !== 'xlsx') throw fieldError('format', E.EXPORT_FORMAT);
  const lang = requestLanguage(request.headers.language);
  let columns = tableColumns(entity, lang);
  if (params.columns !== undefined) {
    const wanted = params.columns;
    if (!Array.isArray(wanted) || wanted.length === 0 || !wanted.every((c) => typeof c === 'string'))
      throw fieldError('columns', E.EXPORT_COLUMNS);
    const unknown = wanted.filter((c) => !columns.some((col) => col.field.name === c));
    if (unknown.length) throw fieldError('columns', E.EXPORT_COLUMNS_UNKNOWN, { columns: unknown.join(', ') });
    columns = wanted.map((c) => columns.find((col) => col.field.name === c)!);
  }
  const dicts = await loadDicts(ctx, columns, lang);
  const plan = await planKeyword(ctx, entity, params);
  const total = Number(
    (
      (await selectRows(ctx, entity, params, 'count', plan)
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirst()) as Row | undefined
    )?.total ?? 0,
  );
  const name = `${entity.title[lang] || entity.prefix.replace(/\//g, '-')}-${stamp()}.${format}`;
  const stream = new PassThrough();
  reply
    .header(
      'content-type',
      format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    .header(
      'content-disposition',
      `attachment; filename="${entity.prefix.replace(/\//g, '-')}.${format}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('x-total-count', String(Math.min(total, MAX_EXPORT_ROWS)))
    .header('cache-control', 'no-store');

  const fail = (e: unknown) => {
    request.log.error({ err: e }, `export of ${entity.prefix} failed`);
    stream.destroy(e instanceof Error ? e : new Error(String(e)));
  };
  if (format === 'csv') {
    void (async () => {
      // A BOM, so spreadsheet programs read the UTF-8 (Chinese labels and names) as such.
      stream.write(`\uFEFF${columns.map((c) => csvCell(c.header)).join(',')}\r\n`);
      for await (const rows of batches(ctx, entity, params)) {
        const text = rows
          .map((r) => `${columns.map((c) => csvCell(formatCell(c, r, dicts, lang))).join(',')}\r\n`)
          .join('');
        // Waits when the client reads slower than the database answers, so memory stays flat.
        if (!stream.write(text)) await new Promise((resolve) => stream.once('drain', resolve));
      }
      stream.end();
    })().catch(fail);
  } else {
    void (async () => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
      const sheet = workbook.addWorksheet((entity.title[lang] || 'Sheet1').replace(/[\\/?*[\]:]/g, ' ').slice(0, 31), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = columns.map((c) => ({
        header: c.header,
        key: c.field.name,
        width: Math.min(40, Math.max(10, c.header.length * 2 + 4)),
        style: c.kind === 'money' ? { numFmt: '0.00' } : {},
      }));
      sheet.getRow(1).font = { bold: true };
      for await (const rows of batches(ctx, entity, params)) {
        for (const r of rows) {
          sheet
            .addRow(
              columns.map((c) => {
                const v = formatCell(c, r, dicts, lang);
                return typeof v === 'string' ? safeText(v) : v;
              }),
            )
            .commit();
        }
      }
      sheet.commit();
      await workbook.commit();
    })().catch(fail);
  }
  return reply.send(stream);
}
