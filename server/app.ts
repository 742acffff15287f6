import { SCHEMAS_DIR } from './paths.js';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { API_PREFIX, readConfig, type Config } from './config.js';
import { openDatabase, type Database } from './core/db/database.js';
import { Registry } from './core/registry/registry.js';
import { readSchemaFiles } from './core/registry/load-schemas.js';
import { checkFits, prepareEntity, registerEntities } from './core/registry/register-entity.js';
import { reconcileMenus } from './core/registry/reconcile-menus.js';
import { MissingDictionaryError, reconcileDicts } from './core/registry/reconcile-dicts.js';
import { readStoredEntities } from './core/registry/stored-entities.js';
import { AuthService } from './core/auth/auth-service.js';
import { installRightsVersion } from './core/auth/rights-version.js';
import { LoginThrottle } from './core/auth/login-throttle.js';
import { loadOrCreateSecret } from './core/auth/secret.js';
import { Host } from './core/host.js';
import { installErrorHandler } from './core/http/error-handler.js';
import { installHealthRoute } from './core/http/health.js';
import { installAccessHook, requireDeclaredAccess } from './core/http/access-hook.js';
import { dispatchAccess, installDispatcher } from './core/http/dispatcher.js';
import { installOpLog, OpLogWriter } from './core/http/op-log.js';
import { installInputGuard } from './core/http/input-guard.js';
import { registerModules } from './modules/index.js';
import { seedIfEmpty, translateSeededDicts } from './seed/seed.js';
import { seedRoles } from './seed/seed-roles.js';
import { installDashboardTables } from './modules/dashboard/index.js';
import { upgradeSpecOptions } from './modules/product/spec-upgrade.js';
import { fixedPages } from './seed/seed-menus.js';
import { serveStatic } from './core/http/static-files.js';
import { installSecurityHeaders } from './core/http/security-headers.js';
import { registerFormValidators } from './core/http/form-validators.js';
import { installJsonCompression } from './core/http/compress-json.js';
import { clientErrorHandler, frameworkErrors } from './core/http/framework-errors.js';
import { loggerOptions, type LogSetting } from './core/http/request-log.js';
import { limitsOf } from './core/limits.js';
import { TaskScheduler, type SchedulerOptions } from './modules/task/scheduler.js';
import { enabledPluginSources } from './modules/plugin/plugin-manager.js';
import { reconcileBuiltins } from './modules/plugin/builtins.js';
import type { Row } from './core/db/row.js';
import { installErrorStatus } from './core/http/error-status.js';

/** Folds a table's kept row counts now (benchmarks bring a bulk-loaded table to the state it has in use). */
export { compactRowCount } from './core/db/row-count.js';

export type BuildOptions = Partial<Config> & {
  /** Access token lifetime in seconds (default 7200). */
  accessTtl?: number;
  /** Refresh token lifetime in seconds (default 1296000). */
  refreshTtl?: number;
  /** Fastify's request log: true = info on stdout (main.ts); tests pass a stream. Secrets in URLs are redacted. */
  logger?: LogSetting;
  schemasDir?: string;
  /** Seed a new database (default true). */
  seed?: boolean;
  /** With the first-start seed, eighteen months of generated shop history (default true; the test harness turns it off). */
  seedHistory?: boolean;
  /** Scheduled tasks run in this process (default on); false leaves them to other processes (start/stop/once still work). */
  scheduler?: boolean | SchedulerOptions;
  /** The clock (ms) of the session cache and of the check for other processes' role, password and logout changes;
   * default Date.now. Tests move it rather than wait for the cache to run out. */
  sessionClock?: () => number;
  /** The clock (ms) of the login throttle's waits; default Date.now. Tests hold it still: on a slow machine the
   * password checks of a test can take longer than the 1 s wait they are meant to meet. */
  loginClock?: () => number;
};

