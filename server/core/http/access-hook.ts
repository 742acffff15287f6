import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../errors.js';
import type { AuthService } from '../auth/auth-service.js';
import type { Access } from './route-types.js';

export type AccessResolver = (request: FastifyRequest) => Access;

/** Routes under these roots must declare their access; start-up fails otherwise. */
const GUARDED = /^\/(admin|app)(\/|$)/;

/** Refuses to register an /admin or /app route that does not say who may call it. */
export function requireDeclaredAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (GUARDED.test(route.url) && !route.config?.access) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not declare its access (config.access: 'public' | 'login' | '<permission>')`,
      );
    }
  });
}

/** The one place that decides 401/403: reads the route's access, verifies the token, checks the permission. */
export function installAccessHook(app: FastifyInstance, auth: AuthService, resolveDispatch: AccessResolver): void {
  // A callback hook: a signed-in user whose session and rights are cached is decided without waiting for anything.
  app.addHook('onRequest', (request, _reply, done) => {
    const declared = request.routeOptions.config?.access;
    if (!declared) return done(); // static files and the UI
    const known = auth.authenticateNow(request.headers.authorization);
    if (known) {
      try {
        decide(request, declared, known);
      } catch (e) {
        return done(e as Error);
      }
      return done();
    }
    auth
      .authenticate(request.headers.authorization)
      .then((found) => decide(request, declared, found))
      .then(() => done(), done);
  });

  function decide(
    request: FastifyRequest,
    declared: Access | 'dispatch',
    { user, error, refreshAsAccess }: Awaited<ReturnType<AuthService['authenticate']>>,
  ): void {
    if (refreshAsAccess) throw error;
    let access: Access;
    try {
      access = declared === 'dispatch' ? resolveDispatch(request) : declared;
    } catch (e) {
      // Without a valid token an unknown /admin path is refused like any other, so its absence tells nothing.
      if (!user && e instanceof AppError && e.statusCode === 404) throw unauthorized();
      throw e;
    }
    request.access = access;
    if (access === 'public') {
      request.user = user;
      return;
    }
    if (error) throw error;
    if (!user) throw unauthorized();
    request.user = user;
    if (access !== 'login' && !user.isSuper && !user.perms.has(access)) throw forbidden();
  }
}
