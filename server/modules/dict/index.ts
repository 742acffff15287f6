import type { Host } from '../../core/host.js';
import { E, fieldError } from '../../core/errors.js';
import type { Row } from '../../core/db/row.js';
import { decodeRow } from '../../core/db/row-codec.js';
import { requestLanguage, type Lang } from '../../core/http/request-language.js';

/** A dictionary value as the original sends it: a number when numeric, else the text, else the entry id. */
function dictValue(row: Row): unknown {
  const v = row.value;
  if (v === null || v === undefined || v === '') return Number(row.id);
  return /^-?\d+(\.\d+)?$/.test(String(v)) ? Number(v) : v;
}

/** Entries ordered so that each comes after its parent when both are in the list (a restore inserts them in order). */
function parentsFirst(entries: Row[]): Row[] {
  const ids = new Set(entries.map((e) => Number(e.id)));
  const out: Row[] = [];
  const placed = new Set<number>();
  let left = entries;
  while (left.length) {
    const ready = left.filter(
      (e) => e.parentId === null || !ids.has(Number(e.parentId)) || placed.has(Number(e.parentId)),
    );
    // A cycle among the entries (never written by this server): the rest go as they are.
    const next = ready.length ? ready : left;
    for (const e of next) {
      out.push(e);
      placed.add(Number(e.id));
    }
    left = left.filter((e) => !placed.has(Number(e.id)));
  }
  return out;
}

/** dict/info/data, dict/info/types, and the cascades of deleting types and entries. */
export function registerDictModule(host: Host): void {
  host.actions.set('dict/info', 'data', async (ctx, { body, request }) => {
    const types = body.types;
    if (
      types !== undefined &&
      types !== null &&
      (!Array.isArray(types) || types.length > 500 || !types.every((t) => typeof t === 'string' && t.length <= 100))
    ) {
      throw fieldError('types', E.DICT_TYPES);
    }
    const db = ctx.db;
    let q = db.selectFrom('dict_type').select(['id', 'key']);
    if (Array.isArray(types) && types.length) q = q.where('key', 'in', types as string[]);
    const typeRows = await q.execute();
    const out: Record<string, Row[]> = Object.fromEntries(typeRows.map((t) => [String(t.key), []]));
    if (typeRows.length === 0) return out;
    const infoEntity = host.registry.get('dict/info')!;
    const lang = requestLanguage(request.headers.language);
    const entries = (
      await db
        .selectFrom('dict_info')
        .selectAll()
        .where(
          'typeId',
          'in',
          typeRows.map((t) => Number(t.id)),
        )
        .orderBy('orderNum', 'asc')
        .orderBy('createTime', 'asc')
        .orderBy('id', 'asc')
        .execute()
    ).map((r) => decodeRow(infoEntity, r));
    const keyOf = new Map(typeRows.map((t) => [Number(t.id), String(t.key)]));
    for (const e of entries) {
      const names = (e.i18n ?? {}) as Partial<Record<Lang, string>>;
      out[keyOf.get(Number(e.typeId))!].push({
        id: e.id,
        name: names[lang] || e.name,
        typeId: e.typeId,
        parentId: e.parentId,
        orderNum: e.orderNum,
        value: dictValue(e),
        color: e.color ?? null,
      });
    }
    return out;
  });

  host.actions.set('dict/info', 'types', async (ctx) => {
    const entity = host.registry.get('dict/type')!;
    return (await ctx.db.selectFrom('dict_type').selectAll().orderBy('id').execute()).map((r) => decodeRow(entity, r));
  });

  host.hooks.add('dict/type', {
    // Its entries go with its recycle copy and come back with it.
    keptWith: async (ctx, rows) => {
      const entries: Row[] = await ctx.db
        .selectFrom('dict_info')
        .selectAll()
        .where(
          'typeId',
          'in',
          rows.map((r) => Number(r.id)),
        )
        .orderBy('id')
        .execute();
      return [{ entity: 'dict/info', rows: parentsFirst(entries) }];
    },
    afterDelete: async (ctx, rows) => {
      await ctx.db
        .deleteFrom('dict_info')
        .where(
          'typeId',
          'in',
          rows.map((r) => Number(r.id)),
        )
        .execute();
    },
  });
  host.hooks.add('dict/info', {
    // The entries below it go with its recycle copy and come back with it.
    keptWith: async (ctx, rows) => {
      const below: Row[] = [];
      let parents = rows.map((r) => Number(r.id));
      while (parents.length) {
        const children: Row[] = await ctx.db
          .selectFrom('dict_info')
          .selectAll()
          .where('parentId', 'in', parents)
          .orderBy('id')
          .execute();
        below.push(...children);
        parents = children.map((r) => Number(r.id));
      }
      return [{ entity: 'dict/info', rows: below }];
    },
    afterDelete: async (ctx, rows) => {
      const db = ctx.db;
      let parents = rows.map((r) => Number(r.id));
      while (parents.length) {
        const children = (await db.selectFrom('dict_info').select('id').where('parentId', 'in', parents).execute()).map(
          (r) => Number(r.id),
        );
        if (children.length) await db.deleteFrom('dict_info').where('id', 'in', children).execute();
        parents = children;
      }
    },
  });
}
