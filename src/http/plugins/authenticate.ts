import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { authenticateApiToken } from '../../domain/auth/authenticate-api-token.js';
import { hasScope, type PresignTarget, type Principal, type TokenScope } from '../../domain/auth/principal.js';
import type { Ctx } from '../../domain/context.js';
import { AppError } from '../../errors.js';
import { changeStampOf, decorateChangeStamp, withChangeStamp } from './request-change-stamp.js';

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
 * synchronously and the request goes on without a promise (on PostgreSQL it waits one turn of the
 * event loop before reading the change stamp, `withChangeStamp`).
 */
export function registerApiTokenAuth(app: FastifyInstance, ctx: Ctx): void {
  if (!app.hasRequestDecorator('principal')) app.decorateRequest('principal', null);
  decorateChangeStamp(app);
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    // routeOptions builds a new object on every access: read it once.
    const config = request.routeOptions.config;
    if (config.public) return done();
    withChangeStamp(ctx, request, () => {
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
  });
  // A presign token scoped to one envelope: checked once params, query and body are parsed.
  app.addHook('preHandler', (request, _reply, done) => {
    const target = request.principal?.presign?.target;
    done(target ? refuseOutsideTarget(request, target) : undefined);
  });
}

/** The members that name the envelope an operation is about, wherever the route reads them from. */
const TARGET_KEYS = ['envelopeId', 'documentId', 'templateId'] as const;

/**
 * A scoped presign token reaches only operations about its envelope: every envelope key the
 * request carries (path, query or top-level body member: `envelopeId`, or the numeric
 * `documentId`/`templateId`) must name it, and an operation with none (listings, parts by their
 * own id, creations, folders, presign issuance) is refused. Both refusals are 403.
 */
function refuseOutsideTarget(request: FastifyRequest, target: PresignTarget): AppError | undefined {
  let named = false;
  for (const source of [request.params, request.query, request.body]) {
    if (source === null || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const key of TARGET_KEYS) {
      const value = (source as Record<string, unknown>)[key];
      if (value === undefined || value === null) continue;
      named = true;
      const expected = key === 'envelopeId' ? target.publicId : String(target.documentId);
      if ((typeof value !== 'string' && typeof value !== 'number') || String(value) !== expected)
        return outsideTarget();
    }
  }
  return named ? undefined : outsideTarget();
}

function outsideTarget(): AppError {
  return new AppError(
    'PRESIGN_SCOPE_MISMATCH',
    'This presign token is scoped to one document and can only be used on operations about that document',
  );
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
