import type { Database } from '../db/database.js';
import type { OpContext } from '../crud/context.js';
import type { Entity } from './entity-types.js';
import type { EntitySource } from './register-entity.js';
import { nowText } from '../db/time.js';

/** The table of entities made on a running server (schemas/base/sys/entityDef.json): the registry's second source. */
export const ENTITY_DEF_TABLE = 'base_sys_entity_def';

/** `database:<prefix>`: the origin of an entity stored in the database, as messages name it. */
export const storedOrigin = (prefix: string): string => `database:${prefix}`;

/** Every stored entity schema, oldest first (an entity may refer to one stored before it). */
export async function readStoredEntities(database: Database): Promise<EntitySource[]> {
  const rows = await database.db.selectFrom(ENTITY_DEF_TABLE).select(['prefix', 'schema']).orderBy('id').execute();
  return rows.map((r: { prefix: string; schema: unknown }) => {
    let schema: unknown;
    try {
      schema = typeof r.schema === 'string' ? JSON.parse(r.schema) : r.schema;
    } catch (e) {
      throw new Error(`${storedOrigin(r.prefix)}: the stored schema is not valid JSON (${(e as Error).message})`);
    }
    return { schema, origin: storedOrigin(r.prefix) };
  });
}

/** Inserts or replaces the stored schema of an entity (inside the caller's transaction). */
export async function storeEntity(ctx: OpContext, entity: Entity, userId: number | null): Promise<void> {
  const db = ctx.db;
  const now = nowText();
  const schema = JSON.stringify(entity.source);
  const existing = await db
    .selectFrom(ENTITY_DEF_TABLE)
    .select('id')
    .where('prefix', '=', entity.prefix)
    .executeTakeFirst();
  if (existing)
    await db.updateTable(ENTITY_DEF_TABLE).set({ schema, updateTime: now }).where('id', '=', existing.id).execute();
  else
    await db
      .insertInto(ENTITY_DEF_TABLE)
      .values({ prefix: entity.prefix, schema, userId, createTime: now, updateTime: now })
      .execute();
}
