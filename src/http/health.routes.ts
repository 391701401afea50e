import type { Ctx } from '../domain/context.js';
import { createReadinessCheck, type Readiness } from '../domain/health/check-readiness.js';
import { databaseUnavailable, storageFull, storageUnavailable, type AppError } from '../errors.js';
import { defineHiddenRoute } from './operation.js';

const NOT_READY: Record<Exclude<Readiness, 'ready'>, { error: () => AppError; log: string }> = {
  DATABASE_UNAVAILABLE: { error: databaseUnavailable, log: 'readiness: the database is unavailable' },
  STORAGE_UNAVAILABLE: { error: storageUnavailable, log: 'readiness: the blob store is unavailable' },
  STORAGE_FULL: { error: storageFull, log: 'readiness: the disk is below FIRMA_MIN_FREE_DISK_MB' },
};

/** A service's readiness probe and what it answered last (logged on changes only). */
interface ReadinessWatch {
  probe: () => Promise<Readiness>;
  was: Readiness;
}
const watches = new WeakMap<Ctx, ReadinessWatch>();

function watchOf(ctx: Ctx): ReadinessWatch {
  let watch = watches.get(ctx);
  if (!watch) {
    watch = { probe: createReadinessCheck(ctx), was: 'ready' };
    watches.set(ctx, watch);
  }
  return watch;
}

/**
 * Liveness (`/health`: the process answers, whatever the database does) and readiness (`/ready`:
 * the database takes writes, the blob store answers and the disk has room, now), for load
 * balancers and orchestrators. Readiness follows them both ways within seconds, with no restart.
 */
export const healthRoutes = [
  defineHiddenRoute({ method: 'GET', url: '/health', handle: () => ({ status: 'ok' }) }),
  defineHiddenRoute({
    method: 'GET',
    url: '/ready',
    handle: async (ctx) => {
      const watch = watchOf(ctx);
      const now = await watch.probe();
      // Logged on changes only: a load balancer polls this every few seconds.
      if (now !== watch.was) {
        if (now === 'ready') ctx.log.info('readiness: every dependency is available again');
        else ctx.log.warn(NOT_READY[now].log);
      }
      watch.was = now;
      if (now !== 'ready') throw NOT_READY[now].error();
      return { status: 'ready' };
    },
  }),
];
