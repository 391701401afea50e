import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { WebhookDispatcher } from './domain/webhooks/dispatch-webhooks.js';
import { expireRecipients } from './domain/signing/expire-recipients.js';
import { sweepCompletions } from './domain/completion/sweep-completions.js';
import { scheduleBlobGc } from './domain/blobs/run-blob-gc.js';
import { FOLD_ENVELOPE_COUNTS_EVERY_MS, foldEnvelopeCounts } from './domain/envelopes/fold-envelope-counts.js';
import { ACCOUNT_SWEEP_EVERY_MS, sweepAccountRecords } from './domain/accounts/sweep-account-records.js';
import type { Ctx } from './domain/context.js';
import { JobRunner } from './infra/jobs/job-runner.js';
import { jobHandlers } from './worker.js';
import { startMetricsServer, type MetricsServer } from './http/metrics/metrics-server.js';
import { IDLE_GRACE_MS, trackConnections } from './http/connection-drain.js';
import { closeContext } from './context.js';

/** The job worker of this process, with every handler; `ctx.wakeWorker` pokes it. */
export function createWorker(ctx: Ctx): JobRunner {
  const webhooks = new WebhookDispatcher(ctx);
  const runner = new JobRunner({
    db: ctx.db,
    log: ctx.log.child({ component: 'worker' }),
    handlers: jobHandlers(ctx),
    pollMs: ctx.config.worker.pollMs,
    clock: () => ctx.clock(),
    periodic: [
      {
        name: 'completion-sweep',
        everyMs: ctx.config.worker.completionSweepMs,
        run: (atStart) =>
          sweepCompletions(ctx, { full: atStart, retryFailedAfterMs: ctx.config.worker.completionRetryFailedAfterMs }),
      },
      { name: 'expiry-sweep', everyMs: ctx.config.worker.expirySweepMs, run: () => expireRecipients(ctx) },
      { name: 'webhooks', everyMs: ctx.config.worker.pollMs, run: () => webhooks.tick() },
      { name: 'account-sweep', everyMs: ACCOUNT_SWEEP_EVERY_MS, run: () => sweepAccountRecords(ctx) },
      { name: 'envelope-count-fold', everyMs: FOLD_ENVELOPE_COUNTS_EVERY_MS, run: () => foldEnvelopeCounts(ctx) },
      // Queues the current interval's sweep (once, whatever the number of workers: a dedupe key
      // per interval), looking every few minutes, so nodes redeployed more often than the interval
      // still sweep; not at start, which stays cheap.
      ...(ctx.config.blobGc.intervalMs > 0
        ? [
            {
              name: 'blob-gc',
              everyMs: Math.min(ctx.config.blobGc.intervalMs, 5 * 60_000),
              run: async (atStart: boolean) => {
                if (!atStart) await scheduleBlobGc(ctx, ctx.config.blobGc.intervalMs);
              },
            },
          ]
        : []),
    ],
    onStop: () => webhooks.settle(),
    onSettled: (kind, outcome, seconds) => ctx.metrics.job(kind, outcome, seconds),
  });
  ctx.wakeWorker = () => runner.poke();
  return runner;
}

export interface RunningServer {
  app: FastifyInstance;
  ctx: Ctx;
  url: string;
  /** The metrics port's address, when this process serves one. */
  metricsUrl: string | null;
  /** Graceful stop, bounded by FIRMA_SHUTDOWN_TIMEOUT_MS (see `startServer`). */
  close(): Promise<void>;
}

export interface StartServerOptions {
  /** Open the metrics port when FIRMA_METRICS_PORT is set; false in a cluster node (the primary serves it). */
  metricsPort?: boolean;
}

/**
 * Builds and starts listening, with the embedded worker unless FIRMA_WORKER=off, and the metrics
 * port when configured. `close()` is the graceful stop: stop accepting (the listener closes, so new
 * connections are refused), let in-flight requests finish (a request arriving meanwhile on a
 * kept-alive connection is still served, with `Connection: close`; kept-alive connections with no
 * request are closed once idle for IDLE_GRACE_MS, so a request a client is sending is not reset),
 * stop claiming jobs and let the running ones finish, all within FIRMA_SHUTDOWN_TIMEOUT_MS; past it,
 * connections are cut and the jobs still running are handed back to the queue at once. Then the
 * database closes.
 */
export async function startServer(ctx: Ctx, options: StartServerOptions = {}): Promise<RunningServer> {
  const worker = ctx.config.worker.mode === 'embedded' ? createWorker(ctx) : null;
  const app = await buildApp(ctx);
  // Once stopping, every answer says `Connection: close`, also those of requests that were in flight
  // when it began (Fastify marks only the requests that arrive later): clients then open a new
  // connection, which is refused, instead of sending on one about to be closed.
  let draining = false;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) void reply.header('connection', 'close');
    done(null, payload);
  });
  const connections = trackConnections(app.server);
  let metricsServer: MetricsServer | null = null;
  try {
    await app.listen({ port: ctx.config.port, host: ctx.config.host });
    if (options.metricsPort !== false) metricsServer = await startProcessMetricsServer(ctx);
  } catch (error) {
    // The caller still owns ctx (and reports the error); the app must not keep the process alive.
    await app.close().catch(() => undefined);
    throw error;
  }
  worker?.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : ctx.config.port;
  const host = ctx.config.host.includes(':') ? `[${ctx.config.host}]` : ctx.config.host;
  // With PORT=0 the derived public URL only becomes right once the OS picked the port.
  if (ctx.config.publicUrl.endsWith(':0')) ctx.config.publicUrl = ctx.config.publicUrl.replace(/:0$/, `:${port}`);
  let closing: Promise<void> | null = null;
  return {
    app,
    ctx,
    url: `http://${host}:${port}`,
    metricsUrl: metricsServer?.url ?? null,
    close() {
      closing ??= (async () => {
        const timeoutMs = ctx.config.shutdownTimeoutMs;
        draining = true;
        // Idle kept-alive connections stay open a moment for a request already on its way, then close.
        const stopReaping = connections.begin(Math.min(IDLE_GRACE_MS, timeoutMs));
        const requestsDone = app.close().then(() => true);
        const jobsDone = worker ? worker.stopWithin(timeoutMs) : Promise.resolve(true);
        const inTime = await within(requestsDone, timeoutMs);
        if (!inTime) {
          ctx.log.warn({ timeoutMs }, 'requests still in flight at the shutdown deadline; closing their connections');
          app.server.closeAllConnections();
          // Handlers of the cut requests may still be unwinding: a moment more before the database goes.
          await within(requestsDone, 1000);
        }
        stopReaping();
        await jobsDone;
        await metricsServer?.close();
        await closeContext(ctx);
      })();
      return closing;
    },
  };
}

/** Whether `work` settled within `ms` (its timer cleared either way, so it holds no process open). */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The metrics port of a single process (`serve`, `worker`), when FIRMA_METRICS_PORT is set. */
export async function startProcessMetricsServer(ctx: Ctx): Promise<MetricsServer | null> {
  const { port, host, token } = ctx.config.metrics;
  if (port === null) return null;
  return startMetricsServer({
    host,
    port,
    token,
    render: () => ctx.metrics.render(),
    contentType: ctx.metrics.contentType,
    log: ctx.log,
  });
}
