import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { ensurePgSchema, openDatabase, type DatabaseOptions } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { AUDIT_MAC_FLOOR_MIGRATION } from './db/repositories/audit-mac-floor.repo.js';
import { anchorAuditMacFloor } from './domain/audit/audit-mac-floor.js';
import { isTransientDatabaseError } from './db/transient-errors.js';
import { retryWhileDatabaseUnavailable } from './db/wait-for-database.js';
import { WebhookDispatcher } from './domain/webhooks/dispatch-webhooks.js';
import { expireRecipients } from './domain/signing/expire-recipients.js';
import { sweepCompletions } from './domain/completion/sweep-completions.js';
import { scheduleBlobGc } from './domain/blobs/run-blob-gc.js';
import { countPlatforms } from './db/repositories/platform.repo.js';
import { createApiToken } from './domain/auth/create-api-token.js';
import type { Ctx } from './domain/context.js';
import { createPlatform } from './domain/platforms/create-platform.js';
import { createAuditMac } from './infra/crypto/audit-mac.js';
import { createSecretBox, loadOrCreateSecretKey } from './infra/crypto/secret-box.js';
import { createLogger } from './infra/logger.js';
import { JobRunner } from './infra/jobs/job-runner.js';
import { createBlobStore } from './infra/storage/create-blob-store.js';
import { createMailer, type Mailer } from './infra/mail/mailer.js';
import { Metrics } from './infra/metrics/metrics.js';
import { readJobQueueStats } from './domain/jobs/read-job-queue-stats.js';
import { PdfWorkers } from './infra/pdf/sandbox/pdf-workers.js';
import { inflateBudgetBytes } from './infra/pdf/pdf-limits.js';
import type { SealIdentity } from './infra/pdf/seal/index.js';
import { ensureSealIdentity, type SealIdentityDeps } from './domain/seal-identity/ensure-seal-identity.js';
import { jobHandlers } from './worker.js';
import { startMetricsServer, type MetricsServer } from './http/metrics/metrics-server.js';

export interface ContextOptions {
  log?: Logger;
  database?: DatabaseOptions;
}

/** The composition root: config → database (migrated) → storage → ctx. */
export async function createContext(config: Config, options: ContextOptions = {}): Promise<Ctx> {
  const log = options.log ?? createLogger(config.logLevel, undefined, config.logFormat);
  const db = openDatabase(config, { ...options.database, log });
  let applied: string[] = [];
  try {
    await ensurePgSchema(db, options.database?.pgSchema);
    applied = await migrateToLatest(db);
  } catch (error) {
    // An open pool would keep the process alive after the failure is reported.
    await db.destroy().catch(() => undefined);
    throw error;
  }
  const secretKey = loadOrCreateSecretKey(config.secretKey, config.dataDir);
  const storage = await createBlobStore(config).catch(async (error: unknown) => {
    await db.destroy().catch(() => undefined);
    throw error;
  });
  // Temp files a crash left behind (old enough that no live node sharing the directory owns them).
  const stale = await storage.removeStaleTemp().catch((error: unknown) => {
    log.warn({ err: error }, 'could not clean the temp directory');
    return 0;
  });
  if (stale > 0) log.info({ removed: stale }, 'removed stale temp files');
  const metrics = new Metrics();
  const secrets = createSecretBox(secretKey);
  const auditMac = createAuditMac(secretKey);
  const ctx: Ctx = {
    db,
    config,
    storage,
    secrets,
    auditMac,
    mailer: countedMailer(
      createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, log }),
      metrics,
    ),
    log,
    clock: () => new Date(),
    sealIdentity: sealIdentityLoader({ db, config, secrets, auditMac }, log),
    pdf: new PdfWorkers({ size: config.pdfWorkers, inflateBudgetBytes: inflateBudgetBytes(config.limits.uploadBytes) }),
    metrics,
    wakeWorker: () => undefined,
  };
  metrics.observeJobQueue(() => readJobQueueStats(ctx));
  await anchorAuditMacFloor(ctx, { justMigrated: applied.includes(AUDIT_MAC_FLOOR_MIGRATION) }).catch(
    async (error: unknown) => {
      await closeContext(ctx).catch(() => undefined);
      throw error;
    },
  );
  return ctx;
}

/** The mailer, counting each message's outcome. */
function countedMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    kind: mailer.kind,
    send: (message) =>
      mailer.send(message).then(
        () => metrics.mailSent(mailer.kind, 'sent'),
        (error: unknown) => {
          metrics.mailSent(mailer.kind, 'failed');
          throw error;
        },
      ),
  };
}

