import { sql } from 'kysely';
import type { Entity } from './entity-types.js';
import { checkEntityReferences, type Registry } from './registry.js';
import { checkEntitySchema } from './load-schemas.js';
import { normalizeEntity } from './normalize-entity.js';
import { reconcileMenus } from './reconcile-menus.js';
import { MissingDictionaryError, reconcileDicts } from './reconcile-dicts.js';
import { syncSchema } from '../db/schema-sync.js';
import type { Database } from '../db/database.js';
import type { Host } from '../host.js';
import type { OpContext } from '../crud/context.js';

/** A schema document and where it came from (a file path, or `database:<prefix>` for entities stored by the AI-code page). */
export type EntitySource = { schema: unknown; origin: string };

/** Stages 1–2: checks a document against the meta-schema and the in-file rules, then normalises it. Throws naming the origin and field. */
export function prepareEntity(source: EntitySource): Entity {
  return normalizeEntity(checkEntitySchema(source.schema, source.origin), source.origin);
}

/**
 * Refuses entities that cannot join the registry: a prefix, table or class another entity uses, or an x-ref naming an
 * entity or column that neither the registry nor the batch has. `replacing` lets an entity replace itself (evolve).
 */
export function checkFits(
  registry: Pick<Registry, 'all' | 'get'>,
  batch: Entity[],
  options: { replacing?: boolean } = {},
): void {
  const seen = new Map<string, Entity>();
  for (const entity of batch) {
    const same = registry.get(entity.prefix) ?? seen.get(entity.prefix);
    if (same && !(options.replacing && registry.get(entity.prefix)))
      throw new Error(`${entity.origin}: x-prefix "${entity.prefix}" is already used by ${same.origin}`);
    const others = [...registry.all().filter((e) => e.prefix !== entity.prefix), ...seen.values()];
    const clash = others.find((e) => e.table === entity.table || e.className === entity.className);
    if (clash)
      throw new Error(
        `${entity.origin}: table "${entity.table}" or class "${entity.className}" is already used by ${clash.origin}`,
      );
    seen.set(entity.prefix, entity);
  }
  const lookup = (prefix: string) => seen.get(prefix) ?? registry.get(prefix);
  for (const entity of batch) checkEntityReferences(entity, lookup);
}

/**
 * Start-up: every schema of a source (the schemas folder, then the entities stored in the database) through the
 * same stages as registerEntity — validate, normalise, check, sync, register. Menus are reconciled for all entities
 * at once once the modules have registered their actions (see reconcileMenus in app.ts).
 */
export async function registerEntities(
  target: { database: Database; registry: Registry; dataDir?: string },
  sources: EntitySource[],
): Promise<Entity[]> {
  const entities = sources.map(prepareEntity);
  checkFits(target.registry, entities);
  await syncSchema(target.database, entities, { dataDir: target.dataDir });
  for (const entity of entities) target.registry.register(entity);
  return entities;
}

export type RegisterOptions = {
  /** Work to do in the same transaction once the table exists (the AI-code apply stores the schema here). */
  within?: (ctx: OpContext, entity: Entity) => Promise<void>;
  /** Let an entity already registered with this prefix be replaced (evolving it). */
  replacing?: boolean;
  /**
   * Changes the existing table before the sync (an evolve's change plan: renames, drops, retypes), in the same
   * transaction; on MySQL, which commits DDL at once, before the transaction.
   */
  alter?: (database: Database) => Promise<void>;
};

/**
 * One entity, live, all or nothing: validate → normalise → check it fits → sync its table → create the dictionaries it
 * carries (refused when it names one that neither exists nor is carried) → (caller's work) →
 * reconcile its menu page and permission buttons → commit → register → drop cached rights.
 * The registry changes only after the commit, so a failure leaves neither rows nor routes behind. MySQL cannot roll
 * back DDL: there the table is created before the transaction and dropped again if the transaction fails.
 */
export async function registerEntity(host: Host, source: EntitySource, options: RegisterOptions = {}): Promise<Entity> {
  const entity = prepareEntity(source);
  checkFits(host.registry, [entity], { replacing: options.replacing });
  const { database } = host;
  const dataDir = host.config.dataDir;
  const writes = async (ctx: OpContext) => {
    // The dictionaries it carries are created (admins' edits kept); one it names that neither exists nor is carried
    // refuses the entity, and the transaction leaves nothing behind.
    const dicts = await reconcileDicts(ctx, [entity]);
    if (dicts.missing.length) throw new MissingDictionaryError(dicts.missing[0]);
    await options.within?.(ctx, entity);
    await reconcileMenus(ctx, host.actions, [entity]);
  };
  const context = (db: OpContext['db']): OpContext => ({ ...host.systemContext(), db, database: { ...database, db } });
  if (database.dialect === 'mysql') {
    const existed = (await database.db.introspection.getTables()).some((t) => t.name === entity.table);
    await options.alter?.(database);
    await syncSchema(database, [entity], { dataDir });
    try {
      await database.db.transaction().execute((trx) => writes(context(trx)));
    } catch (e) {
      if (!existed) await sql`drop table if exists ${sql.table(entity.table)}`.execute(database.db);
      throw e;
    }
  } else {
    await database.db.transaction().execute(async (trx) => {
      await options.alter?.({ ...database, db: trx });
      await syncSchema({ ...database, db: trx }, [entity], { dataDir });
      await writes(context(trx));
    });
  }
  host.registry.register(entity);
  host.auth.invalidateRights();
  return entity;
}
