import type { Entity } from '../registry/entity-types.js';
import type { DeclaredRoute, JsonSchema, RouteSchema } from './route-types.js';
import { ACTION_BODY, EXPORT_OPTIONS, IMPORT_BODY, IMPORT_REPORT } from './entity-route-schemas.js';
import { typeName } from '../registry/derive-names.js';
import { entityComponents, envelope } from './openapi-entity.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The declared schema of an entity's route: its generic actions from the entity, the others as declared. */
function entityRouteSchema(entity: Entity, action: string, route: DeclaredRoute): RouteSchema {
  const n = typeName(entity.prefix);
  const record = ref(n);
  switch (action) {
    case 'page':
      return {
        body: ref(`${n}PageQuery`),
        reply: {
          type: 'object',
          required: ['list', 'pagination'],
          properties: {
            list: { type: 'array', items: record },
            pagination: {
              type: 'object',
              required: ['page', 'size', 'total'],
              properties: { page: { type: 'integer' }, size: { type: 'integer' }, total: { type: 'integer' } },
            },
          },
        },
      };
    case 'list':
      return { body: ref(`${n}PageQuery`), reply: { type: 'array', items: record } };
    case 'info':
      return { query: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }, reply: record };
    case 'add':
      return {
        body: ref(`${n}AddInput`),
        reply: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
      };
    case 'update':
      // `{revision}` when the call carried one; nothing otherwise (the original's reply).
      return {
        body: ref(`${n}UpdateInput`),
        reply: {
          anyOf: [
            { type: 'null' },
            { type: 'object', required: ['revision'], properties: { revision: { type: 'integer' } } },
          ],
        },
      };
    case 'delete':
      return {
        body: {
          type: 'object',
          required: ['ids'],
          properties: { ids: { type: 'array', items: { type: 'integer' } }, revision: { type: 'integer', minimum: 1 } },
        },
      };
  }
  if (route.schema?.raw && action === 'export')
    return { ...route.schema, body: { allOf: [ref(`${n}PageQuery`), EXPORT_OPTIONS] } };
  if (route.schema?.multipart && action === 'import')
    return { multipart: true, body: IMPORT_BODY, reply: IMPORT_REPORT };
  // An entity's own action: the ids and remark its buttons send, any reply.
  return route.schema ?? (route.method === 'post' ? { body: ACTION_BODY, reply: {} } : { reply: {} });
}

/**
 * Moves named schemas (route-schema.ts `named`) into the components and points `x-entity` at an entity's record;
 * returns the schema as the document holds it.
 */
function hoist(schema: unknown, components: Record<string, JsonSchema>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => hoist(s, components));
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as JsonSchema;
  if (typeof s['x-entity'] === 'string') {
    const name = typeName(s['x-entity']);
    return name in components ? ref(name) : { type: 'object' };
  }
  const inner = Object.fromEntries(
    Object.entries(s)
      .filter(([k]) => k !== 'x-name')
      .map(([k, v]) => [k, hoist(v, components)]),
  );
  if (typeof s['x-name'] !== 'string') return inner;
  components[s['x-name']] ??= inner;
  return ref(s['x-name']);
}

/** Query parameters from an object schema of scalars. */
function parameters(query: JsonSchema, components: Record<string, JsonSchema>): JsonSchema[] {
  const required = new Set((query.required ?? []) as string[]);
  return Object.entries((query.properties ?? {}) as Record<string, JsonSchema>).map(([name, s]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: hoist(s, components),
  }));
}

/** An OpenAPI 3.1 document of every admin route: the registry's entities and the hand-written routes. */
export function generateOpenApi(
  entities: Entity[],
  routes: DeclaredRoute[],
  version = '0.1.0',
): Record<string, unknown> {
  const byPrefix = new Map(entities.map((e) => [`/admin/${e.prefix}`, e]));
  const all = new Map(entities.map((e) => [e.prefix, e]));
  const components: Record<string, JsonSchema> = {
    Error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'integer', description: '1001 comm fail, 1002 validate fail, 1003 core fail' },
        message: { type: 'string', description: "in the language of the request's `language` header" },
        errorCode: { type: 'string', description: 'the error catalogue id (server/core/errors/README.md)' },
        details: {
          type: 'array',
          items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
  };
  for (const e of [...entities].sort((a, b) => a.prefix.localeCompare(b.prefix)))
    Object.assign(components, entityComponents(e, all));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))) {
    const action = r.url.slice(r.url.lastIndexOf('/') + 1);
    const entity = byPrefix.get(r.url.slice(0, r.url.lastIndexOf('/')));
    const schema = entity ? entityRouteSchema(entity, action, r) : (r.schema ?? {});
    const body = schema.body && hoist(schema.body, components);
    const reply = schema.reply && (hoist(schema.reply, components) as JsonSchema);
    const content = schema.raw
      ? { [schema.raw]: { schema: reply ?? {} } }
      : { 'application/json': { schema: envelope(schema.reply && reply) } };
    const op: Record<string, unknown> = {
      operationId: `${r.method}${r.url
        .split('/')
        .slice(2)
        .map((s) => s.charAt(0).toUpperCase() + s.slice(1))
        .join('')}`,
      summary: r.summary,
      tags: [r.url.split('/')[2]],
      'x-permission': r.access,
      security: r.access === 'public' ? [] : [{ token: [] }],
      ...(schema.query ? { parameters: parameters(schema.query, components) } : {}),
      ...(r.method === 'post'
        ? {
            requestBody: {
              required: true,
              content: { [schema.multipart ? 'multipart/form-data' : 'application/json']: { schema: body ?? {} } },
            },
          }
        : {}),
      responses: {
        200: { description: 'success', content },
        default: {
          description: 'error (400 invalid input, 401, 403, 404, 409, 413, 415, 429)',
          content: { 'application/json': { schema: ref('Error') } },
        },
      },
    };
    paths[r.url] = { ...paths[r.url], [r.method]: op };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Joinery admin API',
      version,
      description: 'Generated by `joinery openapi` from the entity registry and the declared routes.',
    },
    // No `servers`: OpenAPI then means the document's own origin (`/`), which is where the routes are.
    components: {
      schemas: components,
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
    },
    paths,
  };
}
