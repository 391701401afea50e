import cluster, { type Worker } from 'node:cluster';
import { printBanner } from './banner.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { bootstrapWhenAvailable, closeContext, createContextWhenAvailable } from '../context.js';
import { firstStartMessage, prepareSealIdentity, serve } from './serve.js';
import { EXIT_CONFIGURATION, refuseStart } from './start-problem.js';
import { aggregateClusterMetrics } from '../infra/metrics/cluster-metrics.js';
import { startMetricsServer, type MetricsServer } from '../http/metrics/metrics-server.js';

/** A node that dies sooner than this after its start is not restarted at once (crash loop). */
const RESTART_BACKOFF_MS = 1000;

/**
 * `firma serve --workers N`: N API processes sharing one port through node:cluster (the primary
 * accepts and hands connections round-robin). The primary migrates and makes the seal identity
 * before forking, and bootstraps once the first node listens (so a port that cannot be used leaves
 * no first-start token nobody saw), so the nodes never race on either; it restarts a node that dies
 * unless the node found the configuration unusable (a busy port: then it stops, exit 2), and on
 * SIGTERM/SIGINT passes the signal on and waits for every node to finish its in-flight requests.
 * Each node is a plain `firma serve`: with FIRMA_WORKER=off it serves HTTP only and `firma worker` processes run jobs.
 */
export async function serveCluster(config: Config, workers: string): Promise<number> {
  if (!cluster.isPrimary) {
    try {
      // The primary bootstraps; a node only migrates (a no-op), loads the seal and waits for the database.
      return await serve(config, false, true);
    } finally {
      // The IPC channel to the primary would keep this process alive after a graceful stop, or
      // after a failed start (a node that never listens, which the primary would not replace).
      cluster.worker?.disconnect();
    }
  }
  const count = Number(workers);
  if (!Number.isInteger(count) || count < 1 || count > 256)
    throw new AppError('VALIDATION_ERROR', '--workers must be an integer from 1 to 256');

  // Waits for the database (a cluster started before it, or during an outage).
  const ctx = await createContextWhenAvailable(config, 'cluster start');
  let closed: Promise<void> | null = null;
  const letGo = () => (closed ??= closeContext(ctx).catch(() => undefined));
  try {
    await prepareSealIdentity(ctx);
  } catch (error) {
    await letGo();
    return refuseStart(error, config);
  }
  // The cluster's metrics: collected from every node over IPC and aggregated here, for the metrics
  // port (served by this process alone, so a scrape never lands on one node) and for the nodes.
  const aggregate = aggregateClusterMetrics();
  let metricsServer: MetricsServer | null = null;
  if (config.metrics.port !== null) {
    try {
      metricsServer = await startMetricsServer({
        ...config.metrics,
        port: config.metrics.port,
        ...aggregate,
        log: ctx.log,
      });
    } catch (error) {
      await letGo();
      return refuseStart(error, config);
    }
    printBanner(config, `Metrics: ${metricsServer.url}\n`);
  }
  let exitCode = 0;
  let stop: (signal: NodeJS.Signals) => void = () => undefined;
  cluster.once('listening', (_node, address) => {
    // The port the node got (PORT=0 picks one), the host as configured.
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    bootstrapWhenAvailable(ctx, 'first-start bootstrap')
      .then((first) => {
        if (first) printBanner(config, firstStartMessage(first, config, `http://${host}:${address.port}`));
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'first-start bootstrap failed'))
      .finally(() => void letGo());
  });

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
    if (code === EXIT_CONFIGURATION) {
      // The node said why (a busy port): restarting would say it again every second.
      exitCode = EXIT_CONFIGURATION;
      stop('SIGTERM');
      return;
    }
    ctx.log.error({ pid: worker.process.pid, code, signal }, 'API node exited; starting another');
    setTimeout(fork, age < RESTART_BACKOFF_MS ? RESTART_BACKOFF_MS : 0);
  });
  for (let i = 0; i < count; i++) fork();
  printBanner(
    config,
    `Firma cluster: ${count} API processes on ${config.host}:${config.port} (primary ${process.pid})\n`,
  );

  await new Promise<void>((resolve) => {
    stop = (signal: NodeJS.Signals) => {
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
  await metricsServer?.close();
  await letGo();
  return exitCode;
}
