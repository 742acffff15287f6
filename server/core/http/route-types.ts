import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OpContext, RequestUser } from '../crud/context.js';
import type { Row } from '../db/row.js';
import type { Entity } from '../registry/entity-types.js';

/** Who may call a route: anyone, any signed-in admin, or holders of a permission string. */
export type Access = 'public' | 'login' | `${string}:${string}`;

/** The generic dispatcher resolves access per request from the registry. */
export type RouteAccess = Access | 'dispatch';

export type ActionInput = {
  entity: Entity;
  body: Row;
  query: Row;
  rawBody: unknown;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** A module's handler for an action; its return value becomes the envelope's data. */
export type ActionHandler = (ctx: OpContext, input: ActionInput) => Promise<unknown> | unknown;

/** A JSON Schema (2020-12, as OpenAPI 3.1 takes it). */
export type JsonSchema = Record<string, unknown>;

/**
 * What a route takes and answers, declared once next to its handler (route-schema.ts has the helpers and says how
 * the OpenAPI document, the generated client and the console's reply types are made from it).
 */
export type RouteSchema = {
  /** POST: the JSON body (or, with `multipart`, the form fields). */
  body?: JsonSchema;
  /** GET: the query parameters, an object schema of scalar properties. */
  query?: JsonSchema;
  /** The envelope's `data`; with `raw`, the reply itself. */
  reply?: JsonSchema;
  /** The reply is not enveloped: its content type (a file, an HTML page, the OpenAPI document). */
  raw?: string;
  /** The body is multipart/form-data (files). */
  multipart?: boolean;
};

/** A route as eps and the OpenAPI document list it. */
export type DeclaredRoute = {
  method: 'get' | 'post';
  url: string;
  access: Access;
  summary: string;
  schema?: RouteSchema;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    summary?: string;
    /** false: successful calls are not written to the operation log (refusals still are). */
    opLog?: boolean;
  }
  interface FastifyRequest {
    user?: RequestUser;
    /** The access rule that applied to this request, once resolved. */
    access?: Access;
    /**
     * The JSON body's text when it is plain (input-guard.ts: no escape sequence, no prototype key name, at most 32
     * brackets): what it parsed to has every key and string as written, so checks can read the text instead.
     */
    plainJson?: string;
  }
}

export const isPermission = (a: Access): boolean => a !== 'public' && a !== 'login';

/** '/admin/base/sys/user/page' → 'base:sys:user:page'. */
export const permissionOf = (prefix: string, action: string): Access =>
  `${prefix.replace(/\//g, ':')}:${action}` as Access;
