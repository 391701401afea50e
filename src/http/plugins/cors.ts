import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../domain/context.js';

/**
 * CORS is off unless FIRMA_CORS_ORIGINS names origins (or `*`): API tokens belong on servers, so
 * browsers of other sites get no access by default. Allowed origins get the API's headers
 * exposed and their preflights answered here.
 */
export function registerCors(app: FastifyInstance, ctx: Ctx): void {
  const allowed = ctx.config.http.corsOrigins;
  if (allowed.length === 0) return;
  const any = allowed.includes('*');
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || (!any && !allowed.includes(origin))) return;
    void reply
      .header('Access-Control-Allow-Origin', any ? '*' : origin)
      .header('Vary', 'Origin')
      .header(
        'Access-Control-Expose-Headers',
        'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Idempotent-Replayed, X-Request-Id, Content-Disposition',
      );
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply
        .status(204)
        .header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE')
        .header('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key')
        .header('Access-Control-Max-Age', '600')
        .send();
    }
  });
}
