import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { ensurePgSchema, openDatabase, type DatabaseOptions } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { isTransientDatabaseError } from './db/transient-errors.js';
import { retryWhileDatabaseUnavailable } from './db/wait-for-database.js';
import { WebhookDispatcher } from './domain/webhooks/dispatch-webhooks.js';
import { expireRecipients } from './domain/signing/expire-recipients.js';
import { sweepCompletions } from './domain/completion/sweep-completions.js';
import { countPlatforms } from './db/repositories/platform.repo.js';
import { createApiToken } from './domain/auth/create-api-token.js';
import type { Ctx } from './domain/context.js';
import { createPlatform } from './domain/platforms/create-platform.js';
import { createAuditMac } from './infra/crypto/audit-mac.js';
import { createSecretBox, loadOrCreateSecretKey } from './infra/crypto/secret-box.js';
import { createLogger } from './infra/logger.js';
import { JobRunner } from './infra/jobs/job-runner.js';
import { createBlobStore } from './infra/storage/create-blob-store.js';
import { createMailer } from './infra/mail/mailer.js';
import { PdfWorkers } from './infra/pdf/sandbox/pdf-workers.js';
import { inflateBudgetBytes } from './infra/pdf/pdf-limits.js';
import { loadSealIdentity, type SealIdentity } from './infra/pdf/seal/index.js';
import { jobHandlers } from './worker.js';

export interface ContextOptions {
  log?: Logger;
  database?: DatabaseOptions;
}

/** The composition root: config → database (migrated) → storage → ctx. */
export async function createContext(config: Config, options: ContextOptions = {}): Promise<Ctx> {
  const log = options.log ?? createLogger(config.logLevel, undefined, config.logFormat);
  const db = openDatabase(config, { ...options.database, log });
  try {
    await ensurePgSchema(db, options.database?.pgSchema);
    await migrateToLatest(db);
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
  return {
    db,
    config,
    storage,
    secrets: createSecretBox(secretKey),
    auditMac: createAuditMac(secretKey),
    mailer: createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, log }),
    log,
    clock: () => new Date(),
    sealIdentity: sealIdentityLoader(config, log),
    pdf: new PdfWorkers({ size: config.pdfWorkers, inflateBudgetBytes: inflateBudgetBytes(config.limits.uploadBytes) }),
    wakeWorker: () => undefined,
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

/** Loads the seal identity on first use and keeps it for the life of the process. */
function sealIdentityLoader(config: Config, log: Logger): () => Promise<SealIdentity> {
  let loading: Promise<SealIdentity> | null = null;
  return () => {
    loading ??= loadSealIdentity({
      dataDir: config.dataDir,
      ...(config.seal.p12Path ? { p12Path: config.seal.p12Path, p12Password: config.seal.p12Password } : {}),
    }).then(
      ({ identity, generated, source }) => {
        if (config.seal.p12Path)
          log.info(
            { subject: identity.subject, fingerprint: identity.fingerprintSha256 },
            'sealing with the configured PKCS#12 identity',
          );
        else
          log.warn(
            { subject: identity.subject, fingerprint: identity.fingerprintSha256, source, generated },
            'sealing documents with a self-signed identity generated in the data dir; set FIRMA_SEAL_P12_PATH for production',
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
    ],
    onStop: () => webhooks.settle(),
  });
  ctx.wakeWorker = () => runner.poke();
  return runner;
}

export interface RunningServer {
  app: FastifyInstance;
  ctx: Ctx;
  url: string;
  close(): Promise<void>;
}

/**
 * Builds and starts listening, with the embedded worker unless FIRMA_WORKER=off. `close()` stops
 * accepting, finishes in-flight requests and jobs, closes the database.
 */
export async function startServer(ctx: Ctx): Promise<RunningServer> {
  const worker = ctx.config.worker.mode === 'embedded' ? createWorker(ctx) : null;
  const app = await buildApp(ctx);
  try {
    await app.listen({ port: ctx.config.port, host: ctx.config.host });
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
    close() {
      closing ??= (async () => {
        await app.close();
        await worker?.stop();
        await closeContext(ctx);
      })();
      return closing;
    },
  };
}
