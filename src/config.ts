import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { Config } from './config-shape.js';

/**
 * The only reader of process.env. Parsed once at start; every invalid variable is reported
 * together and the process exits non-zero (see `loadConfig`). The rest of the code receives
 * the typed `Config` through `ctx.config`.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    FIRMA_DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v) || v.startsWith('sqlite:') || v === '', {
        message: 'must be a postgres:// URL, a sqlite:<path> URL, or unset for the embedded SQLite file',
      })
      .optional(),
    FIRMA_DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    FIRMA_DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    FIRMA_STORAGE_WAIT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    FIRMA_SQLITE_SYNC: z.enum(['full', 'normal']).default('full'),
    FIRMA_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
    FIRMA_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    FIRMA_SECRET_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
      .optional(),
    FIRMA_MAX_UPLOAD_MB: positiveInt.default(50),
    FIRMA_MAX_JSON_BODY_KB: positiveInt.default(1024),
    FIRMA_MAX_PAGES: positiveInt.default(2000),
    FIRMA_PDF_WORKERS: positiveInt.optional(),
    FIRMA_MAX_ITEMS_PER_ENVELOPE: positiveInt.default(20),
    FIRMA_MAX_RECIPIENTS_PER_ENVELOPE: positiveInt.default(100),
    FIRMA_MAX_FIELDS_PER_ENVELOPE: positiveInt.default(1000),
    FIRMA_SEAL_P12_PATH: z.string().min(1).optional(),
    FIRMA_SEAL_P12_PASSWORD: z.string().optional(),
    FIRMA_TSA_URL: z.url({ protocol: /^https?$/ }).optional(),
    FIRMA_TRUST_ANCHORS: z.string().min(1).optional(),
    FIRMA_REVOCATION_ALLOW_PRIVATE: booleanFromEnv.default(false),
    FIRMA_REVOCATION_TIMEOUT_MS: positiveInt.default(10_000),
    FIRMA_CSC_ALLOW_PRIVATE: booleanFromEnv.default(false),
    FIRMA_CSC_TIMEOUT_MS: positiveInt.default(10_000),
    FIRMA_CSC_CLIENT_SECRET: z.string().min(1).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    FIRMA_MAIL_FROM: z.string().min(3).default('Firma <no-reply@firma.localhost>'),
    FIRMA_MAIL_SENDER_FROM: z.enum(['reply-to', 'identity']).default('reply-to'),
    FIRMA_WEBHOOK_ALLOW_PRIVATE: booleanFromEnv.default(false),
    FIRMA_WEBHOOK_RETRY_BASE_MS: positiveInt.default(30_000),
    FIRMA_WEBHOOK_RETRY_MAX_ATTEMPTS: positiveInt.default(16),
    FIRMA_WEBHOOK_TIMEOUT_MS: positiveInt.default(10_000),
    FIRMA_WEBHOOK_CONCURRENCY: positiveInt.default(64),
    FIRMA_WEBHOOK_CONCURRENCY_PER_ENDPOINT: positiveInt.default(16),
    FIRMA_RATE_LIMIT_PER_MINUTE: positiveInt.default(1000),
    FIRMA_SIGNING_RATE_LIMIT_PER_MINUTE: positiveInt.default(300),
    FIRMA_DIRECT_LINK_RATE_LIMIT_PER_MINUTE: positiveInt.default(10),
    FIRMA_SIGN_IN_RATE_LIMIT_PER_MINUTE: positiveInt.default(30),
    FIRMA_SIGN_IN_ACCOUNT_RATE_LIMIT_PER_MINUTE: positiveInt.default(10),
    FIRMA_SIGN_IN_LOCKOUT_AFTER: positiveInt.max(1000).default(5),
    FIRMA_SIGN_IN_LOCKOUT_SECONDS: positiveInt.max(86_400).default(60),
    FIRMA_SESSION_IDLE_MINUTES: positiveInt.max(525_600).default(720),
    FIRMA_SESSION_MAX_HOURS: positiveInt.max(8760).default(168),
    FIRMA_OIDC_ISSUER: z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, 'must be the http(s) URL of an OpenID Connect issuer')
      .optional(),
    FIRMA_OIDC_CLIENT_ID: z.string().min(1).max(512).optional(),
    FIRMA_OIDC_CLIENT_SECRET: z.string().min(1).max(2048).optional(),
    FIRMA_OIDC_NAME: z.string().trim().min(1).max(60).default('Single sign-on'),
    FIRMA_OIDC_ALLOW_SIGN_UP: booleanFromEnv.default(false),
    FIRMA_RATE_LIMIT_FLUSH_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    FIRMA_REDIS_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - only, at most 64')
      .default('firma:'),
    FIRMA_CORS_ORIGINS: z.string().optional(),
    FIRMA_FRAME_ANCESTORS: z.string().default("'none'"),
    FIRMA_WORKER: z.enum(['embedded', 'off']).default('embedded'),
    FIRMA_JOB_POLL_MS: positiveInt.default(500),
    FIRMA_COMPLETION_SWEEP_MS: positiveInt.default(300_000),
    FIRMA_EXPIRY_SWEEP_MS: positiveInt.default(60_000),
    FIRMA_V1_UPLOAD_TTL_MINUTES: positiveInt.default(60),
    FIRMA_V1_DOWNLOAD_TTL_MINUTES: positiveInt.default(15),
    FIRMA_RECIPIENT_DOWNLOAD_DAYS: positiveInt.max(3650).default(30),
    FIRMA_COMPLETION_RETRY_FAILED_AFTER_MS: positiveInt.default(3_600_000),
    FIRMA_VIEW_CACHE_MB: z.coerce.number().int().min(0).max(65536).default(32),
    // Documenso's cap: a week.
    FIRMA_PRESIGN_MAX_MINUTES: positiveInt.default(10_080),
    // Unset: reminder intervals are calendar days, weeks and months.
    FIRMA_REMINDER_DAY_SECONDS: positiveInt.max(86_400).optional(),
    FIRMA_BLOB_STORE: z.enum(['fs', 's3']).default('fs'),
    FIRMA_S3_BUCKET: z.string().min(3).max(63).optional(),
    FIRMA_S3_REGION: z.string().min(1).default('us-east-1'),
    FIRMA_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    FIRMA_S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
    FIRMA_S3_PREFIX: z
      .string()
      .regex(/^[\w./-]{1,200}$/, 'letters, digits and _ . / - only, at most 200')
      .optional(),
    FIRMA_S3_MULTIPART_THRESHOLD_MB: positiveInt.default(16),
    FIRMA_S3_CACHE_MB: z.coerce.number().int().min(0).max(1_048_576).default(256),
    // The standard AWS variables; unset = the SDK's default provider chain (instance role, profile…).
    AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    AWS_SESSION_TOKEN: z.string().min(1).optional(),
    // Metrics: a port of their own (0 = any free port), and/or the main port with this bearer token.
    FIRMA_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    FIRMA_METRICS_HOST: z.string().min(1).optional(),
    FIRMA_METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,256}$/, 'must be 16 to 256 printable characters without spaces')
      .optional(),
    FIRMA_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // auto: human-readable lines on a terminal, JSON lines otherwise (a log collector, a file, a pipe).
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    // Codes mailed through one template's direct link, every node together, per rolling hour.
    FIRMA_DIRECT_LINK_USES_PER_HOUR: positiveInt.max(100_000).default(20),
    // Unset or off: X-Forwarded-For is ignored. A hop count (1) or a comma-separated list of proxy addresses/CIDRs.
    FIRMA_TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, issue) => parseTrustProxy(v, issue)),
    FIRMA_MIN_FREE_DISK_MB: z.coerce.number().int().min(0).max(10_000_000).default(64),
    // Blob garbage collection: every N minutes (0: never, `firma blobs gc` still works), removing
    // blobs no row names once untouched this long (longer than any write takes to commit).
    FIRMA_BLOB_GC_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(525_600).default(60),
    FIRMA_BLOB_GC_GRACE_MINUTES: z.coerce.number().int().min(0).max(525_600).default(60),
  })
  .refine((e) => e.FIRMA_WEBHOOK_CONCURRENCY_PER_ENDPOINT * 2 <= e.FIRMA_WEBHOOK_CONCURRENCY, {
    // Otherwise a few hanging receivers could hold every slot and delay the healthy endpoints.
    path: ['FIRMA_WEBHOOK_CONCURRENCY_PER_ENDPOINT'],
    message: 'must be at most half of FIRMA_WEBHOOK_CONCURRENCY, so one endpoint never holds every slot',
  })
  .refine((e) => e.FIRMA_BLOB_STORE !== 's3' || e.FIRMA_S3_BUCKET !== undefined, {
    path: ['FIRMA_S3_BUCKET'],
    message: 'is required when FIRMA_BLOB_STORE=s3',
  })
  .refine((e) => (e.AWS_ACCESS_KEY_ID === undefined) === (e.AWS_SECRET_ACCESS_KEY === undefined), {
    path: ['AWS_SECRET_ACCESS_KEY'],
    message: 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together or not at all',
  });

export type Env = z.input<typeof EnvSchema>;

export type { Config } from './config-shape.js';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Loads `.env` from the working directory into the environment with Node's own parser, which sets
 * only variables not already set: the real environment wins over the file. No file is no error.
 * Only the CLI calls it, before `parseConfig`; tests and embedders pass their own environment.
 * @throws ConfigError when the file exists but cannot be read
 */