declare module 'fastify' {
  interface FastifyInstance {
    joinery: Host;
    /** This process's task scheduler (tests wait on its `idle()` after moving its clock). */
    taskScheduler: TaskScheduler;
    /** The operation-log writer (its rows are written in batches; tests `flush()` it before reading the log). */
    opLog: OpLogWriter;
  }
}

/** Loads every schema file into a registry, without a database (throws naming the file and field on the first problem). */
export function loadRegistry(dir = SCHEMAS_DIR): Registry {
  const registry = new Registry();
  const entities = readSchemaFiles(dir).map(prepareEntity);
  checkFits(registry, entities);
  for (const entity of entities) registry.register(entity);
  return registry;
}

/** Builds the whole server: registry, database, routes. Tests call this and use inject(); main.ts listens. */
export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: Config = {
    ...readConfig(),
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
  } as Config;
  // Files are read (JSON only) before anything is opened; a file that is not JSON leaves nothing behind.
  const files = readSchemaFiles(options.schemasDir ?? SCHEMAS_DIR);
  // The secret is checked before anything is opened, so a refused secret leaves nothing behind.
  const secret = loadOrCreateSecret(config.dataDir);
  const database: Database = await openDatabase(config.databaseUrl);
  const registry = new Registry();
  let promoted: { origin: string }[] = [];
  const startedPlugins: Row[] = [];
  const pluginProblems: string[] = [];
  try {
    // The registry's two sources, through the same stages (validate, normalise, check, sync, register):
    // the schemas folder, then the entities stored by the AI-code page.
    const target = { database, registry, dataDir: config.dataDir };
    await registerEntities(target, files);
    // An entity made on the server and then written to the schemas folder (`joinery pull`) is defined by its file
    // from then on: the stored copy is left in the database, unused, and said so at start.
    const stored = await readStoredEntities(database);
    const fromFiles = new Set(registry.all().map((e) => e.prefix));
    promoted = stored.filter((s) => fromFiles.has(String((s.schema as { 'x-prefix'?: unknown })['x-prefix'])));
    // One at a time (oldest first, so one may refer to an earlier one): an entity that no longer fits — one stored
    // before a rule that now refuses it, such as an x-ref to a secret column — is left out and said, not fatal.
    for (const s of stored.filter((x) => !promoted.includes(x))) {
      try {
        await registerEntities(target, [s]);
      } catch (e) {
        pluginProblems.push(`${s.origin} was not loaded: ${(e as Error).message}`);
      }
    }
    // Then the enabled plugins', one plugin at a time: one that no longer fits is left out (and said), not fatal.
    const enabled = await enabledPluginSources(database);
    for (const row of enabled.rows) {
      const own = enabled.sources.filter((s) => s.origin.startsWith(`plugin:${String(row.keyName)}/`));
      try {
        await registerEntities(target, own);
        startedPlugins.push(row);
      } catch (e) {
        pluginProblems.push(`plugin ${String(row.keyName)} was not loaded: ${(e as Error).message}`);
      }
    }
    await installDashboardTables(database);
    await installRightsVersion(database);
  } catch (e) {
    await database.close();
    throw e;
  }
  const app = Fastify({
    ...loggerOptions(options.logger),
    trustProxy: config.trustProxy,
    // Ordinary JSON routes; routes that take small bodies (login, preferences…) set less, uploads read their own.
    bodyLimit: limitsOf(config.limits).bodyMaxBytes,
    // Clients may put the API behind /api (PROTOCOL §0): strip it.
    rewriteUrl: (req) => (req.url?.startsWith(`${API_PREFIX}/`) ? req.url.slice(API_PREFIX.length) : (req.url ?? '/')),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Failures Fastify and Node answer before any hook runs get the envelope too.
    frameworkErrors,
    clientErrorHandler,
    // Shutting down (app.close()): requests that arrive on open keep-alive connections are still answered, with
    // `Connection: close` (the hook below), rather than refused with Fastify's own 503 body.
    return503OnClosing: false,
  });
  const auth = new AuthService(database, {
    secret,
    accessTtl: options.accessTtl ?? 7200,
    refreshTtl: options.refreshTtl ?? 1_296_000,
    now: options.sessionClock,
  });
  const host = new Host(
    app,
    config,
    database,
    registry,
    auth,
    new LoginThrottle(database, limitsOf(config.limits), options.loginClock),
  );
  app.decorate('joinery', host);
  for (const p of pluginProblems) app.log.warn(p);
  for (const p of promoted)
    app.log.warn(
      `${p.origin}: a schema file now defines this entity; the copy stored by the AI-code page is not used (its table and rows are)`,
    );
  const opLog = new OpLogWriter(database);
  app.decorate('opLog', opLog);
  const scheduler = new TaskScheduler(host, typeof options.scheduler === 'object' ? options.scheduler : {});
  app.decorate('taskScheduler', scheduler);
  // Runs under way and the log's last batch are written before the database closes.
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await opLog.flush();
    await database.close();
  });

  // From the moment app.close() starts, every reply closes its connection, so a keep-alive connection whose request
  // was under way does not hold the shutdown until its idle timeout (main.ts closes the idle ones).
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  installHealthRoute(app, database, () => closing);

  installErrorHandler(app);
  installSecurityHeaders(app, config.uiDir);
  installErrorStatus(app, config.errorStatus);
  requireDeclaredAccess(app);
  installInputGuard(app);
  installAccessHook(app, auth, dispatchAccess(registry, host.actions));
  installOpLog(app, opLog, limitsOf(config.limits));
  // Multipart bodies are read by the upload route itself (request.parts(), with its limits), never buffered here.
  await app.register(fastifyMultipart);
  registerModules(host, scheduler, startedPlugins);
  installDispatcher(app, registry, host.actions, (request) => host.context(request));
  registerFormValidators(app, config.dataDir, host.declared);
  installJsonCompression(app);
  await serveStatic(app, config);
  const seeded = (options.seed ?? true) && (await seedIfEmpty(host, { history: options.seedHistory ?? true }));
  // Every start: product specs of the earlier shape take the one shape of SKU specs (schemas/README.md).
  await upgradeSpecOptions(host);
  // Every start: seeded dictionary types of an older database get their names in zh-tw and en.
  if (!seeded) await translateSeededDicts(host);
  // Every start: the console's built-in plugins have their rows (status and settings an admin chose are kept).
  await reconcileBuiltins(host);
  // Every start: menu pages and buttons the registry needs and the menu table lacks (a schema added to an existing
  // database, an action given a handler) are created; rows admins edited are kept.
  // Dictionaries the schemas carry (x-dict-entries) are created where missing, entries admins edited kept. A schema
  // naming a dictionary that neither exists nor is carried is reported, not fatal: its values show unlabelled.
  const dicts = await database.db
    .transaction()
    .execute((trx) => reconcileDicts({ ...host.systemContext(), db: trx }, registry.all()));
  for (const m of dicts.missing) app.log.warn(new MissingDictionaryError(m).message);
  const routed = new Set(host.listRoutes().map((r) => r.access));
  const reconciled = await database.db
    .transaction()
    .execute((trx) =>
      reconcileMenus({ ...host.systemContext(), db: trx }, host.actions, registry.all(), fixedPages(routed)),
    );
  if (reconciled.pages + reconciled.buttons + reconciled.viewPaths + reconciled.nameKeys > 0)
    host.auth.invalidateRights();
  // A fresh install: the roles a shop starts with (server/seed/roles.json), granted from the now complete menus.
  if (seeded) {
    await database.db.transaction().execute((trx) => seedRoles({ ...host.systemContext(), db: trx }));
    host.auth.invalidateRights();
  }

  await app.ready();
  if (options.scheduler !== false) await scheduler.start();
  return app;
}
