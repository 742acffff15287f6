import type { FastifyRequest } from 'fastify';
import type { Host } from '../../core/host.js';
import type { Row } from '../../core/db/row.js';
import type { OpContext } from '../../core/crud/context.js';
import { encodeRow, decodeRow } from '../../core/db/row-codec.js';
import { insertRow } from '../../core/crud/insert-row.js';
import { nowText } from '../../core/db/time.js';
import { AppError, appError, E, fieldError, fieldsError, forbidden, issue, textOf } from '../../core/errors.js';
import { sizeText } from '../../core/limits.js';
import { requestLanguage } from '../../core/http/request-language.js';
import { builtinOf, builtinStates, isBuiltinRow } from './builtins.js';
import { readPackage, PACKAGE_LIMITS } from './package-reader.js';
import {
  checkConfig,
  contentOfRow,
  CONTENT_TYPE,
  DEFAULT_PLUGIN_LOGO,
  IncompletePackage,
  parsePackage,
  type PluginPackage,
} from './plugin-package.js';
import { PluginManager, PLUGIN_PREFIX, PLUGIN_TABLE } from './plugin-manager.js';
import { BASE_ROUTES } from '../base/base-route-schemas.js';

const superOnly = (ctx: OpContext) => {
  if (!ctx.user?.isSuper) throw forbidden();
};

/** A plugin row of another kind may not take a built-in's keyName. */
function refuseBuiltinKey(keyName: unknown): void {
  if (builtinOf(keyName)) throw fieldError('keyName', E.PLUGIN_BUILTIN_KEY);
}

/** The columns of a built-in's row an admin may change: the switch (unless it is locked) and the configuration. */
const BUILTIN_EDITABLE = new Set(['status', 'config']);

function checkBuiltinPatch(before: Row, patch: Row): void {
  const b = builtinOf(before.keyName)!;
  const fixed = Object.keys(patch).filter(
    (k) => !BUILTIN_EDITABLE.has(k) && JSON.stringify(patch[k] ?? null) !== JSON.stringify(before[k] ?? null),
  );
  if (fixed.length) {
    const details = fixed.map((k) => issue(k, E.PLUGIN_BUILTIN_FIXED, { key: b.keyName }));
    throw fieldsError(E.PLUGIN_BUILTIN_FIXED, details);
  }
  if (!b.configSchema && patch.config !== undefined && patch.config !== null) {
    throw fieldError('config', E.PLUGIN_NO_SETTINGS);
  }
  if (b.locked && patch.status !== undefined && Number(patch.status) !== 1) {
    const name = { 'zh-cn': b.name, 'zh-tw': b.name, en: b.keyName };
    throw appError(E.PLUGIN_LOCKED, { name }, [issue('status', E.PLUGIN_LOCKED, { name })]);
  }
}