export function loadDotEnv(path = '.env'): void {
  try {
    process.loadEnvFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new ConfigError([`${path}: ${(error as Error).message}`]);
  }
}

/** Parses an environment (process.env by default); throws ConfigError listing every problem. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  const dataDir = resolve(e.FIRMA_DATA_DIR);
  const database: Config['database'] =
    e.DATABASE_URL && /^postgres/.test(e.DATABASE_URL)
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.FIRMA_DATABASE_POOL_SIZE }
      : {
          kind: 'sqlite',
          path: e.DATABASE_URL ? resolve(e.DATABASE_URL.slice('sqlite:'.length)) : resolve(dataDir, 'firma.db'),
          synchronous: e.FIRMA_SQLITE_SYNC,
        };
  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  const publicUrl = (
    e.FIRMA_PUBLIC_URL ?? `http://${displayHost.includes(':') ? `[${displayHost}]` : displayHost}:${e.PORT}`
  ).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    databaseWaitMs: e.FIRMA_DATABASE_WAIT_SECONDS * 1000,
    storageWaitMs: e.FIRMA_STORAGE_WAIT_SECONDS * 1000,
    environment: e.FIRMA_ENVIRONMENT,
    publicUrl,
    secretKey: e.FIRMA_SECRET_KEY ? Buffer.from(e.FIRMA_SECRET_KEY, 'hex') : null,
    limits: {
      uploadBytes: e.FIRMA_MAX_UPLOAD_MB * 1024 * 1024,
      jsonBodyBytes: e.FIRMA_MAX_JSON_BODY_KB * 1024,
      pagesPerDocument: e.FIRMA_MAX_PAGES,
      itemsPerEnvelope: e.FIRMA_MAX_ITEMS_PER_ENVELOPE,
      recipientsPerEnvelope: e.FIRMA_MAX_RECIPIENTS_PER_ENVELOPE,
      fieldsPerEnvelope: e.FIRMA_MAX_FIELDS_PER_ENVELOPE,
    },
    // One core stays with the event loop that answers requests: PDF threads busy on every core
    // delayed /health by ~100 ms under a decompression bomb on a 2-core machine.
    pdfWorkers: e.FIRMA_PDF_WORKERS ?? Math.max(1, Math.min(4, availableParallelism() - 1)),
    seal: {
      p12Path: e.FIRMA_SEAL_P12_PATH ?? null,
      p12Password: e.FIRMA_SEAL_P12_PASSWORD ?? '',
      tsaUrl: e.FIRMA_TSA_URL ?? null,
    },
    digital: {
      trustAnchorsPath: e.FIRMA_TRUST_ANCHORS ?? null,
      revocationAllowPrivate: e.FIRMA_REVOCATION_ALLOW_PRIVATE,
      revocationTimeoutMs: e.FIRMA_REVOCATION_TIMEOUT_MS,
    },
    csc: {
      allowPrivate: e.FIRMA_CSC_ALLOW_PRIVATE,
      timeoutMs: e.FIRMA_CSC_TIMEOUT_MS,
      clientSecretForCli: e.FIRMA_CSC_CLIENT_SECRET ?? null,
    },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.FIRMA_MAIL_FROM, senderFrom: e.FIRMA_MAIL_SENDER_FROM },
    webhooks: {
      allowPrivate: e.FIRMA_WEBHOOK_ALLOW_PRIVATE,
      retryBaseMs: e.FIRMA_WEBHOOK_RETRY_BASE_MS,
      retryMaxAttempts: e.FIRMA_WEBHOOK_RETRY_MAX_ATTEMPTS,
      timeoutMs: e.FIRMA_WEBHOOK_TIMEOUT_MS,
      concurrency: e.FIRMA_WEBHOOK_CONCURRENCY,
      concurrencyPerEndpoint: e.FIRMA_WEBHOOK_CONCURRENCY_PER_ENDPOINT,
    },
    rateLimit: {
      perMinute: e.FIRMA_RATE_LIMIT_PER_MINUTE,
      signingPerMinute: e.FIRMA_SIGNING_RATE_LIMIT_PER_MINUTE,
      flushMs: e.FIRMA_RATE_LIMIT_FLUSH_MS,
      directLinkUsesPerMinute: e.FIRMA_DIRECT_LINK_RATE_LIMIT_PER_MINUTE,
    },
    accounts: {
      signInPerMinute: e.FIRMA_SIGN_IN_RATE_LIMIT_PER_MINUTE,
      signInPerAccountPerMinute: e.FIRMA_SIGN_IN_ACCOUNT_RATE_LIMIT_PER_MINUTE,
      lockoutAfter: e.FIRMA_SIGN_IN_LOCKOUT_AFTER,
      lockoutBaseMs: e.FIRMA_SIGN_IN_LOCKOUT_SECONDS * 1000,
      sessionIdleMs: e.FIRMA_SESSION_IDLE_MINUTES * 60_000,
      sessionMaxMs: e.FIRMA_SESSION_MAX_HOURS * 3_600_000,
    },
    oidc: oidcConfig(e),
    redis: { url: e.REDIS_URL ?? null, prefix: e.FIRMA_REDIS_PREFIX },
    v1: { uploadTtlMinutes: e.FIRMA_V1_UPLOAD_TTL_MINUTES, downloadTtlMinutes: e.FIRMA_V1_DOWNLOAD_TTL_MINUTES },
    presign: { maxMinutes: e.FIRMA_PRESIGN_MAX_MINUTES },
    recipientDownload: { days: e.FIRMA_RECIPIENT_DOWNLOAD_DAYS },
    reminders: { dayMs: e.FIRMA_REMINDER_DAY_SECONDS ? e.FIRMA_REMINDER_DAY_SECONDS * 1000 : null },
    http: {
      corsOrigins: (e.FIRMA_CORS_ORIGINS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      frameAncestors: e.FIRMA_FRAME_ANCESTORS,
    },
    worker: {
      mode: e.FIRMA_WORKER,
      pollMs: e.FIRMA_JOB_POLL_MS,
      completionSweepMs: e.FIRMA_COMPLETION_SWEEP_MS,
      expirySweepMs: e.FIRMA_EXPIRY_SWEEP_MS,
      completionRetryFailedAfterMs: e.FIRMA_COMPLETION_RETRY_FAILED_AFTER_MS,
      // A worker process answers no requests: its event loop only claims, reads and stores, so
      // every core can render and seal.
      pdfWorkers: e.FIRMA_PDF_WORKERS ?? Math.max(1, Math.min(4, availableParallelism())),
    },
    blobStore: blobStoreConfig(e),
    cache: { viewBytes: e.FIRMA_VIEW_CACHE_MB * 1024 * 1024 },
    metrics: {
      port: e.FIRMA_METRICS_PORT ?? null,
      host: e.FIRMA_METRICS_HOST ?? e.HOST,
      token: e.FIRMA_METRICS_TOKEN ?? null,
    },
    shutdownTimeoutMs: e.FIRMA_SHUTDOWN_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    directLinkUsesPerHour: e.FIRMA_DIRECT_LINK_USES_PER_HOUR,
    trustProxy: e.FIRMA_TRUST_PROXY,
    minFreeDiskBytes: e.FIRMA_MIN_FREE_DISK_MB * 1024 * 1024,
    blobGc: { intervalMs: e.FIRMA_BLOB_GC_INTERVAL_MINUTES * 60_000, graceMs: e.FIRMA_BLOB_GC_GRACE_MINUTES * 60_000 },
  };
}

/**
 * FIRMA_TRUST_PROXY: off unless set, since trusting X-Forwarded-For from anyone lets every client
 * choose the address its per-IP limits and audit entries see. `true` (trust every hop) is refused
 * for the same reason: name the hop count or the proxies.
 */
