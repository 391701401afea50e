import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticateApiToken } from '../../domain/auth/authenticate-api-token.js';
import { hasScope, type Principal } from '../../domain/auth/principal.js';
import type { Ctx } from '../../domain/context.js';
import type { TokenScope } from '../../db/schema.js';
import { AppError } from '../../errors.js';

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
 * about the body's shape and costs no parsing.
 */
export function registerApiTokenAuth(app: FastifyInstance, ctx: Ctx): void {
  if (!app.hasRequestDecorator('principal')) app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    if (config.public) return;
    const principal = await authenticateApiToken(ctx, request.headers.authorization);
    const needed: TokenScope = config.scope ?? (request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'full');
    if (!hasScope(principal, needed)) {
      throw new AppError('FORBIDDEN', `This operation needs a token with the "${needed}" scope`);
    }
    request.principal = principal;
  });
}

/** The authenticated principal; routes behind registerApiTokenAuth always have one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED', 'Authorization not provided');
  return request.principal;
}
