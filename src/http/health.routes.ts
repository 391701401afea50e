import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../domain/context.js';
import { createReadinessCheck, type Readiness } from '../domain/health/check-readiness.js';
import { databaseUnavailable, storageFull, storageUnavailable, type AppError } from '../errors.js';

const NOT_READY: Record<Exclude<Readiness, 'ready'>, { error: () => AppError; log: string }> = {
  DATABASE_UNAVAILABLE: { error: databaseUnavailable, log: 'readiness: the database is unavailable' },
  STORAGE_UNAVAILABLE: { error: storageUnavailable, log: 'readiness: the blob store is unavailable' },
  STORAGE_FULL: { error: storageFull, log: 'readiness: the disk is below FIRMA_MIN_FREE_DISK_MB' },
};

/**
 * Liveness (`/health`: the process answers, whatever the database does) and readiness (`/ready`:
 * the database takes writes, the blob store answers and the disk has room, now), for load
 * balancers and orchestrators. Readiness follows them both ways within seconds, with no restart.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: Ctx): void {
  const probe = createReadinessCheck(ctx);
  let was: Readiness = 'ready';
  app.get('/health', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true } }, async () => {
    const now = await probe();
    // Logged on changes only: a load balancer polls this every few seconds.
    if (now !== was) {
      if (now === 'ready') ctx.log.info('readiness: every dependency is available again');
      else ctx.log.warn(NOT_READY[now].log);
    }
    was = now;
    if (now !== 'ready') throw NOT_READY[now].error();
    return { status: 'ready' };
  });
}
