import { sql } from 'kysely';
import type { Host } from '../../../core/host.js';
import type { Entity, Field } from '../../../core/registry/entity-types.js';
import type { Row } from '../../../core/db/row.js';
import { E, fieldError } from '../../../core/errors.js';
import { untyped } from '../../../core/crud/dynamic-db.js';
import type { OpContext } from '../../../core/crud/context.js';

const SPACE_INFO = 'space/info';
/** Fields that hold file addresses: the media widgets, and rich text (which embeds pictures). */
const FILE_WIDGETS = new Set(['image', 'images', 'file', 'files', 'video', 'richtext']);
/** At most this many record ids are listed per entity (the count says how many there are). */
const SHOWN = 5;

const fileFields = (entity: Entity): Field[] =>
  entity.fields.filter(
    (f) =>
      !f.virtual &&
      !f.secret &&
      ['string', 'json'].includes(f.storage) &&
      FILE_WIDGETS.has(String((f.schema['x-ui'] as { widget?: string } | undefined)?.widget ?? '')),
  );

export type FileReference = { prefix: string; title: unknown; fields: string[]; ids: number[]; count: number };

/** May the caller read records of this entity at all (a super admin, or a holder of its page, list or info permission)? */
function mayRead(ctx: OpContext, entity: Entity): boolean {
  const user = ctx.user;
  if (!user || user.isSuper) return true;
  const perm = entity.prefix.replace(/\//g, ':');
  return ['page', 'list', 'info'].some((a) => user.perms.has(`${perm}:${a}`));
}

/**
 * Which records use each file: every entity field that holds files (media widgets, rich text) is searched for the
 * file's stored name, which carries a 32-hex random part no other file shares (for files recorded otherwise, their
 * path). Answers
 * `[{id, name, url, references: [{prefix, title, fields, ids, count}], hidden}]`, so a screen can warn before a delete.
 * Only what the caller may see is named: entities it holds a read permission of, rows within its scope (the
 * entity's row scope, as its page applies it). Every other use is only counted, in `hidden` ("in use by records you
 * cannot see").
 */
export function registerFileReferences(host: Host): void {
  host.actions.set(SPACE_INFO, 'references', async (ctx, { body }) => {
    const ids = Array.isArray(body.ids) ? body.ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : [];
    if (ids.length === 0 || ids.length > 100) throw fieldError('ids', E.FILE_REFERENCE_IDS);
    const { db } = ctx;
    const files = await db
      .selectFrom('space_info')
      .select(['id', 'name', 'url', 'fileId'])
      .where('id', 'in', ids)
      .execute();
    const entities = host.registry
      .all()
      .filter((e) => e.prefix !== SPACE_INFO)
      .map((e) => ({ entity: e, fields: fileFields(e) }))
      .filter((x) => x.fields.length > 0);
    const out = [];
    for (const file of files) {
      // The random part of a name the server gave; else the file's path (files recorded by other means).
      const path = String(file.url ?? '').replace(/^[a-z]+:\/\/[^/]+/i, '');
      const marker =
        /[0-9a-f]{32}/.exec(String(file.fileId ?? file.url ?? ''))?.[0] ?? (path.length > 8 ? path : undefined);
      const references: FileReference[] = [];
      let hidden = 0;
      if (marker) {
        for (const { entity, fields } of entities) {
          // `!` escapes LIKE's wildcards the same way on SQLite, PostgreSQL and MySQL.
          const pattern = `%${marker.replace(/[!%_]/g, (c) => `!${c}`)}%`;
          const where = sql<boolean>`(${sql.join(
            fields.map((f) => sql`${sql.ref(`a.${f.name}`)} like ${pattern} escape '!'`),
            sql` or `,
          )})`;
          const count = async (scoped: boolean) => {
            let q = untyped(db)
              .selectFrom(`${entity.table} as a`)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where(where);
            const scope = scoped ? host.hooks.get(entity.prefix).scope : undefined;
            if (scope) q = q.where((eb) => scope(ctx, eb as never) ?? eb.lit(true));
            return Number(((await q.executeTakeFirst()) as { n: number | string }).n);
          };
          const all = await count(false);
          if (all === 0) continue;
          const seen = mayRead(ctx, entity) ? await count(true) : 0;
          hidden += all - seen;
          if (seen === 0) continue;
          let shown = untyped(db).selectFrom(`${entity.table} as a`).select('a.id').where(where);
          const scope = host.hooks.get(entity.prefix).scope;
          if (scope) shown = shown.where((eb) => scope(ctx, eb as never) ?? eb.lit(true));
          const found: Row[] = await shown.orderBy('a.id').limit(SHOWN).execute();
          references.push({
            prefix: entity.prefix,
            title: entity.title,
            fields: fields.map((f) => f.name),
            ids: found.map((r) => Number(r.id)),
            count: seen,
          });
        }
      }
      out.push({ id: Number(file.id), name: file.name, url: file.url, references, hidden });
    }
    return out;
  });
}