function parseTrustProxy(value: string | undefined, issue: z.RefinementCtx): false | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === 'off' || v === '0') return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = v.split(',').map((s) => s.trim());
  const bad = entries.filter((s) => !isAddressOrCidr(s));
  if (bad.length === 0) return entries;
  issue.addIssue({
    code: 'custom',
    message: 'must be off, a hop count (e.g. 1) or a comma-separated list of IP addresses or CIDRs (e.g. 10.0.0.0/8)',
  });
  return z.NEVER;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function blobStoreConfig(e: z.output<typeof EnvSchema>): Config['blobStore'] {
  if (e.FIRMA_BLOB_STORE === 'fs') return { kind: 'fs' };
  return {
    kind: 's3',
    bucket: e.FIRMA_S3_BUCKET!,
    region: e.FIRMA_S3_REGION,
    endpoint: e.FIRMA_S3_ENDPOINT ?? null,
    forcePathStyle: e.FIRMA_S3_FORCE_PATH_STYLE,
    prefix: e.FIRMA_S3_PREFIX ?? '',
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
          }
        : null,
    multipartThresholdBytes: e.FIRMA_S3_MULTIPART_THRESHOLD_MB * 1024 * 1024,
    cacheBytes: e.FIRMA_S3_CACHE_MB * 1024 * 1024,
  };
}

function oidcConfig(e: {
  FIRMA_OIDC_ISSUER?: string | undefined;
  FIRMA_OIDC_CLIENT_ID?: string | undefined;
  FIRMA_OIDC_CLIENT_SECRET?: string | undefined;
  FIRMA_OIDC_NAME: string;
  FIRMA_OIDC_ALLOW_SIGN_UP: boolean;
}): Config['oidc'] {
  if (!e.FIRMA_OIDC_ISSUER) return null;
  if (!e.FIRMA_OIDC_CLIENT_ID) throw new Error('FIRMA_OIDC_ISSUER is set: set FIRMA_OIDC_CLIENT_ID too');
  return {
    issuer: e.FIRMA_OIDC_ISSUER,
    clientId: e.FIRMA_OIDC_CLIENT_ID,
    clientSecret: e.FIRMA_OIDC_CLIENT_SECRET ?? null,
    name: e.FIRMA_OIDC_NAME,
    allowSignUp: e.FIRMA_OIDC_ALLOW_SIGN_UP,
  };
}