/** The multipart body of install: one file (field `files`) and `force`; the archive is read into memory, bounded. */
async function readInstallBody(request: FastifyRequest): Promise<{ file: Buffer | undefined; force: boolean }> {
  if (!request.isMultipart()) throw appError(E.PLUGIN_PACKAGE_MISSING, {}, [issue('files', E.FIELD_REQUIRED)]);
  let file: Buffer | undefined;
  let force = false;
  try {
    const parts = request.parts({
      limits: { fileSize: PACKAGE_LIMITS.maxArchiveBytes, files: 1, fields: 5, fieldSize: 64, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated)
          throw appError(E.PLUGIN_PACKAGE_SIZE, { limit: sizeText(PACKAGE_LIMITS.maxArchiveBytes) });
        file = Buffer.concat(chunks);
      } else if (part.fieldname === 'force') {
        force = String(part.value) === 'true';
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw appError(E.PLUGIN_PACKAGE_ONE, {}, [issue('files', E.PLUGIN_PACKAGE_ONE)]);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw appError(E.PLUGIN_PACKAGE_FIELDS);
    throw appError(E.PLUGIN_PACKAGE_UNREADABLE);
  }
  return { file, force };
}

/** The row a package makes (its configuration: the one kept from an earlier install if it still fits, else the defaults). */
function rowOf(pkg: PluginPackage, previous: Row | undefined): Row {
  const m = pkg.manifest;
  let config: unknown = m.config ?? (m.configSchema ? {} : null);
  if (previous?.config && m.configSchema) {
    try {
      checkConfig(m.configSchema, previous.config);
      config = previous.config;
    } catch {
      /* the new version's schema refuses the old configuration: its defaults */
    }
  }
  return {
    name: m.name,
    keyName: m.keyName,
    version: m.version,
    description: m.description ?? null,
    author: m.author ?? null,
    hook: m.hook ?? null,
    readme: pkg.readme,
    logo: pkg.logo ?? DEFAULT_PLUGIN_LOGO,
    status: m.enable === false ? 0 : 1,
    content: { type: CONTENT_TYPE, data: pkg.content },
    pluginJson: m,
    config,
  };
}

/**
 * `plugin/info`: install (super admin, multipart), enable/disable and configure through update, uninstall through
 * delete (`dropTables: true` also bins the rows and drops the tables). See README.md.
 */
export function registerPluginModule(host: Host, started: Row[]): PluginManager {
  const manager = new PluginManager(host);
  manager.adoptStarted(started);
  const entity = () => host.registry.get(PLUGIN_PREFIX)!;

  host.hooks.add(PLUGIN_PREFIX, {
    beforeAdd: (ctx, row) => {
      superOnly(ctx);
      refuseBuiltinKey(row.keyName);
    },
    beforeUpdate: async (ctx, patch, existing) => {
      superOnly(ctx);
      const before = decodeRow(entity(), existing);
      if (isBuiltinRow(existing)) checkBuiltinPatch(before, patch);
      else if (patch.keyName !== undefined && patch.keyName !== before.keyName) refuseBuiltinKey(patch.keyName);
      if (patch.config !== undefined)
        checkConfig((before.pluginJson as { configSchema?: unknown } | null)?.configSchema, patch.config);
      // Enabling a plugin with a hook disables the other enabled plugins of that hook (PROTOCOL §7.13).
      const hook = patch.hook !== undefined ? patch.hook : before.hook;
      if (Number(patch.status ?? before.status) === 1 && typeof hook === 'string' && hook !== '') {
        await ctx.db
          .updateTable(PLUGIN_TABLE)
          .set({ status: 0, updateTime: nowText() })
          .where('hook', '=', hook)
          .where('id', '<>', Number(existing.id))
          .where('status', '=', 1)
          .execute();
      }
    },
    beforeDelete: async (ctx, rows, input) => {
      superOnly(ctx);
      const builtins = rows.filter(isBuiltinRow);
      if (builtins.length) {
        const names = builtins.map((r) => `${String(r.name)} (${String(r.keyName)})`).join(', ');
        throw appError(
          E.PLUGIN_BUILTIN_DELETE,
          { names },
          builtins.map((r) => issue('ids', E.PLUGIN_BUILTIN_ROW, { id: String(r.id), key: String(r.keyName) })),
        );
      }
      if (input.dropTables === true)
        for (const r of rows) await manager.binTables(ctx, String(r.keyName), contentOfRow(r.content));
    },
    afterCommit: () => manager.sync(),
    decorate: (_ctx, rows, action) => {
      for (const r of rows) {
        r.builtin = isBuiltinRow(r);
        // Rows installed before every plugin had a logo (or added by hand) show the default one.
        r.logo ??= DEFAULT_PLUGIN_LOGO;
        // A built-in's parts are in the console: it runs whenever it is enabled.
        r.live = r.builtin ? Number(r.status) === 1 : manager.isLoaded(String(r.keyName));
        // As the original's page: everything but the package content.
        if (action !== 'info') delete r.content;
      }
    },
  });

  // Every signed-in user's console needs the built-ins' switches and settings (the theme's toolbar entry, demos).
  host.route({
    method: 'get',
    url: '/admin/base/comm/plugins',
    access: 'login',
    summary: '内置插件状态',
    schema: BASE_ROUTES.plugins,
    handler: () => builtinStates(host),
  });

  // Changes made by other processes on the same database follow within about two seconds.
  let stopped = false;
  const timer = setInterval(() => {
    if (!stopped) manager.poll().catch((e: unknown) => host.app.log.warn(`plugin sync: ${(e as Error).message}`));
  }, 2000);
  timer.unref();
  host.app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
  });

  host.actions.set(PLUGIN_PREFIX, 'install', async (ctx, { request }) => {
    // The questions of types 0–2 are data, not failures: said in the caller's language too.
    const lang = requestLanguage(request.headers.language);
    superOnly(ctx);
    const { file, force } = await readInstallBody(request);
    if (!file || file.length === 0) throw appError(E.PLUGIN_PACKAGE_MISSING, {}, [issue('files', E.FIELD_REQUIRED)]);
    let pkg: PluginPackage;
    try {
      pkg = parsePackage(await readPackage(file));
    } catch (e) {
      if (!(e instanceof IncompletePackage)) throw e;
      // An incomplete package cannot be forced in: the reply names what is wrong; forced, it is a plain refusal.
      const reason = { reason: e.message };
      if (force)
        throw appError(E.PLUGIN_PACKAGE_INCOMPLETE, reason, [issue('files', E.PLUGIN_PACKAGE_INCOMPLETE, reason)]);
      return { type: 0, message: textOf(E.PLUGIN_PACKAGE_INCOMPLETE, reason)[lang] };
    }
    try {
      manager.checkPackage(pkg);
    } catch (e) {
      const reason = { reason: (e as Error).message };
      throw appError(E.PLUGIN_PACKAGE_INVALID, reason, [issue('files', E.PLUGIN_PACKAGE_INVALID, reason)]);
    }
    const db = ctx.db;
    const previous = await db
      .selectFrom(PLUGIN_TABLE)
      .selectAll()
      .where('keyName', '=', pkg.manifest.keyName)
      .executeTakeFirst();
    const hook = pkg.manifest.hook;
    const rivals =
      hook && pkg.manifest.enable !== false
        ? await db
            .selectFrom(PLUGIN_TABLE)
            .select(['id', 'name', 'keyName'])
            .where('hook', '=', hook)
            .where('status', '=', 1)
            .where('keyName', '<>', pkg.manifest.keyName)
            .execute()
        : [];
    if (!force && previous) return { type: 1, message: textOf(E.PLUGIN_EXISTS)[lang] };
    if (!force && rivals.length)
      return {
        type: 2,
        message: textOf(E.PLUGIN_HOOK_TAKEN, { hook: String(hook), names: rivals.map((r) => r.name).join('、') })[lang],
      };

    const row = rowOf(pkg, previous ? decodeRow(entity(), previous) : undefined);
    return manager.serial(async () => {
      // The earlier version leaves the live server first; its tables stay and the new schemas evolve them.
      if (previous) await manager.unload(pkg.manifest.keyName);
      const now = nowText();
      await ctx.db.transaction().execute(async (trx) => {
        const tx = { ...ctx, db: trx };
        if (rivals.length)
          await trx
            .updateTable(PLUGIN_TABLE)
            .set({ status: 0, updateTime: now })
            .where(
              'id',
              'in',
              rivals.map((r) => Number(r.id)),
            )
            .execute();
        if (previous)
          await trx
            .updateTable(PLUGIN_TABLE)
            .set({ ...encodeRow(entity(), row), updateTime: now })
            .where('id', '=', Number(previous.id))
            .execute();
        else await insertRow(tx, entity(), { ...encodeRow(entity(), row), createTime: now, updateTime: now });
      });
      for (const r of rivals) await manager.unload(String(r.keyName));
      if (row.status !== 1) return null;
      const stored = await db
        .selectFrom(PLUGIN_TABLE)
        .select('id')
        .where('keyName', '=', pkg.manifest.keyName)
        .executeTakeFirstOrThrow();
      try {
        await manager.load(Number(stored.id), pkg.manifest.keyName, pkg.content);
      } catch (e) {
        // Nothing of a package that cannot go live is kept: a new one is removed, an earlier version put back.
        if (previous) {
          await db.updateTable(PLUGIN_TABLE).set(previous).where('id', '=', Number(previous.id)).execute();
          const old = contentOfRow(previous.content);
          if (Number(previous.status) === 1 && old)
            await manager.load(Number(previous.id), pkg.manifest.keyName, old).catch(() => undefined);
        } else {
          await db.deleteFrom(PLUGIN_TABLE).where('id', '=', Number(stored.id)).execute();
        }
        const reason = { reason: (e as Error).message };
        throw appError(E.PLUGIN_INSTALL_FAILED, reason, [issue('files', E.PLUGIN_INSTALL_FAILED, reason)]);
      }
      return null;
    });
  });
  return manager;
}
