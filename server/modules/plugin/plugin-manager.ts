import type { Host } from '../../core/host.js';
import type { Database } from '../../core/db/database.js';
import type { Row } from '../../core/db/row.js';
import type { OpContext } from '../../core/crud/context.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { nowText, formatDateTime } from '../../core/db/time.js';
import { copyToRecycleBin } from '../../core/crud/recycle-bin.js';
import { checkFits, prepareEntity, registerEntity, type EntitySource } from '../../core/registry/register-entity.js';
import { assertTablesNotReserved } from '../../core/registry/reserved-tables.js';
import { deleteEntityMenus, dropTable } from '../../core/registry/remove-entity.js';
import type { Entity } from '../../core/registry/entity-types.js';
import { builtinOf } from './builtins.js';
import { contentOfRow, type PluginContent, type PluginPackage, type PluginTask } from './plugin-package.js';

export const PLUGIN_PREFIX = 'plugin/info';
export const PLUGIN_TABLE = 'plugin_info';

/** `plugin:<keyName>/<file>`: where a plugin's entity came from, as messages name it. */
export const pluginOrigin = (keyName: string, file: string): string => `plugin:${keyName}/${file}`;
const ownedBy = (keyName: string, entity: Entity) => entity.origin.startsWith(`plugin:${keyName}/`);

type Loaded = { id: number; entities: string[]; handlers: string[] };

/** The enabled plugins' entity schemas, read at start so they register with the rest (before menus are reconciled). */
export async function enabledPluginSources(database: Database): Promise<{ sources: EntitySource[]; rows: Row[] }> {
  const tables = await database.db.introspection.getTables();
  if (!tables.some((t) => t.name === PLUGIN_TABLE)) return { sources: [], rows: [] };
  const rows = await database.db
    .selectFrom(PLUGIN_TABLE)
    .select(['id', 'keyName', 'status', 'content'])
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  const sources = rows.flatMap((r) =>
    (contentOfRow(r.content)?.schemas ?? []).map((s) => ({
      schema: s.schema,
      origin: pluginOrigin(String(r.keyName), s.file),
    })),
  );
  return { sources, rows };
}

/** A purge handler: the rows of one of the plugin's entities older than `keepDays` are deleted. */
function purgeHandler(task: PluginTask) {
  const keepDefault = task.keepDays ?? 30;
  const column = task.column ?? 'createTime';
  return {
    name: task.name,
    summary: task.summary,
    // Deleting rows of the entity is what its delete permission allows (plugin entities carry no department scope).
    permission: `${task.entity.replace(/\//g, ':')}:delete`,
    wholeScope: false,
    dataSchema: {
      type: 'object',
      additionalProperties: false,
      properties: { keepDays: { type: 'integer', minimum: 1, maximum: 3650 } },
    },
    run: async ({ ctx, data }: { ctx: OpContext; data: unknown }) => {
      const entity = ctx.registry.get(task.entity);
      if (!entity) throw new Error(`${task.entity} is not loaded (is its plugin enabled?)`);
      const keepDays = (data as { keepDays?: number }).keepDays ?? keepDefault;
      const before = formatDateTime(new Date(Date.now() - keepDays * 86_400_000));
      const result = await untyped(ctx.db).deleteFrom(entity.table).where(column, '<', before).executeTakeFirst();
      return { deleted: Number(result.numDeletedRows ?? 0), before };
    },
  };
}

/**
 * Loads and unloads plugins so the live server matches the plugin table: an enabled plugin's entities are
 * registered (table, routes, eps, menu page and buttons), its dictionaries exist and its task handlers are on the
 * allowlist; a disabled or uninstalled one has none of that live (its menu rows and their grants are deleted, its
 * routes answer 404), while its tables and rows stay unless the uninstall asked for them to go.
 */
