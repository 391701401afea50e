import type { Config } from '../config.js';
import { printBanner } from './banner.js';
import { closeContext, createContextWhenAvailable } from '../context.js';
import { createWorker, startProcessMetricsServer } from '../server.js';
import type { MetricsServer } from '../http/metrics/metrics-server.js';
import { prepareSealIdentity } from './serve.js';
import { refuseStart } from './start-problem.js';

/**
 * `firma worker`: a process that runs only the job runner (completion, mail, sweeps), no HTTP.
 * Any number may run beside any number of API nodes on one PostgreSQL database and one data dir:
 * jobs are claimed with leases, so each runs once in effect. Waits for the database at start, backs
 * off while it is unavailable later (the job runner). Stops claiming on SIGTERM/SIGINT and
 * finishes the jobs in hand before closing the database; those still running after
 * FIRMA_SHUTDOWN_TIMEOUT_MS are handed back to the queue for another worker.
 */
export async function runWorker(config: Config): Promise<number> {
  const ctx = await createContextWhenAvailable({ ...config, pdfWorkers: config.worker.pdfWorkers }, 'worker start');
  let metricsServer: MetricsServer | null;
  try {
    // Completions run here: the seal identity is made (or checked) before the first one needs it.
    await prepareSealIdentity(ctx);
    // Jobs, webhooks, completions and mail are counted here, not in the API nodes: scrape this port.
    metricsServer = await startProcessMetricsServer(ctx);
  } catch (error) {
    await closeContext(ctx).catch(() => undefined);
    return refuseStart(error, config);
  }
  const worker = createWorker(ctx);
  worker.start();
  ctx.log.info({ workerId: worker.workerId, database: config.database.kind }, 'Firma worker started');
  printBanner(config, `Firma worker ${worker.workerId} is running (${config.environment}, ${config.database.kind})\n`);
  if (metricsServer) printBanner(config, `Metrics: ${metricsServer.url}\n`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      ctx.log.info({ signal }, 'worker shutting down');
      resolve();
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  await worker.stopWithin(config.shutdownTimeoutMs);
  await metricsServer?.close();
  await closeContext(ctx);
  return 0;
}
