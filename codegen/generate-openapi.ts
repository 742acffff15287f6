import type { Entity, Field } from '../server/core/registry/entity-types.js';
import type { DeclaredRoute } from '../server/core/http/route-types.js';
import { typeName } from './generate-types.js';

type JsonSchema = Record<string, unknown>;

const stripX = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(stripX);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !k.startsWith('x-'))
        .map(([k, v]) => [k, stripX(v)]),
    );
  return value;
};

function fieldSchema(field: Field): JsonSchema {
  const s = stripX(field.schema) as JsonSchema;
  if (field.schema.enum && field.nullable && !field.schema.enum.includes(null)) s.enum = [...field.schema.enum, null];
  if (field.label?.en) s.title = field.label.en;
  return s;
}

function schemas(entity: Entity): Record<string, JsonSchema> {
  const n = typeName(entity.prefix);
  const visible = entity.fields.filter((f) => !f.secret && f.name !== 'tenantId' && !f.virtual);
  const writable = entity.fields.filter((f) => !f.system && !f.readonly);
  return {
    [n]: {
      type: 'object',
      title: entity.title.en,
      properties: Object.fromEntries(visible.map((f) => [f.name, fieldSchema(f)])),
    },
    [`${n}AddInput`]: {
      type: 'object',
      properties: Object.fromEntries(writable.map((f) => [f.name, fieldSchema(f)])),
      required: writable.filter((f) => f.required && f.schema.default === undefined).map((f) => f.name),
    },
  };
}

const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'integer', const: 1000 }, message: { type: 'string' }, data },
});

/** An OpenAPI 3.1 document of every admin route: the registry's entities and the hand-written routes. */
export function generateOpenApi(
  entities: Entity[],
  routes: DeclaredRoute[],
  version = '0.1.0',
): Record<string, unknown> {
  const byPrefix = new Map(entities.map((e) => [`/admin/${e.prefix}`, e]));
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
  for (const e of entities) Object.assign(components, schemas(e));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of [...routes].sort((a, b) => a.url.localeCompare(b.url))) {
    const action = r.url.slice(r.url.lastIndexOf('/') + 1);
    const entity = byPrefix.get(r.url.slice(0, r.url.lastIndexOf('/')));
    const n = entity && typeName(entity.prefix);
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    let data: JsonSchema = {};
    let body: JsonSchema | undefined = r.method === 'post' ? { type: 'object' } : undefined;
    if (entity && n) {
      if (action === 'page')
        data = {
          type: 'object',
          properties: {
            list: { type: 'array', items: ref(n) },
            pagination: {
              type: 'object',
              properties: { page: { type: 'integer' }, size: { type: 'integer' }, total: { type: 'integer' } },
            },
          },
        };
      else if (action === 'list') data = { type: 'array', items: ref(n) };
      else if (action === 'info') data = ref(n);
      if (action === 'add') body = ref(`${n}AddInput`);
      if (action === 'delete')
        body = {
          type: 'object',
          required: ['ids'],
          properties: { ids: { type: 'array', items: { type: 'integer' } } },
        };
    }
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
      ...(r.method === 'get' && action === 'info'
        ? { parameters: [{ name: 'id', in: 'query', required: true, schema: { type: 'integer' } }] }
        : {}),
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
      responses: {
        200: { description: 'success', content: { 'application/json': { schema: envelope(data) } } },
        default: {
          description: 'error (400 invalid input, 401, 403, 404, 409, 413, 415, 429)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
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