export class PluginManager {
  private readonly loaded = new Map<string, Loaded>();
  /** Uninstalls that asked for the tables to go, done once the plugin row's delete has committed. */
  private readonly dropAfterDelete = new Map<string, { entities: Entity[] }>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly host: Host) {}

  /** Start: the entities were registered by buildApp; handlers join the allowlist here. */
  adoptStarted(rows: Row[]): void {
    for (const r of rows) {
      const keyName = String(r.keyName);
      const content = contentOfRow(r.content);
      const entities = this.host.registry
        .all()
        .filter((e) => ownedBy(keyName, e))
        .map((e) => e.prefix);
      const handlers = this.registerHandlers(content?.tasks ?? []);
      this.loaded.set(keyName, { id: Number(r.id), entities, handlers });
    }
  }

  isLoaded(keyName: string): boolean {
    return this.loaded.has(keyName);
  }

  /** Runs one load/unload at a time (two requests enabling plugins must not interleave their registrations). */
  serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private registerHandlers(tasks: PluginTask[]): string[] {
    const names: string[] = [];
    for (const t of tasks) {
      if (this.host.taskHandlers.get(t.name)) continue;
      this.host.taskHandlers.register(purgeHandler(t));
      names.push(t.name);
    }
    return names;
  }

  /**
   * Refuses a package whose entities cannot join the registry, before anything is written: a schema that does not
   * validate, a prefix/table/class used by an entity that is not this plugin's, a relation to nothing.
   */
  checkPackage(pkg: PluginPackage): Entity[] {
    const { keyName } = pkg.manifest;
    if (builtinOf(keyName)) throw new Error(`keyName "${keyName}" is the key of a built-in plugin`);
    const foreign = this.host.registry.all().find((e) => e.prefix.startsWith(`${keyName}/`) && !ownedBy(keyName, e));
    if (foreign)
      throw new Error(
        `keyName "${keyName}" is the module of ${foreign.prefix} (${foreign.origin}); a plugin may not add to it`,
      );
    const entities = pkg.content.schemas.map((s) =>
      prepareEntity({ schema: s.schema, origin: pluginOrigin(keyName, s.file) }),
    );
    // Checked as if this plugin's own entities (an earlier version) were gone: it replaces them.
    const others = this.host.registry.all().filter((e) => !ownedBy(keyName, e));
    assertTablesNotReserved(others, entities);
    checkFits({ all: () => others, get: (p: string) => others.find((e) => e.prefix === p) }, entities);
    return entities;
  }

  /** Makes an enabled plugin live. On a failure everything it had made live is unloaded again, and the error thrown. */
  async load(id: number, keyName: string, content: PluginContent): Promise<void> {
    if (this.loaded.has(keyName)) return;
    const loaded: Loaded = { id, entities: [], handlers: [] };
    try {
      await this.ensureDicts(content);
      for (const s of content.schemas) {
        const prefix = String(s.schema['x-prefix']);
        if (this.host.registry.get(prefix)) continue;
        await registerEntity(this.host, { schema: s.schema, origin: pluginOrigin(keyName, s.file) });
        loaded.entities.push(prefix);
      }
      loaded.handlers = this.registerHandlers(content.tasks);
      this.loaded.set(keyName, loaded);
    } catch (e) {
      this.loaded.set(keyName, loaded);
      await this.unload(keyName);
      throw e;
    }
  }

  /** Takes a plugin off the live server: handlers, menu rows and grants, routes. Tables and rows stay. */
  async unload(keyName: string): Promise<Entity[]> {
    const loaded = this.loaded.get(keyName);
    this.loaded.delete(keyName);
    const entities = this.host.registry.all().filter((e) => ownedBy(keyName, e));
    for (const name of loaded?.handlers ?? []) this.host.taskHandlers.unregister(name);
    if (entities.length) {
      await this.host.database.db.transaction().execute(async (trx) => {
        for (const e of entities) await deleteEntityMenus(trx, e);
      });
      for (const e of entities) this.host.registry.unregister(e.prefix);
      this.host.auth.invalidateRights();
    }
    return entities;
  }

  /** Dictionaries the plugin names and the server lacks: created with their items (existing ones are left as they are). */
  private async ensureDicts(content: PluginContent): Promise<void> {
    if (!content.dicts.length) return;
    await this.host.database.db.transaction().execute(async (trx) => {
      const db = trx;
      const now = nowText();
      for (const d of content.dicts) {
        const found = await db.selectFrom('dict_type').select('id').where('key', '=', d.key).executeTakeFirst();
        if (found) continue;
        await db
          .insertInto('dict_type')
          .values({ name: d.name, key: d.key, createTime: now, updateTime: now })
          .execute();
        const type = await db.selectFrom('dict_type').select('id').where('key', '=', d.key).executeTakeFirstOrThrow();
        for (const [i, item] of d.items.entries()) {
          await db
            .insertInto('dict_info')
            .values({
              typeId: type.id,
              name: item.name,
              value: item.value === undefined ? null : String(item.value),
              orderNum: item.orderNum ?? i + 1,
              parentId: null,
              createTime: now,
              updateTime: now,
            })
            .execute();
        }
      }
    });
  }

  private seen = '';

  /**
   * Another process may install, enable or remove a plugin on the same database: a cheap read of who is enabled and
   * when each row last changed; when that differs from the last look, a full sync.
   */
  async poll(): Promise<void> {
    const rows = await this.host.database.db
      .selectFrom(PLUGIN_TABLE)
      .select(['keyName', 'status', 'version', 'updateTime'])
      .orderBy('id')
      .execute();
    const now = rows
      .map((r) => `${String(r.keyName)}:${String(r.status)}:${String(r.version)}:${String(r.updateTime)}`)
      .join('|');
    if (now === this.seen) return;
    // Marked seen first: a plugin that fails to load is said once, not retried every poll until its row changes.
    this.seen = now;
    await this.sync();
  }

  /** Plugins the table says are enabled and are not live, or live and no longer enabled: loaded or unloaded now. */
  async sync(): Promise<void> {
    return this.serial(async () => {
      const rows = await this.host.database.db
        .selectFrom(PLUGIN_TABLE)
        .select(['id', 'keyName', 'status', 'content'])
        .execute();
      const enabled = new Map(rows.filter((r) => Number(r.status) === 1).map((r) => [String(r.keyName), r]));
      for (const keyName of [...this.loaded.keys()]) {
        if (!enabled.has(keyName)) await this.unload(keyName);
      }
      for (const [keyName, entities] of this.dropAfterDelete) {
        this.dropAfterDelete.delete(keyName);
        // Still there: the delete that asked for the drop did not commit; nothing is dropped.
        if (rows.some((r) => String(r.keyName) === keyName)) continue;
        for (const e of entities.entities) await dropTable(this.host.database, this.host.database.db, e);
      }
      for (const [keyName, r] of enabled) {
        const content = contentOfRow(r.content);
        if (content && !this.loaded.has(keyName)) await this.load(Number(r.id), keyName, content);
      }
    });
  }

  /**
   * Uninstall with `dropTables`: inside the delete's transaction the rows of the plugin's tables go to the recycle bin
   * (one record per table); the tables are dropped once the delete has committed.
   */
  async binTables(ctx: OpContext, keyName: string, content: PluginContent | undefined): Promise<void> {
    const entities = (content?.schemas ?? []).map((s) => {
      const live = ctx.registry.get(String(s.schema['x-prefix']));
      return live ?? prepareEntity({ schema: s.schema, origin: pluginOrigin(keyName, s.file) });
    });
    const existing = new Set((await ctx.db.introspection.getTables()).map((t) => t.name));
    const present = entities.filter((e) => existing.has(e.table));
    for (const e of present) {
      const rows: Row[] = await untyped(ctx.db).selectFrom(e.table).selectAll().orderBy('id').execute();
      if (rows.length) await copyToRecycleBin(ctx, e, rows);
    }
    this.dropAfterDelete.set(keyName, { entities: present });
  }
}
