import type { Entity } from '../server/core/registry/entity-types.js';
import { generateTypes, typeName } from './generate-types.js';
import { SchemaTypes } from './json-schema-ts.js';
import { CLIENT_RUNTIME } from './client-runtime.js';
import { routesOfDocument, type ClientRoute, type OpenApiDoc } from './openapi-routes.js';

export type { ClientRoute, OpenApiDoc } from './openapi-routes.js';

const GENERIC = new Set(['page', 'list', 'info', 'add', 'update', 'delete']);
const IDENT = /^[A-Za-z_$][\w$]*$/;
const key = (name: string) => (IDENT.test(name) ? name : JSON.stringify(name));
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
type Signature = { params: string; call: string };

/** The generic actions and the file routes of an entity, typed by its schema. */
function entityMethod(entity: Entity, route: ClientRoute, types: SchemaTypes): Signature | undefined {
  const n = typeName(entity.prefix);
  const url = JSON.stringify(route.url);
  const m = JSON.stringify(route.method.toUpperCase());
  const o = 'options?: CallOptions';
  if (route.raw && route.name === 'export')
    return {
      params: `(query: ${n}PageQuery & { format?: 'csv' | 'xlsx'; columns?: string[] } = {}, ${o})`,
      call: `file(${m}, ${url}, query, options)`,
    };
  if (route.multipart && route.name === 'import')
    return {
      params: '(blob: Blob, options?: CallOptions & { dryRun?: boolean; fileName?: string })',
      call: `upload<${types.type(ref('ImportReport'))}>(${url}, blob, { dryRun: options?.dryRun === undefined ? undefined : String(options.dryRun) }, options)`,
    };
  if (!GENERIC.has(route.name)) return undefined;
  switch (route.name) {
    case 'page':
      return { params: `(query: ${n}PageQuery = {}, ${o})`, call: `call<Page<${n}>>(${m}, ${url}, query, options)` };
    case 'list':
      return {
        params: `(query: Omit<${n}PageQuery, 'page' | 'size'> = {}, ${o})`,
        call: `call<${n}[]>(${m}, ${url}, query, options)`,
      };
    case 'info':
      return { params: `(id: number, ${o})`, call: `call<${n}>(${m}, ${url}, { id }, options)` };
    case 'add':
      return { params: `(input: ${n}AddInput, ${o})`, call: `call<{ id: number }>(${m}, ${url}, input, options)` };
    case 'update':
      // With the revision it loaded the reply says the new one (issue 31); without, nothing (the original's reply).
      return {
        params: `(input: ${n}UpdateInput, ${o})`,
        call: `call<{ revision: number } | undefined>(${m}, ${url}, input, options)`,
      };
    default:
      return { params: `(ids: number[], ${o})`, call: `call<void>(${m}, ${url}, { ids }, options)` };
  }
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The type of a route's body, query or reply: a name of its own when it is an object written out. */
function routeType(route: ClientRoute, part: 'Body' | 'Query' | 'Reply', schema: unknown, types: SchemaTypes): string {
  const t = types.type(schema);
  if (!t.includes('\n')) return t;
  const name =
    route.url.split('/').slice(2).map(pascal).join('') + (route.method === 'get' && part === 'Body' ? 'Query' : part);
  return types.type({ 'x-name': name, ...(schema as object) });
}

/** Whether a schema (or the component it refers to) requires a property: then the argument has no default. */
function requiresSome(schema: unknown, components: Record<string, Record<string, unknown>>): boolean {
  const s = schema as Record<string, unknown> | undefined;
  if (!s) return false;
  if (typeof s.$ref === 'string')
    return requiresSome(components[s.$ref.replace('#/components/schemas/', '')], components);
  return Array.isArray(s.required) && s.required.length > 0;
}

/** A route typed by the schemas it declares (hand-written routes, an entity's own actions). */
function declaredMethod(
  route: ClientRoute,
  types: SchemaTypes,
  components: Record<string, Record<string, unknown>>,
): Signature {
  const url = JSON.stringify(route.url);
  const m = JSON.stringify(route.method.toUpperCase());
  const o = 'options?: CallOptions';
  if (route.multipart)
    return {
      params: `(form: FormData, ${o})`,
      call: `call<${routeType(route, 'Reply', route.reply, types)}>(${m}, ${url}, form, options)`,
    };
  const input = route.method === 'get' ? route.query : route.body;
  const inputType = input
    ? routeType(route, 'Body', input, types)
    : route.method === 'get'
      ? 'QueryParams'
      : 'Record<string, unknown>';
  const params = `(input: ${inputType}${requiresSome(input, components) ? '' : ' = {}'}, ${o})`;
  if (route.raw) {
    const how = route.raw.startsWith('text/') ? 'text' : route.raw === 'application/json' ? 'json' : 'file';
    return { params, call: `${how}(${m}, ${url}, input, options)` };
  }
  // No reply declared: no data. Any JSON declared (an entity's own action): the caller names what it expects.
  if (route.reply && Object.keys(route.reply).length === 0)
    return { params: `<T = unknown>${params}`, call: `call<T>(${m}, ${url}, input, options)` };
  const reply = route.reply === undefined ? 'void' : routeType(route, 'Reply', route.reply, types);
  return { params, call: `call<${reply}>(${m}, ${url}, input, options)` };
}

type Node = { methods: string[]; children: Map<string, Node> };

/** The members of an object literal (methods, then nested prefixes), each line at `indent`. */
function members(node: Node, indent: string): string {
  return [
    ...node.methods.map((m) => `${indent}${m},`),
    ...[...node.children].map(
      ([name, child]) => `${indent}${key(name)}: {\n${members(child, `${indent}  `)}\n${indent}},`,
    ),
  ].join('\n');
}

function nodeAt(root: Node, parts: string[]): Node {
  let node = root;
  for (const part of parts) {
    if (!node.children.has(part)) node.children.set(part, { methods: [], children: new Map() });
    node = node.children.get(part)!;
  }
  return node;
}

/**
 * One TypeScript file: the entity types (as `joinery types` writes them) and `createClient`, with a method per route
 * of the OpenAPI document — entities' by prefix (`client.product.info.page({ keyWord, status })`), hand-written ones
 * by path (`client.base.comm.person()`) — typed by the entity schemas and the routes' declared schemas.
 */
export function generateClient(entities: Entity[], doc: OpenApiDoc): string {
  const sorted = [...entities].sort((a, b) => a.prefix.localeCompare(b.prefix));
  const byPrefix = new Map(sorted.map((e) => [e.prefix, e]));
  const known = new Set(
    sorted.flatMap((e) => ['', 'AddInput', 'UpdateInput', 'PageQuery'].map((s) => typeName(e.prefix) + s)),
  );
  // createClient's login returns Tokens: the server's declaration, or (a server older than declarations) this one.
  const components = {
    Tokens: {
      type: 'object',
      properties: { token: { type: 'string' }, refreshToken: { type: 'string' }, expire: { type: 'integer' } },
      required: ['token', 'refreshToken'],
    },
    ...doc.components?.schemas,
  };
  const types = new SchemaTypes(components, known);
  types.type(ref('Tokens'));
  const root: Node = { methods: [], children: new Map() };
  const routes = routesOfDocument(doc);
  const both = new Set(
    routes
      .filter((r) => r.method === 'post' && routes.some((g) => g.url === r.url && g.method === 'get'))
      .map((r) => r.url),
  );
  const pairs = new Map<string, string[]>();
  for (const route of routes) {
    if (!IDENT.test(route.name)) continue;
    const parts = route.url.split('/').slice(2, -1);
    const entity = byPrefix.get(parts.join('/'));
    const s = (entity && entityMethod(entity, route, types)) ?? declaredMethod(route, types, components);
    const fn = `${s.params} => ${s.call}`;
    if (!both.has(route.url)) nodeAt(root, parts).methods.push(`${key(route.name)}: ${fn}`);
    else pairs.set(route.url, [...(pairs.get(route.url) ?? []), `${route.method}: ${fn}`]);
  }
  // A path answering GET and POST (preferences, refreshToken): one member with get and post.
  for (const [url, fns] of pairs) {
    const parts = url.split('/').slice(2);
    nodeAt(root, parts.slice(0, -1)).methods.push(`${key(parts.at(-1)!)}: { ${fns.join(', ')} }`);
  }
  const clash = (node: Node, at: string): string | undefined => {
    for (const [name, child] of node.children) {
      if (node.methods.some((m) => m.startsWith(`${key(name)}:`))) return `${at}${name}`;
      const below = clash(child, `${at}${name}/`);
      if (below) return below;
    }
    return undefined;
  };
  const bad = clash(root, '');
  if (bad)
    throw new Error(`${bad}: a route ends where an entity or another route continues; the client cannot offer both`);
  const entityTypes = generateTypes(sorted).replace(/^\/\/ Generated by `joinery types`[^\n]*\n/, '');
  return [
    '// Generated by `joinery client`. Do not edit by hand: change the schemas (or the server) and run it again.',
    '/* eslint-disable */',
    entityTypes,
    '// The bodies and replies the routes declare (server/core/http/route-schema.ts).',
    '',
    types.declarations(),
    CLIENT_RUNTIME.replace('    ...ROUTES,', members(root, '    ')),
  ].join('\n');
}
