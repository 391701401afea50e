import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { closeContext, createContextWhenAvailable } from '../server.js';
import { serve } from './serve.js';

/** A node that dies sooner than this after its start is not restarted at once (crash loop). */
const RESTART_BACKOFF_MS = 1000;

/**
 * `firma serve --workers N`: N API processes sharing one port through node:cluster (the primary
 * accepts and hands connections round-robin). The primary migrates and bootstraps once before
 * forking, so the nodes never race on it, restarts a node that dies, and on SIGTERM/SIGINT passes
 * the signal on and waits for every node to finish its in-flight requests. Each node is a plain
 * `firma serve`: with FIRMA_WORKER=off it serves HTTP only and `firma worker` processes run jobs.
 */
export async function serveCluster(config: Config, workers: string): Promise<number> {
  if (!cluster.isPrimary) {
    try {
      // The primary bootstrapped; a node only migrates (a no-op) and waits for the database.
      return await serve(config, false);
    } finally {
      // The IPC channel to the primary would keep this process alive after a graceful stop, or
      // after a failed start (a node that never listens, which the primary would not replace).
      cluster.worker?.disconnect();
    }
  }
  const count = Number(workers);
  if (!Number.isInteger(count) || count < 1 || count > 256)
    throw new AppError('VALIDATION_ERROR', '--workers must be an integer from 1 to 256');

  // Waits for the database (a cluster started before it, or during an outage), then lets go of it.
  const { ctx, first } = await createContextWhenAvailable(config, 'cluster start', true);
  await closeContext(ctx);
  if (first) {
    process.stdout.write(
      `\nFirst start: created platform "${first.platform}" and this full-scope ${config.environment} API token.\n` +
        `It is shown only once; store it now:\n\n  ${first.token}\n\n`,
    );
  }

  let stopping = false;
  const startedAt = new Map<Worker, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const age = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    ctx.log.error({ pid: worker.process.pid, code, signal }, 'API node exited; starting another');
    setTimeout(fork, age < RESTART_BACKOFF_MS ? RESTART_BACKOFF_MS : 0);
  });
  for (let i = 0; i < count; i++) fork();
  process.stdout.write(
    `Firma cluster: ${count} API processes on ${config.host}:${config.port} (primary ${process.pid})\n`,
  );

  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      stopping = true;
      ctx.log.info({ signal }, 'cluster shutting down');
      const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
      if (alive.length === 0) return resolve();
      let left = alive.length;
      for (const w of alive) {
        w.once('exit', () => {
          if (--left === 0) resolve();
        });
        w.process.kill(signal);
      }
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  return 0;
}
