import type { Host } from '../../../core/host.js';
import { AppError, E, fieldError } from '../../../core/errors.js';
import { requestLanguage } from '../../../core/http/request-language.js';
import { llmConfigFromEnv, parseTypeormEntity, sampleRows, schemaToProposal } from './proposal/index.js';
import { menuDirs, type MenuDir } from '../../../core/registry/reconcile-menus.js';
import { storedOrigin } from '../../../core/registry/stored-entities.js';
import { allApiEntries, epsEntry } from '../open/eps.js';
import { asBadRequest, checkAgainstServer, proposalOfRequest, schemaOfProposal } from './entity-proposal.js';
import { applyEntitySchema, evolveRequestOf, requireSuper } from './apply-entity.js';
import { registerEvolveRoutes } from './evolve-routes.js';
import { removeEntity } from '../../../core/registry/remove-entity.js';
import { CODING_BODY_LIMIT, CODING_ROUTES } from './coding-schemas.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `schemas/<module>/<name>.json` (our schema files) or `…/modules/<module>/entity/<name>.ts` (a cool-admin entity, parsed). */
const SCHEMA_PATH = /^schemas\/([a-z][a-z0-9]*(?:\/[a-z][a-zA-Z0-9]*)+)\.json$/;
const ENTITY_PATH = /(?:^|\/)modules\/([a-z][a-z0-9]*)\/entity\/(?:[a-zA-Z0-9_-]+\/)*[a-zA-Z0-9_-]+\.ts$/;

type Code = { path: string; content: unknown };

function codesOf(body: unknown): Code[] {
  const list = Array.isArray(body) ? body : isObject(body) ? body.codes : undefined;
  if (!Array.isArray(list) || list.length === 0) throw fieldError('codes', E.CODING_CODES_LIST);
  if (list.length > 50) throw fieldError('codes', E.CODING_CODES_TOO_MANY, { max: 50 });
  return list.map((c: unknown, i) => {
    if (!isObject(c) || typeof c.path !== 'string') throw fieldError(`codes.${i}.path`, E.CODING_PATH);
    return { path: c.path, content: c.content };
  });
}

/** The schema a code file stands for, or undefined for files we have no use for (controllers, services: routes come from the schema). */
function schemaOfCode(code: Code, i: number): Record<string, unknown> | undefined {
  const schemaPath = SCHEMA_PATH.exec(code.path);
  if (schemaPath) {
    let schema: unknown = code.content;
    if (typeof schema === 'string') {
      try {
        schema = JSON.parse(schema);
      } catch {
        throw fieldError(`codes.${i}.content`, E.CODING_NOT_JSON);
      }
    }
    if (!isObject(schema)) throw fieldError(`codes.${i}.content`, E.CODING_NOT_SCHEMA);
    if (schema['x-prefix'] !== schemaPath[1])
      throw fieldError(`codes.${i}.path`, E.CODING_PATH_PREFIX, {
        path: code.path,
        prefix: String(schema['x-prefix']),
      });
    return schema;
  }
  const entityPath = ENTITY_PATH.exec(code.path);
  if (entityPath) {
    try {
      return schemaOfProposal(parseTypeormEntity(String(code.content ?? ''), entityPath[1]).proposal);
    } catch (e) {
      throw asBadRequest(e);
    }
  }
  return undefined;
}

/**
 * base/coding (PROTOCOL §7.15): the module tree, drafts (anyone holding base:coding:draft), and createCode, which
 * applies entity schemas live (super admins only) — it never writes source files.
 */
