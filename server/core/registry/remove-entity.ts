import { sql } from 'kysely';
import type { Host } from '../host.js';
import type { OpContext } from '../crud/context.js';
import type { Entity } from './entity-types.js';
import type { Row } from '../db/row.js';
import type { Database } from '../db/database.js';
import { appError, E, issue } from '../errors.js';
import { untyped } from '../crud/dynamic-db.js';
import { copyToRecycleBin } from '../crud/recycle-bin.js';
import { ENTITY_DEF_TABLE, storedOrigin } from './stored-entities.js';
import { dirPath } from './menu-dirs.js';
import { dropMysqlKeywordIndex, dropPostgresKeywordIndex, dropSqliteKeywordIndex } from '../db/keyword-index.js';

const MENU = 'base_sys_menu';

/** Drops an entity's table with what the schema sync made beside it (SQLite's keyword index and row counter). */
export async function dropTable(database: Database, db: Database['db'], entity: Entity): Promise<void> {
  if (database.dialect === 'sqlite') {
    await dropSqliteKeywordIndex(db, entity);
    const counter = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name = 'joinery_row_count'`.execute(db);
    if (counter.rows.length) await sql`delete from joinery_row_count where tbl = ${entity.table}`.execute(db);
  }
  if (database.dialect === 'postgres') await dropPostgresKeywordIndex(db, entity.table);
  if (database.dialect === 'mysql') await dropMysqlKeywordIndex(db, entity.table);
  await sql`drop table if exists ${sql.table(entity.table)}`.execute(db);
}

/** Deletes an entity's menu page, the buttons under it and any button granting only its permissions, with their grants. */
export async function deleteEntityMenus(trx: Database['db'], entity: Entity): Promise<void> {
  const db = trx;
  const perm = `${entity.prefix.replace(/\//g, ':')}:`;
  // Its page (by route) and every button granting only its permissions, with what they grant to roles.
  const menus = await db.selectFrom(MENU).select(['id', 'parentId', 'type', 'router', 'perms', 'nameKey']).execute();
  const own = (perms: unknown) =>
    typeof perms === 'string' && perms.trim() !== '' && perms.split(',').every((p) => p.trim().startsWith(perm));
  const pages = menus
    .filter((m) => Number(m.type) === 1 && entity.menu && m.router === entity.menu.router)
    .map((m) => Number(m.id));
  // The page, the buttons under it, and any button elsewhere that grants only this entity's permissions.
  const ids = menus
    .filter(
      (m) =>
        pages.includes(Number(m.id)) || pages.includes(Number(m.parentId)) || (Number(m.type) === 2 && own(m.perms)),
    )
    .map((m) => Number(m.id));
  // The module's own directory (made for a module menu-dirs.json lacks, menu-dirs.ts) goes with its last page.
  const dir = menus.find(
    (m) =>
      Number(m.type) === 0 &&
      m.parentId === null &&
      m.nameKey === `dir:${entity.module}` &&
      entity.menu?.parent === entity.module &&
      !dirPath(entity.module),
  );
  if (dir && menus.every((m) => Number(m.parentId) !== Number(dir.id) || ids.includes(Number(m.id))))
    ids.push(Number(dir.id));
  if (ids.length) {
    await db.deleteFrom('base_sys_role_menu').where('menuId', 'in', ids).execute();
    await db.deleteFrom(MENU).where('id', 'in', ids).execute();
  }
}

/**
 * Removes an entity made on this server (the AI-code page): its rows and its stored schema go to the recycle bin (as
 * two records: restoring the schema record and starting again brings the entity back, empty; restoring the rows
 * record then puts them back), its menu page and buttons and their grants are deleted, its table is dropped, and it
 * leaves the live registry. An entity with rows is removed only when `confirm` repeats its prefix. Entities that
 * relate to it must lose that relation first. One transaction (on MySQL the table is dropped after the commit).
 */
export async function removeEntity(
  host: Host,
  ctx: OpContext,
  prefix: string,
  confirm: unknown,
): Promise<{ rows: number }> {
  const entity = host.registry.get(prefix);
  if (!entity || entity.origin !== storedOrigin(prefix)) {
    throw appError(E.CODING_NO_STORED_ENTITY, { prefix }, [issue('prefix', E.CODING_NO_STORED_ENTITY, { prefix })]);
  }
  const referrers = host.registry
    .all()
    .filter((e) => e.prefix !== prefix && e.fields.some((f) => f.schema['x-ref']?.entity === prefix));
  if (referrers.length)
    throw appError(E.CODING_REMOVE_REFERENCED, { prefix, referrers: referrers.map((e) => e.prefix).join(', ') });
  const { database } = host;
  const counted = (await untyped(database.db)
    .selectFrom(entity.table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()) as { n: number | string } | undefined;
  const count = Number(counted?.n ?? 0);
  if (count > 0 && confirm !== prefix) {
    throw appError(E.CODING_REMOVE_CONFIRM, { prefix, count }, [
      issue('confirm', E.CODING_CONFIRM_REPEAT, { prefix, count }),
    ]);
  }
  const definition = host.registry.get('base/sys/entityDef');
  await database.db.transaction().execute(async (trx) => {
    const tx: OpContext = { ...ctx, db: trx, database: { ...database, db: trx } };
    const db = trx;
    const rows: Row[] = await untyped(db).selectFrom(entity.table).selectAll().orderBy('id').execute();
    if (rows.length) await copyToRecycleBin(tx, entity, rows);
    const def = await db.selectFrom(ENTITY_DEF_TABLE).selectAll().where('prefix', '=', prefix).execute();
    if (definition && def.length) await copyToRecycleBin(tx, definition, def);
    await db.deleteFrom(ENTITY_DEF_TABLE).where('prefix', '=', prefix).execute();
    await deleteEntityMenus(trx, entity);
    if (database.dialect !== 'mysql') await dropTable(database, trx, entity);
  });
  if (database.dialect === 'mysql') await dropTable(database, database.db, entity);
  host.registry.unregister(prefix);
  host.auth.invalidateRights();
  return { rows: count };
}
