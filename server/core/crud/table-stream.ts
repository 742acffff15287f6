import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { E, fieldError } from '../errors.js';

export type Cell = string | number | null;

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe
 * (OWASP's CSV injection advice); numbers are written as numbers and are not touched.
 */
export function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = safeText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The `format` of an export call: csv (the default) or xlsx; anything else is refused naming the field. */
export function exportFormat(value: unknown): TableStream['format'] {
  const format = value ?? 'csv';
  if (format !== 'csv' && format !== 'xlsx') throw fieldError('format', E.EXPORT_FORMAT);
  return format;
}

const stamp = () => new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

/** What a streamed table file is: its columns, its name, how many rows are coming, and the rows batch by batch. */
export type TableStream = {
  format: 'csv' | 'xlsx';
  columns: { header: string; money?: boolean }[];
  /** The file's ASCII name (without extension) and its name in the caller's language. */
  fileName: string;
  title: string;
  /** Rows coming (X-Total-Count). */
  total: number;
  batches: AsyncIterable<Cell[][]>;
  /** For the server log when the stream fails half way. */
  what: string;
};

/**
 * Sends a CSV (UTF-8 with a BOM) or XLSX file written batch by batch as the rows are read, so a file of any size holds
 * one batch in memory; a client that reads slower than the database answers makes the writer wait.
 */
export function sendTable(request: FastifyRequest, reply: FastifyReply, t: TableStream): FastifyReply {
  const name = `${t.title || t.fileName}-${stamp()}.${t.format}`;
  const stream = new PassThrough();
  reply
    .header(
      'content-type',
      t.format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    .header(
      'content-disposition',
      `attachment; filename="${t.fileName}.${t.format}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('x-total-count', String(t.total))
    .header('cache-control', 'no-store');

  const fail = (e: unknown) => {
    request.log.error({ err: e }, `export of ${t.what} failed`);
    stream.destroy(e instanceof Error ? e : new Error(String(e)));
  };
  if (t.format === 'csv') {
    void (async () => {
      // A BOM, so spreadsheet programs read the UTF-8 (Chinese labels and names) as such.
      stream.write(`\uFEFF${t.columns.map((c) => csvCell(c.header)).join(',')}\r\n`);
      for await (const rows of t.batches) {
        const text = rows.map((r) => `${r.map(csvCell).join(',')}\r\n`).join('');
        // Waits when the client reads slower than the database answers, so memory stays flat.
        if (!stream.write(text)) await new Promise((resolve) => stream.once('drain', resolve));
      }
      stream.end();
    })().catch(fail);
  } else {
    void (async () => {
      // Loaded on the first XLSX export: exceljs takes ~0.5 s to import, which every start (and test file) would pay.
      const { default: ExcelJS } = await import('exceljs');
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
      const sheet = workbook.addWorksheet((t.title || 'Sheet1').replace(/[\\/?*[\]:]/g, ' ').slice(0, 31), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = t.columns.map((c, i) => ({
        header: c.header,
        key: String(i),
        width: Math.min(40, Math.max(10, c.header.length * 2 + 4)),
        style: c.money ? { numFmt: '0.00' } : {},
      }));
      sheet.getRow(1).font = { bold: true };
      for await (const rows of t.batches)
        for (const r of rows) sheet.addRow(r.map((v) => (typeof v === 'string' ? safeText(v) : v))).commit();
      sheet.commit();
      await workbook.commit();
    })().catch(fail);
  }
  return reply.send(stream);
}
