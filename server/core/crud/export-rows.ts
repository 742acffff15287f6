import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import type { OpContext } from './context.js';
import { E, fieldError } from '../errors.js';
import { requestLanguage } from '../http/request-language.js';
import { queryParams } from './list-params.js';
import { countRows, selectColumns, selectRows } from './list-query.js';
import { type ListPlan, planList } from './page-plan.js';
import { decorateRows } from './read-rows.js';
import { formatCell, loadDicts, tableColumns } from './table-file.js';
import { exportFormat, sendTable } from './table-stream.js';

/** Rows are read this many at a time, so an export of any size holds one batch in memory. */
const BATCH = 1000;
/** The most rows one export writes (a bigger need is a database dump, not a spreadsheet). */
export const MAX_EXPORT_ROWS = 1_000_000;

export { safeText } from './table-stream.js';

/** The filtered rows, batch after batch, in the list's order (id last, so batches never overlap). */
async function* batches(ctx: OpContext, entity: Entity, { where, order }: ListPlan): AsyncGenerator<Row[]> {
  if (!order.some((o) => o.ref === 'a.id')) order.push({ ref: 'a.id', dir: 'asc' });
  for (let offset = 0; offset < MAX_EXPORT_ROWS; offset += BATCH) {
    let q = selectRows(ctx, entity, where, 'page').select(selectColumns(ctx, entity));
    for (const o of order) q = q.orderBy(o.ref, o.dir);
    const rows = (await q
      .limit(Math.min(BATCH, MAX_EXPORT_ROWS - offset))
      .offset(offset)
      .execute()) as Row[];
    if (rows.length) yield await decorateRows(ctx, entity, rows, 'page');
    if (rows.length < BATCH) return;
  }
}

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
  const format = exportFormat(params.format);
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
  // Read and checked before a byte is sent, as a list call checks them: a bad filter or order is a 400, not a broken
  // download.
  const plan = await planList(ctx, entity, params);
  const dicts = await loadDicts(ctx, columns, lang);
  const total = await countRows(ctx, entity, plan.where);
  const cells = async function* () {
    for await (const rows of batches(ctx, entity, plan))
      yield rows.map((r) => columns.map((c) => formatCell(c, r, dicts, lang)));
  };
  return sendTable(request, reply, {
    format,
    columns: columns.map((c) => ({ header: c.header, money: c.kind === 'money' })),
    fileName: entity.prefix.replace(/\//g, '-'),
    title: entity.title[lang] || entity.prefix.replace(/\//g, '-'),
    total: Math.min(total, MAX_EXPORT_ROWS),
    batches: cells(),
    what: entity.prefix,
  });
}
