/**
 * The composition root of every process: config → database (migrated) → storage → ctx, and the
 * first start's platform and token. Kept apart from the HTTP server and the job worker (server.ts)
 * so an administrative command (`firma token list`) loads neither the app nor the PDF pipeline.
 */
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { ensurePgSchema, openDatabase, type DatabaseOptions } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { AUDIT_MAC_FLOOR_MIGRATION } from './db/repositories/audit-mac-floor.repo.js';
import { anchorAuditMacFloor } from './domain/audit/audit-mac-floor.js';
import { isTransientDatabaseError } from './db/transient-errors.js';
import { retryWhileDatabaseUnavailable } from './db/wait-for-database.js';
import { countPlatforms } from './db/repositories/platform.repo.js';
import { createApiToken } from './domain/auth/create-api-token.js';
import type { Ctx } from './domain/context.js';
import { createPlatform } from './domain/platforms/create-platform.js';
import { createSetupLink } from './domain/accounts/create-setup-link.js';
import { createAuditMac } from './infra/crypto/audit-mac.js';
import { createSecretBox, loadOrCreateSecretKey } from './infra/crypto/secret-box.js';
import { createLogger } from './infra/logger.js';
import { createBlobStore } from './infra/storage/create-blob-store.js';
import { isStorageUnavailableError, type BlobStore } from './infra/storage/blob-store.js';
import { retryWhileStorageUnavailable, storageUnavailableReason } from './infra/storage/wait-for-storage.js';
import { AppError } from './errors.js';
import { createMailer, type Mailer } from './infra/mail/mailer.js';
import { Metrics } from './infra/metrics/metrics.js';
import { readJobQueueStats } from './domain/jobs/read-job-queue-stats.js';
import { PdfWorkers } from './infra/pdf/sandbox/pdf-workers.js';
import { inflateBudgetBytes } from './infra/pdf/pdf-limits.js';
import type { SealIdentity } from './infra/pdf/seal/index.js';
import { ensureSealIdentity, type SealIdentityDeps } from './domain/seal-identity/ensure-seal-identity.js';
import { IssuerCertificateCache } from './infra/crypto/certificates/issuer-certificates.js';

export interface ContextOptions {
  log?: Logger;
  database?: DatabaseOptions;
  /** Wait up to FIRMA_STORAGE_WAIT_SECONDS for an unreachable blob store (the long-running commands), logging as `what`. */
  waitForStorage?: { what: string };
  /**
   * The PDF threads, when several contexts of one process share them (the test servers): threads
   * warm up once instead of once per context. `closeContext` closes it, so a shared pool's owner
   * hands out one whose `close` leaves it running. Default: a pool of its own, FIRMA_PDF_WORKERS
   * threads.
   */
  pdf?: PdfWorkers;
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
  const storage = await openBlobStore(config, log, options.waitForStorage).catch(async (error: unknown) => {
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
    pdf:
      options.pdf ??
      new PdfWorkers({ size: config.pdfWorkers, inflateBudgetBytes: inflateBudgetBytes(config.limits.uploadBytes) }),
    metrics,
    issuerCertificates: new IssuerCertificateCache(),
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

/**
 * The blob store; with `wait`, retried while it is unreachable for up to FIRMA_STORAGE_WAIT_SECONDS
 * (so a node started during a store outage comes up once it is back instead of exiting into a
 * restart loop), then refused with one line naming the setting.
 */
async function openBlobStore(config: Config, log: Logger, wait?: { what: string }): Promise<BlobStore> {
  if (!wait) return createBlobStore(config);
  try {
    return await retryWhileStorageUnavailable(wait.what, () => createBlobStore(config), {
      log,
      waitMs: config.storageWaitMs,
    });
  } catch (error) {
    if (!isStorageUnavailableError(error)) throw error;
    const store =
      config.blobStore.kind === 's3' ? `S3 bucket "${config.blobStore.bucket}"` : 'blob folder of FIRMA_DATA_DIR';
    throw new AppError(
      'STORAGE_UNAVAILABLE',
      `${wait.what}: the blob store (${store}) is still unreachable (${storageUnavailableReason(error) ?? 'no answer'}) after FIRMA_STORAGE_WAIT_SECONDS=${config.storageWaitMs / 1000}; start it, check its settings, or wait longer by raising FIRMA_STORAGE_WAIT_SECONDS`,
    );
  }
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
 * write, retries with backoff for up to FIRMA_DATABASE_WAIT_SECONDS instead of failing, and while
 * the blob store is unreachable for up to FIRMA_STORAGE_WAIT_SECONDS, so nodes started before
 * either (or restarted during an outage) come up on their own once it is back.
 */
export async function createContextWhenAvailable(config: Config, what: string): Promise<Ctx> {
  const log = createLogger(config.logLevel, undefined, config.logFormat);
  return retryWhileDatabaseUnavailable(what, () => createContext(config, { log, waitForStorage: { what } }), {
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
 * On an empty database, creates the `default` platform, a full-scope token for the configured
 * environment and the one-time link that creates the first administrator. Returns the token and
 * the link so the caller can show them once; null when already bootstrapped (or when another
 * process won the race).
 */
export async function bootstrapFirstStart(
  ctx: Ctx,
): Promise<{ token: string; platform: string; setupUrl: string } | null> {
  if ((await countPlatforms(ctx.db)) > 0) return null;
  let platform;
  try {
    platform = await createPlatform(ctx, { name: 'default' });
  } catch (error) {
    // Another process created it first; an unavailable database is retried by the caller.
    if (isTransientDatabaseError(error)) throw error;
    return null;
  }
  const created = await createApiToken(ctx, { platformName: 'default', name: 'first-start token', scope: 'full' });
  const setup = await createSetupLink(ctx, platform.id);
  return { token: created.token, platform: 'default', setupUrl: setup.url };
}
