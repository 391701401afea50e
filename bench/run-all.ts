/**
 * `npm run bench`: every benchmark in one run, each figure beside a reference measured in the same
 * run (a bare Fastify server, the hash+sign floor), so a noisy machine still gives meaningful
 * ratios. Prints a report and writes bench/results/latest.json. About 6–8 minutes on 2 cores;
 * BENCH_QUICK=1 skips the million-envelope listing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBlobStoreBench } from './blob-store.bench.js';
import { runBulkSendBench } from './bulk-send.bench.js';
import { runCompletionBench } from './completion.bench.js';
import { runEnvelopeFindBench } from './envelope-find.bench.js';
import { runEvidenceLargeBench } from './evidence-large.bench.js';
import { runFlowBench } from './flow.bench.js';
import { runHostileFilesBench } from './hostile-files.bench.js';
import { runJsonDepthBench } from './json-depth.bench.js';
import { runHostileCsvBench } from './hostile-csv.bench.js';
import { runHttpBench } from './http.bench.js';
import { runHttpPgBench } from './http-pg.bench.js';
import { runRenderBench } from './render.bench.js';
import { runSealBench } from './seal.bench.js';
import { runWebhookDrainBench } from './webhook-drain.bench.js';

const RESULTS = join(dirname(fileURLToPath(import.meta.url)), 'results', 'latest.json');
const started = Date.now();
const section = (title: string) => console.log(`\n== ${title}`);

section('HTTP: GET document and create, beside a bare Fastify hello-world');
const http = await runHttpBench();
section(
  'HTTP on PostgreSQL: GET document beside bare Fastify + one primary-key SELECT over pg (FIRMA_TEST_DATABASE_URL)',
);
const httpPostgres = await runHttpPgBench();
section('Create with the blobs in the data dir and in an S3 bucket (s3rver on 127.0.0.1)');
const blobStore = await runBlobStoreBench();
section(
  "Sealing per page count, beside the SHA-256 + RSA-2048 floor and Documenso's and OpenSign's sealing of the same PDFs",
);
const seal = await runSealBench({ pageCounts: [1, 10, 100, 500], reps: 10, large: true });
section('Burn-in (rendering fields) per page count');
const render = await runRenderBench([1, 10, 100, 500]);
for (const r of render) console.log(`${String(r.pages).padStart(4)} pages: median ${r.medianMs.toFixed(1)} ms`);
section('Evidence of a large envelope (50 recipients, 500 events): certificate and audit pages, CPU');
const evidenceLarge = await runEvidenceLargeBench();
section('Completion throughput: signed 1-page 2-signer documents completed by one `firma worker`, beside the floor');
const completion = await runCompletionBench();
section('Full flows end to end, and server memory');
const flow = await runFlowBench();
section('GET /envelope with many envelopes');
const find = await runEnvelopeFindBench(process.env.BENCH_QUICK ? [10_000] : [10_000, 1_000_000]);
section('Webhook backlog: 10,000 deliveries to one local receiver (SQLite; PostgreSQL with FIRMA_TEST_DATABASE_URL)');
const webhookDrain = await runWebhookDrainBench();

section('Bulk send: one template, 10,000 CSV rows, each a document made and sent');
const bulkSend = await runBulkSendBench(process.env.BENCH_QUICK ? 1000 : 10_000);

section('Hostile files: /health while decompression bombs are refused');
const hostileFiles = await runHostileFilesBench();

section('Deep JSON: /health while bodies nested up to the body limit are refused');
const jsonDepth = await runJsonDepthBench();

section('Hostile CSVs: /health and server RSS while bulk-send CSVs over the caps are refused');
const hostileCsv = await runHostileCsvBench();

const report = {
  measuredAt: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  minutes: Math.round(((Date.now() - started) / 60_000) * 10) / 10,
  http,
  httpPostgres,
  blobStore,
  seal,
  render,
  evidenceLarge,
  completion,
  flow,
  bulkSend,
  envelopeFind: find,
  webhookDrain,
  hostileFiles,
  jsonDepth,
  hostileCsv,
};
mkdirSync(dirname(RESULTS), { recursive: true });
writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nwritten to ${RESULTS} (${report.minutes} min)`);
