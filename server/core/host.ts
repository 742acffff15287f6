import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from './db/database.js';
import type { Registry } from './registry/registry.js';
import type { OpContext } from './crud/context.js';
import { HookRegistry } from './crud/entity-hooks.js';
import type { AuthService } from './auth/auth-service.js';
import type { LoginThrottle } from './auth/login-throttle.js';
import { ActionRegistry, entityRoutes } from './http/dispatcher.js';
import type { Access, ActionInput, DeclaredRoute, RouteSchema } from './http/route-types.js';
import { ok } from './http/envelope.js';
import { asRow } from './db/row.js';
import { TaskHandlerRegistry } from './tasks/task-handler-registry.js';
import { ProgressBoard } from './http/progress.js';

export type RouteHandler = (ctx: OpContext, input: Omit<ActionInput, 'entity'>) => Promise<unknown> | unknown;

/** What modules get to plug themselves in: hand-written routes, entity hooks and extra actions. */
export class Host {
  readonly hooks = new HookRegistry();
  readonly actions = new ActionRegistry();
  readonly declared: DeclaredRoute[] = [];
  /** Services scheduled tasks may run (built-ins and plugins register here). */
  readonly taskHandlers = new TaskHandlerRegistry();
  /** Progress of long calls, polled through comm/progress. */
  readonly progress = new ProgressBoard();

  constructor(
    readonly app: FastifyInstance,
    readonly config: Config,
    readonly database: Database,
    readonly registry: Registry,
    readonly auth: AuthService,
    readonly throttle: LoginThrottle,
  ) {
    app.addHook('onResponse', async (request) => this.progress.finish(request));
  }

  /** The operation context of a request. */
  context(request: FastifyRequest): OpContext {
    return {
      database: this.database,
      db: this.database.db,
      registry: this.registry,
      hooks: this.hooks,
      user: request.user,
      url: request.url.split('?')[0],
      params: request.method === 'GET' ? request.query : request.body,
      progress: this.progress.reporter(request),
    };
  }

  /** A context for work outside a request (seeding, scheduled jobs). */
  systemContext(): OpContext {
    return {
      database: this.database,
      db: this.database.db,
      registry: this.registry,
      hooks: this.hooks,
      url: 'system',
      params: {},
    };
  }

  /** Registers a hand-written route with its access rule; its return value is enveloped unless it replied itself. */
  route(def: {
    method: 'get' | 'post';
    url: string;
    access: Access;
    summary: string;
    handler: RouteHandler;
    bodyLimit?: number;
    opLog?: boolean;
    /** Body and reply (route-schema.ts): for the OpenAPI document and the generated client; not enforced here. */
    schema?: RouteSchema;
  }): void {
    this.declared.push({
      method: def.method,
      url: def.url,
      access: def.access,
      summary: def.summary,
      ...(def.schema ? { schema: def.schema } : {}),
    });
    this.app.route({
      method: def.method.toUpperCase() as 'GET' | 'POST',
      url: def.url,
      bodyLimit: def.bodyLimit,
      config: { access: def.access, summary: def.summary, opLog: def.opLog },
      handler: async (request, reply) => {
        const result = await def.handler(this.context(request), {
          body: asRow(request.body),
          query: asRow(request.query),
          rawBody: request.body,
          request,
          reply,
        });
        if (reply.sent) return reply;
        return ok(result);
      },
    });
  }

  /** Every admin route the server answers now: hand-written ones and those the registry serves. */
  listRoutes(): DeclaredRoute[] {
    return [
      ...this.declared,
      ...this.registry.all().flatMap((e) =>
        entityRoutes(e, this.actions).map(({ method, url, access, summary, schema }) => ({
          method,
          url,
          access,
          summary,
          ...(schema ? { schema } : {}),
        })),
      ),
    ];
  }
}
