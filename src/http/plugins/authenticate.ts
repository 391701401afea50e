import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { authenticateApiToken } from '../../domain/auth/authenticate-api-token.js';
import { hasScope, type Principal, type TokenScope } from '../../domain/auth/principal.js';
import type { Ctx } from '../../domain/context.js';
import { AppError } from '../../errors.js';
import { changeStampOf, decorateChangeStamp } from './request-change-stamp.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Scope the route needs; default: `read` for GET/HEAD, `full` otherwise. */
    scope?: TokenScope;
    /** Routes that authenticate another way (a capability URL) opt out of API tokens. */
    public?: boolean;
  }
}

/**
 * API-token authentication for every route of the scope it is registered in. It runs in
 * onRequest, before the body is read or validated, so an unauthenticated caller learns nothing
 * about the body's shape and costs no parsing. Callback style: on SQLite the token check answers
 * synchronously and the request goes on without a promise.
 */
export function registerApiTokenAuth(app: FastifyInstance, ctx: Ctx): void {
  if (!app.hasRequestDecorator('principal')) app.decorateRequest('principal', null);
  decorateChangeStamp(app);
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    // routeOptions builds a new object on every access: read it once.
    const config = request.routeOptions.config;
    if (config.public) return done();
    let principal: ReturnType<typeof authenticateApiToken>;
    try {
      principal = authenticateApiToken(ctx, request.headers.authorization, changeStampOf(ctx, request));
    } catch (error) {
      return done(error as Error);
    }
    if (principal instanceof Promise)
      principal.then(
        (p) => done(admit(request, config, p)),
        (error: Error) => done(error),
      );
    else done(admit(request, config, principal));
  });
}

/** Checks the route's scope and attaches the principal; returns the refusal, if any. */
function admit(request: FastifyRequest, config: FastifyContextConfig, principal: Principal): AppError | undefined {
  const needed: TokenScope = config.scope ?? (request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'full');
  if (!hasScope(principal, needed))
    return new AppError('FORBIDDEN', `This operation needs a token with the "${needed}" scope`);
  request.principal = principal;
  return undefined;
}

/** The authenticated principal; routes behind registerApiTokenAuth always have one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED', 'Authorization not provided');
  return request.principal;
}
