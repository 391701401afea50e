import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../domain/context.js';
import { AppError } from '../errors.js';

/** Liveness (the process answers) and readiness (the database answers), for load balancers. */
export function registerHealthRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/health', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true } }, async () => {
    try {
      await sql`select 1`.execute(ctx.db);
    } catch (error) {
      ctx.log.error({ err: error }, 'readiness check: database unreachable');
      throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable');
    }
    return { status: 'ready' };
  });
}