export function registerCodingRoutes(host: Host): void {
  host.route({
    method: 'get',
    url: '/admin/base/coding/getModuleTree',
    access: 'base:coding:getModuleTree',
    summary: '模块结构',
    schema: CODING_ROUTES.getModuleTree,
    // Where each entity's schema lives or would be exported to, built-in and stored alike.
    handler: () =>
      host.registry
        .all()
        .map((e) => `schemas/${e.prefix}.json`)
        .sort(),
  });

  host.route({
    method: 'post',
    url: '/admin/base/coding/draft',
    bodyLimit: CODING_BODY_LIMIT,
    access: 'base:coding:draft',
    summary: '草拟实体',
    schema: CODING_ROUTES.draft,
    handler: async (_ctx, { rawBody }) => {
      const proposal = await proposalOfRequest(rawBody, host);
      const schema = schemaOfProposal(proposal);
      const { entity, replacing } = await checkAgainstServer(host, schema);
      // Records of a pasted sample, so the preview shows the list as it would look with them.
      const body = isObject(rawBody) ? rawBody : {};
      const rows =
        body.from === 'json'
          ? sampleRows('json', String(body.sample ?? ''), proposal.fields)
          : body.from === 'csv'
            ? sampleRows('csv', String(body.csv ?? ''), proposal.fields)
            : undefined;
      return {
        proposal,
        schema,
        replacing,
        preview: epsEntry(host, entity, allApiEntries(host, entity)),
        ...(rows ? { rows } : {}),
      };
    },
  });

  host.route({
    method: 'get',
    url: '/admin/base/coding/options',
    access: 'base:coding:draft',
    summary: '编码选项',
    schema: CODING_ROUTES.options,
    // What the AI-code page offers: whether a sentence can be drafted, where a page may go, what may be evolved.
    handler: (ctx) => {
      const parents: { key: string; name: unknown; depth: number }[] = [];
      const walk = (dirs: MenuDir[], depth: number) =>
        dirs.forEach((d) => {
          parents.push({ key: d.key, name: d.name, depth });
          if (d.children) walk(d.children, depth + 1);
        });
      walk(menuDirs(), 0);
      const all = host.registry.all();
      return {
        llm: llmConfigFromEnv() !== undefined,
        // Only a super admin may apply (a new entity brings new permission strings); others may draft and preview.
        canApply: ctx.user?.isSuper === true,
        parents,
        modules: [...new Set(all.map((e) => e.module))].sort(),
        stored: all
          .filter((e) => e.origin === storedOrigin(e.prefix))
          .map((e) => ({ prefix: e.prefix, title: e.title })),
      };
    },
  });

  host.route({
    method: 'get',
    url: '/admin/base/coding/schema',
    access: 'base:coding:draft',
    summary: '实体结构',
    schema: CODING_ROUTES.schema,
    // An entity's schema document as `schemas/<prefix>.json` holds it: the AI page's export and `joinery pull`.
    handler: (_ctx, { query }) => {
      const prefix = typeof query.prefix === 'string' ? query.prefix : '';
      const entity = host.registry.get(prefix);
      if (!entity) throw fieldError('prefix', E.CODING_NO_ENTITY, { prefix });
      return { path: `schemas/${prefix}.json`, stored: entity.origin === storedOrigin(prefix), schema: entity.source };
    },
  });

  host.route({
    method: 'get',
    url: '/admin/base/coding/proposal',
    access: 'base:coding:draft',
    summary: '实体草案',
    schema: CODING_ROUTES.proposal,
    // A stored entity as the proposal it was made from, to be evolved on the same form; built-in entities live in files.
    handler: (_ctx, { query }) => {
      const prefix = typeof query.prefix === 'string' ? query.prefix : '';
      const entity = host.registry.get(prefix);
      if (!entity || entity.origin !== storedOrigin(prefix))
        throw fieldError('prefix', E.CODING_NO_STORED_ENTITY, { prefix });
      return { proposal: schemaToProposal(entity.source as Record<string, unknown>) };
    },
  });

  host.route({
    method: 'post',
    url: '/admin/base/coding/createCode',
    access: 'base:coding:createCode',
    summary: '创建代码',
    schema: CODING_ROUTES.createCode,
    bodyLimit: CODING_BODY_LIMIT,
    handler: async (ctx, { rawBody }) => {
      requireSuper(ctx);
      const proposal =
        isObject(rawBody) && (rawBody.proposal || rawBody.from) ? await proposalOfRequest(rawBody, host) : undefined;
      const codes = proposal ? [] : codesOf(rawBody);
      const schemas = proposal ? [schemaOfProposal(proposal)] : codes.map(schemaOfCode).filter((s) => s !== undefined);
      if (schemas.length === 0) throw fieldError('codes', E.CODING_NO_SCHEMA_IN_CODES);
      // All are checked before any is applied.
      for (const schema of schemas) await checkAgainstServer(host, schema);
      // A proposal evolves an entity made here only when the page says so (evolve: true); schema files always may.
      const request = evolveRequestOf(rawBody);
      if (!proposal) request.evolve = true;
      const applied: string[] = [];
      for (const schema of schemas) applied.push((await applyEntitySchema(host, ctx, schema, request)).prefix);
      return { applied, skipped: codes.filter((c, i) => schemaOfCode(c, i) === undefined).map((c) => c.path) };
    },
  });

  host.route({
    method: 'post',
    url: '/admin/base/coding/remove',
    access: 'base:coding:createCode',
    summary: '删除实体',
    schema: CODING_ROUTES.remove,
    // Removing what apply made: super admins only, records (after an explicit confirm) and schema to the recycle bin.
    handler: async (ctx, { body }) => {
      requireSuper(ctx);
      const prefix = typeof body.prefix === 'string' ? body.prefix : '';
      const { rows } = await removeEntity(host, ctx, prefix, body.confirm);
      return { removed: prefix, recycled: rows };
    },
  });

  registerEvolveRoutes(host);

  // base/sys/menu/parse and create (PROTOCOL §7.5): the original AI-code page's calls, answered through the same path.
  host.actions.set('base/sys/menu', 'parse', async (_ctx, { rawBody, request }) => {
    const body = isObject(rawBody) ? rawBody : {};
    if (typeof body.module !== 'string') throw fieldError('module', E.FIELD_REQUIRED);
    try {
      const parsed = parseTypeormEntity(String(body.entity ?? ''), body.module);
      let schema: Record<string, unknown> | undefined;
      let issues: unknown;
      try {
        schema = schemaOfProposal(parsed.proposal);
      } catch (e) {
        issues = e instanceof AppError ? e.detailsIn(requestLanguage(request.headers.language)) : undefined;
      }
      return typeof body.controller === 'string'
        ? { columns: parsed.reply.columns, path: parsed.reply.path, proposal: parsed.proposal, schema, issues }
        : { ...parsed.reply, proposal: parsed.proposal, schema, issues };
    } catch (e) {
      throw asBadRequest(e);
    }
  });

  host.actions.set('base/sys/menu', 'create', async (ctx, { rawBody }) => {
    requireSuper(ctx);
    const body = isObject(rawBody) ? rawBody : {};
    let schema: Record<string, unknown>;
    if (isObject(body.schema)) schema = body.schema;
    else if (body.proposal || body.from) schema = schemaOfProposal(await proposalOfRequest(body, host));
    else {
      if (typeof body.module !== 'string') throw fieldError('module', E.FIELD_REQUIRED);
      try {
        const parsed = parseTypeormEntity(String(body.entity ?? ''), body.module);
        const name = typeof body.fileName === 'string' && body.fileName ? body.fileName : parsed.proposal.name;
        schema = schemaOfProposal({ ...parsed.proposal, name });
      } catch (e) {
        throw asBadRequest(e);
      }
    }
    const entity = await applyEntitySchema(host, ctx, schema);
    return { prefix: entity.prefix, path: `/admin/${entity.prefix}` };
  });
}
