import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { parseConfig } from '../../src/config.js';
import { createApiToken } from '../../src/domain/auth/create-api-token.js';
import type { Ctx } from '../../src/domain/context.js';
import { createPlatform } from '../../src/domain/platforms/create-platform.js';
import type { JobRunner } from '../../src/infra/jobs/job-runner.js';
import { closeContext, createContext } from '../../src/context.js';
import { createWorker } from '../../src/server.js';
import { HttpClient } from './http-client.js';
import { copySqliteTemplate } from './sqlite-template.js';
import { createLogger } from '../../src/infra/logger.js';
import { PdfWorkers } from '../../src/infra/pdf/sandbox/pdf-workers.js';
import { inflateBudgetBytes } from '../../src/infra/pdf/pdf-limits.js';
import type { Config } from '../../src/config.js';

export type TestDatabase = 'sqlite' | 'postgres';

/** A pool the test servers of one process share, which their `closeContext` leaves running. */
class SharedPdfWorkers extends PdfWorkers {
  override close(): Promise<void> {
    return Promise.resolve();
  }
}

const sharedPdfWorkers = new Map<string, SharedPdfWorkers>();

/**
 * The PDF threads of the servers of this process with the same pool settings: warming a pool's
 * threads up (pdf-lib, pdf.js, the fonts) cost each server a second or more of CPU, and files
 * share a process (scripts/run-tests.mjs). Idle threads are unref'd: they keep no process alive.
 */
function sharedPdfPool(config: Config): PdfWorkers {
  const options = { size: config.pdfWorkers, inflateBudgetBytes: inflateBudgetBytes(config.limits.uploadBytes) };
  const key = JSON.stringify(options);
  let pool = sharedPdfWorkers.get(key);
  if (!pool) sharedPdfWorkers.set(key, (pool = new SharedPdfWorkers(options)));
  return pool;
}

/** SQLite always; PostgreSQL too when FIRMA_TEST_DATABASE_URL is set (CI sets it). */
export function testDatabases(): TestDatabase[] {
  return process.env.FIRMA_TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * The blob stores a test that runs on each store covers: the data dir always, an S3-protocol
 * server (started by the test) when FIRMA_TEST_S3=1, as CI sets.
 */
export function testBlobStores(): ('fs' | 's3')[] {
  return process.env.FIRMA_TEST_S3 === '1' ? ['fs', 's3'] : ['fs'];
}

/** Redis for the tests that need one (FIRMA_TEST_REDIS_URL, set by CI); undefined = those tests skip. */
export function testRedisUrl(): string | undefined {
  return process.env.FIRMA_TEST_REDIS_URL || undefined;
}

export interface TestServer {
  url: string;
  ctx: Ctx;
  app: FastifyInstance;
  dataDir: string;
  /** The embedded job worker (started unless `worker: false`). */
  worker: JobRunner;
  /** A client holding a full-scope token of the platform `default`. */
  api: HttpClient;
  /** A client without any token. */
  anon: HttpClient;
  /** A new platform with its own token: for isolation tests. */
  newPlatform(name?: string, scope?: 'read' | 'full'): Promise<HttpClient & { platformName: string }>;
  /** The server's log lines, when started with `captureLogs`. */
  logs: string[];
  close(): Promise<void>;
}

export interface TestServerOptions {
  database: TestDatabase;
  env?: Record<string, string>;
  /** false: the worker is built but not started; tests call `worker.drain()` themselves. */
  worker?: boolean;
  /** Keep every log line the server writes in `server.logs` (for private-data assertions). */
  captureLogs?: boolean;
  /** Runs on the app before it listens (e.g. to add a route that throws). */
  configure?: (app: FastifyInstance) => void | Promise<void>;
}

/**
 * Starts the real application on 127.0.0.1 with a free port, over a fresh database: a SQLite file
 * in a temp data dir (a copy of a migrated one: sqlite-template.ts), or a fresh PostgreSQL schema
 * that is dropped on close.
 */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-test-'));
  const pgSchema = options.database === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const pgUrl = process.env.FIRMA_TEST_DATABASE_URL;
  if (options.database === 'postgres' && !pgUrl) throw new Error('FIRMA_TEST_DATABASE_URL is not set');
  const config = parseConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    FIRMA_DATA_DIR: dataDir,
    LOG_LEVEL: process.env.FIRMA_TEST_LOG_LEVEL ?? 'silent',
    FIRMA_WEBHOOK_ALLOW_PRIVATE: 'true',
    // Tests make many calls from one address; the rate-limit tests set their own limits.
    FIRMA_RATE_LIMIT_PER_MINUTE: '1000000',
    FIRMA_SIGNING_RATE_LIMIT_PER_MINUTE: '1000000',
    FIRMA_SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000000',
    FIRMA_SIGN_IN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000',
    // A test server's data dies with it: an fsync per commit (the production default, for power
    // cuts) made migrating and writing 3–10× slower here and bought nothing.
    FIRMA_SQLITE_SYNC: 'normal',
    ...(options.database === 'postgres' ? { DATABASE_URL: pgUrl } : {}),
    ...options.env,
  });
  // The embedded SQLite file under the generated key starts as a copy of a migrated one.
  if (config.database.kind === 'sqlite' && config.database.path === join(dataDir, 'firma.db') && !config.secretKey)
    await copySqliteTemplate(dataDir);
  const logs: string[] = [];
  const log = options.captureLogs
    ? createLogger(config.logLevel, { write: (line: string) => void logs.push(line) })
    : undefined;
  const ctx = await createContext(config, {
    pdf: sharedPdfPool(config),
    ...(pgSchema ? { database: { pgSchema, poolSize: 5 } } : {}),
    ...(log ? { log } : {}),
  });
  const worker = createWorker(ctx);
  const app = await buildApp(ctx);
  await options.configure?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  // The public URL is only known once listening; links handed out must point at this server.
  ctx.config.publicUrl = url;
  if (options.worker !== false) worker.start();

  await createPlatform(ctx, { name: 'default' });
  const { token } = await createApiToken(ctx, { platformName: 'default', scope: 'full' });

  let counter = 0;
  return {
    url,
    ctx,
    app,
    dataDir,
    worker,
    logs,
    api: new HttpClient(url, token),
    anon: new HttpClient(url, null),
    async newPlatform(name?: string, scope: 'read' | 'full' = 'full') {
      // Letters only after the counter: mails name the platform, and tests read a mailed code as the
      // mail's six-digit number (a hex suffix is all digits one time in sixteen).
      const suffix = randomBytes(3)
        .toString('hex')
        .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!);
      const platformName = name ?? `platform-${++counter}-${suffix}`;
      await createPlatform(ctx, { name: platformName }).catch(() => undefined);
      const created = await createApiToken(ctx, { platformName, scope });
      return Object.assign(new HttpClient(url, created.token), { platformName });
    },
    async close() {
      // The tests are done with this server: every connection goes now. Fastify closes the idle
      // ones, but a kept-alive socket it does not see as idle then held the close until its
      // 72 s keep-alive timeout (seen in a shared process after the account tests). The graceful
      // drain has tests of its own, against real processes (test/cluster).
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await worker.stop();
      await closeContext(ctx);
      if (pgSchema && pgUrl) {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`drop schema if exists ${pgSchema} cascade`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Rows in one table of the test server's database: for "nothing was created" assertions. */
export async function countRows(
  server: Pick<TestServer, 'ctx'>,
  table: 'envelope' | 'envelopeItem' | 'directLinkChallenge',
): Promise<number> {
  const row = await server.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
