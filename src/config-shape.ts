/**
 * The typed configuration every part of Firma receives (`ctx.config`), as `src/config.ts` parses it
 * from the environment. Kept apart from the parser so the shape reads on its own; import it from
 * `src/config.ts`, which re-exports it.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database:
    | {
        kind: 'sqlite';
        path: string;
        /** SQLite's `synchronous` pragma: 'full' (default) survives a power cut; 'normal' a crash only. */
        synchronous?: 'full' | 'normal';
      }
    | {
        kind: 'postgres';
        url: string;
        /** Connections each process may hold (FIRMA_DATABASE_POOL_SIZE); the change signal takes one more. */
        poolSize?: number;
      };
  /** How long `serve`, `serve --workers` and `worker` keep retrying an unavailable database at start; 0 = fail at once. */
  databaseWaitMs: number;
  /** How long the same commands keep retrying an unreachable blob store (S3 or the data dir's blob folder) at start; 0 = fail at once. */
  storageWaitMs: number;
  environment: 'sandbox' | 'production';
  publicUrl: string;
  /** Key for secrets kept at rest (recipient tokens, webhook secrets); null = generated in the data dir. */
  secretKey: Buffer | null;
  limits: {
    uploadBytes: number;
    jsonBodyBytes: number;
    pagesPerDocument: number;
    itemsPerEnvelope: number;
    recipientsPerEnvelope: number;
    fieldsPerEnvelope: number;
  };
  /** Worker threads for PDF parsing, rendering and sealing (FIRMA_PDF_WORKERS). */
  pdfWorkers: number;
  seal: { p12Path: string | null; p12Password: string; tsaUrl: string | null };
  /**
   * Firma digital (issue #22): the PEM bundle of trust anchors signers' certificates must chain to
   * (FIRMA_TRUST_ANCHORS; null: DIGITAL signatures are refused as untrusted), and how OCSP/CRL
   * fetches behave (the private-address guard is lifted only for tests).
   */
  digital: { trustAnchorsPath: string | null; revocationAllowPrivate: boolean; revocationTimeoutMs: number };
  /**
   * Remote signing through a platform's CSC v2 provider: the deadline of each call to it, and
   * whether it may be on a private or loopback address (FIRMA_CSC_ALLOW_PRIVATE; tests, or a
   * provider inside the operator's own network).
   */
  csc: {
    allowPrivate: boolean;
    timeoutMs: number;
    /** Read only by `firma platform set-csc` when no --client-secret is given (FIRMA_CSC_CLIENT_SECRET). */
    clientSecretForCli: string | null;
  };
  /**
   * senderFrom: how a document's verified sender identity (meta.emailId) shows: 'reply-to' keeps
   * FIRMA_MAIL_FROM's address in From (SPF/DMARC stay the operator's) with the identity's name,
   * and Reply-To the identity; 'identity' puts the identity's own address in From.
   */
  mail: { smtpUrl: string | null; from: string; senderFrom: 'reply-to' | 'identity' };
  webhooks: {
    allowPrivate: boolean;
    retryBaseMs: number;
    retryMaxAttempts: number;
    timeoutMs: number;
    /** Attempts in flight in this process, all endpoints together. */
    concurrency: number;
    /** Attempts in flight to one endpoint in this process (reached once the endpoint answers well). */
    concurrencyPerEndpoint: number;
  };
  rateLimit: {
    perMinute: number;
    signingPerMinute: number;
    /** PostgreSQL without Redis: how often each node adds its counts to the shared rows. */
    flushMs: number;
    /** Documents made through template direct links, per IP. */
    directLinkUsesPerMinute: number;
  };
  /**
   * People's sign-in (issue 37): attempts a minute per IP (every account route without a session)
   * and per e-mail address; after `lockoutAfter` consecutive failures an address is locked for
   * `lockoutBaseMs`, doubled at each further failure (at most an hour); sessions end after
   * `sessionIdleMs` unused or `sessionMaxMs` after sign-in.
   */
  accounts: {
    signInPerMinute: number;
    signInPerAccountPerMinute: number;
    lockoutAfter: number;
    lockoutBaseMs: number;
    sessionIdleMs: number;
    sessionMaxMs: number;
  };
  /**
   * Single sign-on with an OpenID Connect provider (FIRMA_OIDC_*): null when FIRMA_OIDC_ISSUER is
   * unset. `allowSignUp`: an address no account has gets one; otherwise it is refused.
   */
  oidc: { issuer: string; clientId: string; clientSecret: string | null; name: string; allowSignUp: boolean } | null;
  /** Redis for shared rate-limit counting (REDIS_URL); null = the database or memory. Keys start with `prefix`. */
  redis: { url: string | null; prefix: string };
  http: { corsOrigins: string[]; frameAncestors: string };
  v1: { uploadTtlMinutes: number; downloadTtlMinutes: number };
  /** How long after completion a recipient may download the signed PDF and certificate from their link. */
  recipientDownload: { days: number };
  /** Longest lifetime a presign token may ask for (FIRMA_PRESIGN_MAX_MINUTES). */
  presign: { maxMinutes: number };
  /**
   * `dayMs`: the length of a reminder "day" (FIRMA_REMINDER_DAY_SECONDS; a week is seven, a month
   * thirty), so tests and demonstrations see reminders in seconds; null: calendar intervals.
   */
  reminders: { dayMs: number | null };
  worker: {
    mode: 'embedded' | 'off';
    pollMs: number;
    completionSweepMs: number;
    expirySweepMs: number;
    completionRetryFailedAfterMs: number;
    /** PDF threads of a `firma worker` process: FIRMA_PDF_WORKERS, else one per core (1–4). */
    pdfWorkers: number;
  };
  /** Where blobs live: the data dir, or an S3 bucket (FIRMA_BLOB_STORE). */
  blobStore:
    | { kind: 'fs' }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint: string | null;
        forcePathStyle: boolean;
        prefix: string;
        /** From AWS_ACCESS_KEY_ID/SECRET/SESSION_TOKEN; null = the SDK's default provider chain. */
        credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
        multipartThresholdBytes: number;
        /** Local copies kept for `localPath`. */
        cacheBytes: number;
      };
  /**
   * Prometheus metrics: `port` serves GET /metrics on a listener of its own (null = none; in a
   * cluster the primary serves the nodes' aggregate there); `token` also serves it on the main port
   * behind `Authorization: Bearer <token>` (and is then required on the metrics port too).
   */
  metrics: { port: number | null; host: string; token: string | null };
  /** SIGTERM: how long in-flight requests and running jobs get before connections are cut and leases released. */
  shutdownTimeoutMs: number;
  /** Memory for rendered envelope views per process (validated against the database on each use); 0 = off. */
  cache: { viewBytes: number };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** auto: `pretty` when stdout is a terminal, `json` otherwise (infra/logger.ts decides). */
  logFormat: 'auto' | 'json' | 'pretty';
  /** Codes (so documents) one direct link may mail per rolling hour (FIRMA_DIRECT_LINK_USES_PER_HOUR). */
  directLinkUsesPerHour: number;
  /** Fastify's trustProxy (FIRMA_TRUST_PROXY): false, a hop count, or the proxies' addresses and CIDRs. */
  trustProxy: false | number | string[];
  /** /ready answers 503 STORAGE_FULL below this much free space where the data dir is (fs blobs, SQLite). */
  minFreeDiskBytes: number;
  /**
   * The periodic sweep removing blobs no row references (FIRMA_BLOB_GC_*): `intervalMs` 0 = never;
   * a blob is removed only once untouched for `graceMs`, so a write not yet committed keeps its blob.
   */
  blobGc: { intervalMs: number; graceMs: number };
}
