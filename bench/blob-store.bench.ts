/**
 * Document create per second with the blobs in a data dir (fs) and in an S3 bucket:
 * `npx tsx bench/blob-store.bench.ts` (also part of `npm run bench`).
 *
 * Starts s3rver (a real S3-protocol server, in its own process, on 127.0.0.1) and `firma serve`
 * (compiled dist/, each with its own fresh data dir) once per configuration: SQLite + fs,
 * SQLite + S3, and with FIRMA_TEST_DATABASE_URL also PostgreSQL + S3 (a fresh database). The
 * configurations take turns, round after round (BENCH_ROUNDS of BENCH_DURATION_S seconds), so each
 * S3 figure sits beside the SQLite + fs one of the same minute; the median round is reported.
 * s3rver writes each object to disk, as a remote store would acknowledge only once it is stored,
 * and shares the machine's two cores with the server and the load generator.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshPostgresDatabase } from './postgres-database.js';
import { startS3Server } from '../test/helpers/s3-server.js';
import { load, makePdf, multipart, startFirma, stop, TYPICAL_PAYLOAD, type HttpBenchRow } from './http.bench.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_PATH = join(ROOT, 'bench', 'results', 'blob-store.json');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export interface BlobStoreBenchRow extends HttpBenchRow {
  database: 'sqlite' | 'postgres';
  blobStore: 'fs' | 's3';
}

export async function runBlobStoreBench(log: (line: string) => void = console.log): Promise<BlobStoreBenchRow[]> {
  const s3 = await startS3Server('firma-bench');
  const configs: { database: 'sqlite' | 'postgres'; blobStore: 'fs' | 's3' }[] = [
    { database: 'sqlite', blobStore: 'fs' },
    { database: 'sqlite', blobStore: 's3' },
  ];
  if (process.env.FIRMA_TEST_DATABASE_URL) configs.push({ database: 'postgres', blobStore: 's3' });
  else log('postgres + s3: skipped (set FIRMA_TEST_DATABASE_URL)');
  const started: {
    config: (typeof configs)[number];
    server: Awaited<ReturnType<typeof startFirma>>;
    dataDir: string;
    drop?: () => Promise<void>;
  }[] = [];
  const onePage = multipart(TYPICAL_PAYLOAD, await makePdf(1));
  try {
    for (const config of configs) {
      const dataDir = mkdtempSync(join(tmpdir(), 'firma-bench-blobs-'));
      const fresh = config.database === 'postgres' ? await freshPostgresDatabase('firma_blobs') : undefined;
      const env = {
        ...(config.blobStore === 's3' ? { ...s3.env, FIRMA_S3_PREFIX: `${config.database}/` } : {}),
        ...(fresh ? { DATABASE_URL: fresh.url } : {}),
      };
      const server = await startFirma(dataDir, undefined, env);
      started.push({ config, server, dataDir, ...(fresh ? { drop: fresh.drop } : {}) });
    }
    const create = (s: (typeof started)[number]) =>
      load(`${s.server.url}/api/v2/document/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.server.token}`, 'content-type': onePage.contentType },
        body: onePage.body,
      });
    for (const s of started) await create(s); // warm up (JIT, pools, the bucket's first writes)
    const rounds = started.map(() => [] as Awaited<ReturnType<typeof load>>[]);
    for (let i = 0; i < ROUNDS; i++) {
      const line: string[] = [];
      for (const [n, s] of started.entries()) {
        const run = await create(s);
        rounds[n]!.push(run);
        line.push(`${s.config.database}+${s.config.blobStore} ${run.requestsPerSecond}/s`);
      }
      log(`  round ${i + 1}: ${line.join(', ')}`);
    }
    const medians = rounds.map(
      (r) => [...r].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[(r.length - 1) >> 1]!,
    );
    const reference = medians[0]!.requestsPerSecond;
    const rows = started.map((s, n): BlobStoreBenchRow => {
      const median = medians[n]!;
      const clean = rounds[n]!.every((r) => r.errors === 0 && r.non2xx === 0);
      const row: BlobStoreBenchRow = {
        name: `POST /document/create (1 page), ${s.config.database} + ${s.config.blobStore}`,
        database: s.config.database,
        blobStore: s.config.blobStore,
        ...median,
        reference: 'sqlite + fs in the same rounds (median)',
        ratioToReference: Math.round((median.requestsPerSecond / reference) * 100) / 100,
      };
      if (s.config.database === 'postgres') {
        // Issue #21's target for PostgreSQL + S3.
        row.target = '≥ 300/s';
        row.meetsTarget = median.requestsPerSecond >= 300 && clean;
      }
      return row;
    });
    for (const r of rows) {
      log(
        `${r.name.padEnd(52)} ${String(r.requestsPerSecond).padStart(6)}/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  ×sqlite+fs ${r.ratioToReference}` +
          (r.target ? `  target ${r.target}: ${r.meetsTarget ? 'met' : 'NOT met'}` : '') +
          (r.errors || r.non2xx ? `  errors ${r.errors} non2xx ${r.non2xx}` : ''),
      );
    }
    return rows;
  } finally {
    for (const s of started) {
      await stop(s.server);
      await s.drop?.();
      rmSync(s.dataDir, { recursive: true, force: true });
    }
    await s3.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = await runBlobStoreBench();
  mkdirSync(dirname(RESULTS_PATH), { recursive: true });
  writeFileSync(RESULTS_PATH, JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2) + '\n');
}
