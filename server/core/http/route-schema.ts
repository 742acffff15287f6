import type { JsonSchema } from './route-types.js';

/*
 * Body and reply schemas of hand-written routes (Host.route's `schema`), declared once next to each route. They are
 * the source of three things: the OpenAPI document (openapi.ts: request bodies, query parameters,
 * enveloped replies; a schema marked with `named` becomes a component), the `joinery client` methods of these routes
 * and their reply types (the console's Person, PermMenu, DashboardData, Tokens… are those of the generated client).
 *
 * They are not handed to Fastify: its validator would coerce and strip bodies (refusals must stay ours, in the
 * caller's language) and its serializer drops every property a reply schema does not list, which would change replies
 * PROTOCOL.md fixes. route-schema.test.ts checks that real replies of each route match what is declared here.
 */

/** A schema that becomes `#/components/schemas/<name>` in the OpenAPI document and `type <name>` in the client. */
export const named = (name: string, schema: JsonSchema): JsonSchema => ({ 'x-name': name, ...schema });

/** A record of an entity as page, list and info return it (its OpenAPI component and client type). */
export const recordOf = (prefix: string): JsonSchema => ({ 'x-entity': prefix });

export const str: JsonSchema = { type: 'string' };
export const int: JsonSchema = { type: 'integer' };
export const num: JsonSchema = { type: 'number' };
export const bool: JsonSchema = { type: 'boolean' };
/** Any JSON value. */
export const anyValue: JsonSchema = {};
/** A reply without data (the envelope's data is absent or null). */
export const none: JsonSchema = { type: 'null' };

export const nullable = (s: JsonSchema): JsonSchema => ({ anyOf: [s, { type: 'null' }] });
export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
export const oneOfValues = (values: readonly (string | number)[]): JsonSchema => ({ enum: [...values] });

/**
 * An object: every property required unless its name ends in `?` (`{ 'name?': str }`); other properties are allowed
 * unless `closed`.
 */
export function obj(properties: Record<string, JsonSchema>, options: { closed?: boolean } = {}): JsonSchema {
  const entries = Object.entries(properties).map(([k, v]) => [k.replace(/\?$/, ''), v, !k.endsWith('?')] as const);
  const required = entries.filter(([, , r]) => r).map(([k]) => k);
  return {
    type: 'object',
    properties: Object.fromEntries(entries.map(([k, v]) => [k, v])),
    ...(required.length ? { required } : {}),
    ...(options.closed ? { additionalProperties: false } : {}),
  };
}

/** An object of any keys whose values match `values`. */
export const mapOf = (values: JsonSchema): JsonSchema => ({ type: 'object', additionalProperties: values });

/** A text in each language of the console. */
export const texts: JsonSchema = named('Texts', obj({ 'zh-cn': str, 'zh-tw': str, en: str }));
