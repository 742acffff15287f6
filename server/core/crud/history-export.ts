import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { E, type ErrorEntry } from '../errors.js';
import { getOrSet } from '../get-or-set.js';
import { requestLanguage, type Lang } from '../http/request-language.js';
import type { OpContext } from './context.js';
import { untyped } from './dynamic-db.js';
import { queryParams } from './list-params.js';
import { HISTORY_PREFIX, parseChanges, SECRET_MARK, userNames } from './history.js';
import { historyQuery } from './history-routes.js';
import { MAX_EXPORT_ROWS } from './export-rows.js';
import { formatCell, loadDicts, tableColumns, type TableColumn } from './table-file.js';
import { type Cell, exportFormat, sendTable } from './table-stream.js';

/** History rows read at a time (each may make several lines: one per changed field). */
const BATCH = 1000;

const ACTION_TEXT: Record<string, ErrorEntry> = {
  add: E.HISTORY_ACTION_ADD,
  update: E.HISTORY_ACTION_UPDATE,
  delete: E.HISTORY_ACTION_DELETE,
  restore: E.HISTORY_ACTION_RESTORE,
  import: E.HISTORY_ACTION_IMPORT,
  revert: E.HISTORY_ACTION_REVERT,
};

/** The history rows the search picks, newest first, batch after batch (by id, so batches never overlap). */
async function* historyBatches(ctx: OpContext, entity: Entity, params: Row): AsyncGenerator<Row[]> {
  let before: number | undefined;
  for (let read = 0; read < MAX_EXPORT_ROWS; ) {
    let q = historyQuery(ctx, entity, params).select([
      'h.id',
      'h.recordId',
      'h.version',
      'h.action',
      'h.userId',
      'h.url',
      'h.createTime',
      'h.changes',
    ]);
    if (before !== undefined) q = q.where('h.id', '<', before);
    const rows = (await q
      .orderBy('h.id', 'desc')
      .limit(Math.min(BATCH, MAX_EXPORT_ROWS - read))
      .execute()) as Row[];
    if (rows.length) yield rows;
    if (rows.length < BATCH) return;
    read += rows.length;
    before = Number(rows[rows.length - 1].id);
  }
}

/** Names of related records by id, for the relation columns a batch of changes holds (their label column). */
async function relationNames(ctx: OpContext, column: TableColumn, ids: Set<number>): Promise<Map<number, string>> {
  const target = column.ref && ctx.registry.get(column.ref.entity);
  const label = column.ref?.label;
  if (!target || !label || !target.fieldMap.has(label) || ids.size === 0) return new Map();
  const rows = (await untyped(ctx.db)
    .selectFrom(target.table)
    .select(['id', label])
    .where('id', 'in', [...ids])
    .execute()) as Row[];
  return new Map(rows.map((r) => [Number(r.id), String(r[label] ?? '')]));
}

/** A changed value as a person reads it: dictionary names, money in yuan, relations by name, yes/no, text. */
function valueCell(
  column: TableColumn | undefined,
  value: unknown,
  dicts: Awaited<ReturnType<typeof loadDicts>>,
  lang: Lang,
  related: Map<string, Map<number, string>>,
): Cell {
  if (value === null || value === undefined || value === '') return null;
  if (value === SECRET_MARK) return SECRET_MARK;
  if (!column) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (column.kind === 'relation') {
    const name = related.get(column.field.name)?.get(Number(value));
    if (name) return name;
  }
  return formatCell(column, { [column.field.name]: value }, dicts, lang);
}

/**
 * POST <prefix>/historyExport: the entity's history as the caller may see it (the search of `<prefix>/history`:
 * `id`, `userId`, `field`, `action`, `from`, `to`; data scope applied), newest first, as a CSV or XLSX file streamed
 * batch by batch — one line per changed field (only the searched one when `field` is given): time, user, action,
 * record, revision, field, old value, new value, request path, labelled and valued in the caller's language. `X-Total-Count` counts history rows (writes).
 */
export async function exportHistory(
  ctx: OpContext,
  entity: Entity,
  body: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const params = queryParams(body);
  const format = exportFormat(params.format);
  const lang = requestLanguage(request.headers.language);
  const total = Number(
    (
      (await historyQuery(ctx, entity, params)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()) as Row | undefined
    )?.n ?? 0,
  );
  const columns = new Map(tableColumns(entity, lang).map((c) => [c.field.name, c]));
  const dicts = await loadDicts(ctx, [...columns.values()], lang);
  const history = ctx.registry.get(HISTORY_PREFIX);
  const label = (name: string) => history?.fieldMap.get(name)?.label[lang] ?? name;
  const fieldLabel = (name: string) => entity.fieldMap.get(name)?.label[lang] || name;
  const only = typeof params.field === 'string' && params.field !== '' ? params.field : undefined;
  const lines = async function* (): AsyncGenerator<Cell[][]> {
    for await (const rows of historyBatches(ctx, entity, params)) {
      const changes = rows.map((r) => parseChanges(r.changes));
      const names = await userNames(
        ctx,
        rows.map((r) => (r.userId === null ? null : Number(r.userId))),
      );
      // Relation values of this batch, by name.
      const wanted = new Map<string, Set<number>>();
      for (const c of changes)
        for (const [name, pair] of Object.entries(c))
          if (columns.get(name)?.kind === 'relation')
            for (const v of pair) if (typeof v === 'number') getOrSet(wanted, name, () => new Set<number>()).add(v);
      const related = new Map<string, Map<number, string>>();
      for (const [name, ids] of wanted) related.set(name, await relationNames(ctx, columns.get(name)!, ids));
      const out: Cell[][] = [];
      rows.forEach((r, i) => {
        const who = r.userId === null ? null : (names.get(Number(r.userId)) ?? String(r.userId));
        const head: Cell[] = [
          String(r.createTime),
          who,
          ACTION_TEXT[String(r.action)]?.texts[lang] ?? String(r.action),
          Number(r.recordId),
          Number(r.version),
        ];
        // Searched by a field: only that field's change ("every price change last week").
        const fields = Object.entries(changes[i]).filter(([name]) => only === undefined || name === only);
        if (fields.length === 0) out.push([...head, null, null, null, (r.url as string | null) ?? null]);
        for (const [name, [from, to]] of fields)
          out.push([
            ...head,
            fieldLabel(name),
            valueCell(columns.get(name), from, dicts, lang, related),
            valueCell(columns.get(name), to, dicts, lang, related),
            (r.url as string | null) ?? null,
          ]);
      });
      yield out;
    }
  };
  return sendTable(request, reply, {
    format,
    columns: [
      E.HISTORY_COL_TIME.texts[lang],
      label('userId'),
      label('action'),
      label('recordId'),
      label('version'),
      E.HISTORY_COL_FIELD.texts[lang],
      E.HISTORY_COL_OLD.texts[lang],
      E.HISTORY_COL_NEW.texts[lang],
      label('url'),
    ].map((header) => ({ header })),
    fileName: `${entity.prefix.replace(/\//g, '-')}-history`,
    title: `${entity.title[lang] || entity.prefix}-${history?.title[lang] ?? 'history'}`,
    total: Math.min(total, MAX_EXPORT_ROWS),
    batches: lines(),
    what: `${entity.prefix} history`,
  });
}
