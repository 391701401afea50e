import type { Config } from '../config.js';
import { closeContext, createContextWhenAvailable, createWorker } from '../server.js';
import { prepareSealIdentity } from './serve.js';
import { EXIT_CONFIGURATION, startProblem } from './start-problem.js';

/**
 * `firma worker`: a process that runs only the job runner (completion, mail, sweeps), no HTTP.
 * Any number may run beside any number of API nodes on one PostgreSQL database and one data dir:
 * jobs are claimed with leases, so each runs once in effect. Waits for the database at start, backs
 * off while it is unavailable later (the job runner). Stops claiming on SIGTERM/SIGINT and
 * finishes the jobs in hand before closing the database.
 */
export async function runWorker(config: Config): Promise<number> {
  const ctx = await createContextWhenAvailable({ ...config, pdfWorkers: config.worker.pdfWorkers }, 'worker start');
  try {
    // Completions run here: the seal identity is made (or checked) before the first one needs it.
    await prepareSealIdentity(ctx);
  } catch (error) {
    await closeContext(ctx).catch(() => undefined);
    const problem = startProblem(error, config);
    if (!problem) throw error;
    process.stderr.write(`firma: ${problem}\n`);
    return EXIT_CONFIGURATION;
  }
  const worker = createWorker(ctx);
  worker.start();
  ctx.log.info({ workerId: worker.workerId, database: config.database.kind }, 'Firma worker started');
  process.stdout.write(`Firma worker ${worker.workerId} is running (${config.environment}, ${config.database.kind})\n`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      ctx.log.info({ signal }, 'worker shutting down');
      resolve();
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  await worker.stop();
  await closeContext(ctx);
  return 0;
}
