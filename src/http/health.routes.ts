import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../domain/context.js';
import { createReadinessCheck } from '../domain/health/check-readiness.js';
import { databaseUnavailable } from '../errors.js';

/**
 * Liveness (`/health`: the process answers, whatever the database does) and readiness (`/ready`:
 * the database takes writes now), for load balancers and orchestrators. Readiness follows the
 * database both ways within about a second, with no restart.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: Ctx): void {
  const probe = createReadinessCheck(ctx);
  let wasReady = true;
  app.get('/health', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true } }, async () => {
    const ready = await probe();
    // Logged on changes only: a load balancer polls this every few seconds.
    if (ready !== wasReady)
      ctx.log[ready ? 'info' : 'warn'](
        ready ? 'readiness: the database is available again' : 'readiness: the database is unavailable',
      );
    wasReady = ready;
    if (!ready) throw databaseUnavailable();
    return { status: 'ready' };
  });
}