/**
 * `createContext` for the long-running commands: while the database is unreachable or cannot
 * write, retries with backoff for up to FIRMA_DATABASE_WAIT_SECONDS instead of failing, so nodes
 * started before the database (or restarted during an outage) come up on their own once it is back.
 */
export async function createContextWhenAvailable(config: Config, what: string): Promise<Ctx> {
  const log = createLogger(config.logLevel, undefined, config.logFormat);
  return retryWhileDatabaseUnavailable(what, () => createContext(config, { log }), {
    log,
    waitMs: config.databaseWaitMs,
  });
}

/** `bootstrapFirstStart`, waiting for the database as `createContextWhenAvailable` does. */
export function bootstrapWhenAvailable(ctx: Ctx, what: string): ReturnType<typeof bootstrapFirstStart> {
  return retryWhileDatabaseUnavailable(what, () => bootstrapFirstStart(ctx), {
    log: ctx.log,
    waitMs: ctx.config.databaseWaitMs,
  });
}

/** `ctx.sealIdentity()`, waiting for the database as `createContextWhenAvailable` does. */
export async function sealIdentityWhenAvailable(ctx: Ctx): Promise<void> {
  await retryWhileDatabaseUnavailable('seal identity', () => ctx.sealIdentity(), {
    log: ctx.log,
    waitMs: ctx.config.databaseWaitMs,
  });
}

/**
 * Loads the seal identity on first use (recording it as the installation's, see
 * `ensureSealIdentity`) and keeps it for the life of the process.
 */
function sealIdentityLoader(deps: SealIdentityDeps, log: Logger): () => Promise<SealIdentity> {
  let loading: Promise<SealIdentity> | null = null;
  return () => {
    loading ??= ensureSealIdentity(deps).then(
      ({ identity, origin, recorded, pastRecorded }) => {
        const facts = { subject: identity.subject, fingerprint: identity.fingerprintSha256, origin, recorded };
        if (pastRecorded)
          log.info(
            { fingerprint: pastRecorded.fingerprintSha256 },
            "recorded the data dir's earlier seal identity as one of the installation's, so what it sealed still verifies",
          );
        if (origin === 'PKCS12')
          log.info(
            facts,
            recorded
              ? 'sealing with the configured PKCS#12 identity, recorded now as a new identity of this installation'
              : 'sealing with the configured PKCS#12 identity',
          );
        else
          log.warn(
            facts,
            "sealing documents with the installation's self-signed identity (kept in the database); set FIRMA_SEAL_P12_PATH for production",
          );
        return identity;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
}

export async function closeContext(ctx: Ctx): Promise<void> {
  await ctx.pdf.close();
  await ctx.db.destroy();
  await ctx.storage.close();
}

/**
 * On an empty database, creates the `default` platform and a full-scope token for the configured
 * environment. Returns the token so the caller can show it once; null when already bootstrapped
 * (or when another process won the race).
 */
export async function bootstrapFirstStart(ctx: Ctx): Promise<{ token: string; platform: string } | null> {
  if ((await countPlatforms(ctx.db)) > 0) return null;
  try {
    await createPlatform(ctx, { name: 'default' });
  } catch (error) {
    // Another process created it first; an unavailable database is retried by the caller.
    if (isTransientDatabaseError(error)) throw error;
    return null;
  }
  const created = await createApiToken(ctx, { platformName: 'default', name: 'first-start token', scope: 'full' });
  return { token: created.token, platform: 'default' };
}

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
 * kept-alive connection is still served, with `Connection: close`; idle kept-alive connections are
 * closed), stop claiming jobs and let the running ones finish, all within FIRMA_SHUTDOWN_TIMEOUT_MS;
 * past it, connections are cut and the jobs still running are handed back to the queue at once.
 * Then the database closes.
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
        // Connections that went idle after their answer would otherwise wait for their keep-alive timeout.
        const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
        const requestsDone = app.close().then(() => true);
        const jobsDone = worker ? worker.stopWithin(timeoutMs) : Promise.resolve(true);
        const inTime = await within(requestsDone, timeoutMs);
        if (!inTime) {
          ctx.log.warn({ timeoutMs }, 'requests still in flight at the shutdown deadline; closing their connections');
          app.server.closeAllConnections();
          // Handlers of the cut requests may still be unwinding: a moment more before the database goes.
          await within(requestsDone, 1000);
        }
        clearInterval(reaper);
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
