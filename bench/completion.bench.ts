/**
 * Completion throughput: `npx tsx bench/completion.bench.ts` (also part of `npm run bench`).
 *
 * N fully signed 1-page, 2-signer documents (a typed signature each) are prepared through the API
 * of a `firma serve` that runs no worker (FIRMA_WORKER=off), so their completion jobs wait in the
 * queue; the server is then stopped and one `firma worker` process (compiled dist/, default
 * settings) is started on the same database and data dir. The clock runs from the worker's
 * "running" line until the database shows every document COMPLETED: each one rendered, its audit
 * pages appended, sealed, its certificate rendered and sealed, all stored and committed.
 *
 * Beside it, in the same run: the CPU the worker process spent (all its threads, from /proc), and
 * the floor, what a completion cannot avoid: two SHA-256 + RSA-2048 signatures (the document's
 * seal and the certificate's), measured in this process and scaled to the machine's cores.
 * SQLite always; PostgreSQL too when FIRMA_TEST_DATABASE_URL is set (a fresh database).
 * BENCH_COMPLETIONS=n sets N (default 120); BENCH_CPU_PROF=<dir> runs the worker with --cpu-prof.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { buildOnce, makePdf, multipart, startFirma, startProcess, stop } from './http.bench.js';
import { freshPostgresDatabase } from './postgres-database.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_PATH = join(ROOT, 'bench', 'results', 'completion.json');
const SEED_IN_FLIGHT = 8;

export interface CompletionBenchRow {
  database: 'sqlite' | 'postgres';
  documents: number;
  seconds: number;
  documentsPerSecond: number;
  /** CPU time of the worker process (main thread and PDF threads) per document. */
  cpuMsPerDocument: number;
  /** CPU seconds per wall second while completing: how many cores the worker kept busy. */
  coresUsed: number;
  /** The rate the worker's CPU per document allows on this machine's cores when it has them to itself. */
  cpuBoundDocumentsPerSecond: number;
  /** Two SHA-256 + RSA-2048 signatures per document, on every core: the rate no completion can pass. */
  floorDocumentsPerSecond: number;
  ratioToFloor: number;
  loadAverage: number[];
  target: string;
  meetsTarget: boolean;
}

const PAYLOAD = {
  title: 'Completion bench',
  recipients: ['20000000028', '27000000014'].map((cuil, n) => ({
    email: `signer${n}@example.com`,
    name: `Signer ${n}`,
    role: 'SIGNER',
    cuil,
    fields: [{ type: 'SIGNATURE', pageNumber: 1, pageX: 10 + n * 45, pageY: 80, width: 30, height: 6 }],
  })),
};

async function json(res: Response): Promise<any> {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Creates, sends and signs one document; its completion job is then queued for a worker. */
async function signedDocument(base: string, token: string, body: { body: Buffer; contentType: string }) {
  const auth = { authorization: `Bearer ${token}` };
  const created = await json(
    await fetch(`${base}/api/v2/document/create`, {
      method: 'POST',
      headers: { ...auth, 'content-type': body.contentType },
      body: new Uint8Array(body.body),
    }),
  );
  const sent = await json(
    await fetch(`${base}/api/v2/document/distribute`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ documentId: created.id, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true }),
    }),
  );
  for (const r of sent.recipients as { signingUrl: string; name: string }[]) {
    const api = `${base}/api/v2/signing/${r.signingUrl.split('/sign/')[1]}`;
    const view = await json(await fetch(api));
    for (const f of view.fields as { id: number }[])
      await json(
        await fetch(`${api}/field/${f.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ signature: { type: 'typed', text: view.recipient.name } }),
        }),
      );
    await json(
      await fetch(`${api}/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ consent: { accepted: true, version: view.consent.version } }),
      }),
    );
  }
}

/** utime + stime of a process and all its threads, in ms (Linux). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (1-based), counted after the command name: indexes 11 and 12.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** CPU ms per thread (Linux): the main thread's, and each other's (PDF threads, libuv's pool, V8's helpers). */
function threadCpuMs(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = tid === String(pid) ? 'main' : tid;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      out.set(name, (out.get(name) ?? 0) + ms);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

/** Documents per second at the floor: per document two hash + sign over a final-sized PDF, on every core. */
function floorRate(): number {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const bytes = randomBytes(40_000);
  const once = () => sign('sha256', createHash('sha256').update(bytes).digest(), privateKey);
  for (let i = 0; i < 20; i++) once();
  const rounds = 200;
  const start = performance.now();
  for (let i = 0; i < rounds; i++) once();
  const msPerSignature = (performance.now() - start) / rounds;
  return (availableParallelism() * 1000) / (2 * msPerSignature);
}

interface Counter {
  completed(): Promise<{ completed: number; failedJobs: number }>;
  close(): Promise<void>;
}

function sqliteCounter(path: string): Counter {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  const completed = db.prepare(`select count(*) as n from envelope where status = 'COMPLETED'`);
  const failed = db.prepare(`select count(*) as n from job where status = 'failed'`);
  return {
    completed: () =>
      Promise.resolve({
        completed: (completed.get() as { n: number }).n,
        failedJobs: (failed.get() as { n: number }).n,
      }),
    close: () => Promise.resolve(void db.close()),
  };
}

async function postgresCounter(url: string): Promise<Counter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async completed() {
      const { rows } = await client.query<{ completed: string; failed: string }>(
        `select (select count(*) from envelope where status = 'COMPLETED') as completed,
                (select count(*) from job where status = 'failed') as failed`,
      );
      return { completed: Number(rows[0]!.completed), failedJobs: Number(rows[0]!.failed) };
    },
    close: () => client.end(),
  };
}

async function runOne(
  database: 'sqlite' | 'postgres',
  documents: number,
  floor: number,
  log: (line: string) => void,
): Promise<CompletionBenchRow> {
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-completion-bench-'));
  const pgDb = database === 'postgres' ? await freshPostgresDatabase('firma_completion_bench') : null;
  const dbEnv: Record<string, string> = pgDb ? { DATABASE_URL: pgDb.url } : {};
  try {
    const server = await startFirma(dataDir, undefined, { FIRMA_WORKER: 'off', ...dbEnv });
    try {
      const body = multipart(PAYLOAD, await makePdf(1));
      let next = 0;
      await Promise.all(
        Array.from({ length: SEED_IN_FLIGHT }, async () => {
          while (next < documents) {
            next++;
            await signedDocument(server.url, server.token, body);
          }
        }),
      );
    } finally {
      await stop(server);
    }

    const counter = pgDb ? await postgresCounter(pgDb.url) : sqliteCounter(join(dataDir, 'firma.db'));
    const profileDir = process.env.BENCH_CPU_PROF;
    const worker = await startProcess(
      [
        ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
        join(ROOT, 'dist', 'cli', 'main.js'),
        'worker',
      ],
      { FIRMA_DATA_DIR: dataDir, LOG_LEVEL: 'warn', FIRMA_JOB_POLL_MS: '100', ...dbEnv },
      /Firma worker (\S+) is running/,
    );
    const pid = worker.child.pid!;
    const started = performance.now();
    const cpuBefore = cpuMs(pid);
    let state = await counter.completed();
    let cpuAfter = cpuBefore;
    let threads = threadCpuMs(pid);
    try {
      const deadline = started + 600_000;
      while (state.completed < documents) {
        if (performance.now() > deadline) throw new Error(`only ${state.completed} of ${documents} completed`);
        if (state.failedJobs > 0) throw new Error(`${state.failedJobs} jobs failed:\n${worker.output()}`);
        await new Promise((r) => setTimeout(r, 20));
        cpuAfter = cpuMs(pid);
        threads = threadCpuMs(pid);
        state = await counter.completed();
      }
    } finally {
      await counter.close();
      worker.child.kill('SIGTERM');
      await new Promise((r) => worker.child.once('exit', r));
    }
    const seconds = (performance.now() - started) / 1000;
    const documentsPerSecond = documents / seconds;
    const cpu = cpuAfter - cpuBefore;
    log(
      `worker CPU ms by thread: ${[...threads]
        .filter(([, ms]) => ms >= 100)
        .map(([name, ms]) => `${name} ${Math.round(ms)}`)
        .join(', ')}`,
    );
    const row: CompletionBenchRow = {
      database,
      documents,
      seconds: round(seconds, 2),
      documentsPerSecond: round(documentsPerSecond, 1),
      cpuMsPerDocument: round(cpu / documents, 1),
      coresUsed: round(cpu / 1000 / seconds, 2),
      cpuBoundDocumentsPerSecond: round((availableParallelism() * 1000 * documents) / cpu, 1),
      floorDocumentsPerSecond: Math.round(floor),
      ratioToFloor: round(documentsPerSecond / floor, 3),
      loadAverage: loadavg().map((l) => round(l, 1)),
      target: '≥ 20 documents/s on 2 cores (issue #21)',
      meetsTarget: documentsPerSecond >= 20,
    };
    log(
      `${database.padEnd(8)} ${documents} completions in ${row.seconds} s: ${row.documentsPerSecond} documents/s, ` +
        `${row.cpuMsPerDocument} CPU ms per document (${row.cpuBoundDocumentsPerSecond}/s on ${availableParallelism()} free cores), ` +
        `${row.coresUsed} cores busy; floor ${row.floorDocumentsPerSecond}/s ` +
        `(×${row.ratioToFloor}); load average ${row.loadAverage.join(' ')}`,
    );
    return row;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
}

const round = (n: number, digits: number): number => Math.round(n * 10 ** digits) / 10 ** digits;

export async function runCompletionBench(
  options: { documents?: number; log?: (line: string) => void } = {},
): Promise<CompletionBenchRow[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const documents = options.documents ?? Number(process.env.BENCH_COMPLETIONS ?? 120);
  buildOnce();
  const floor = floorRate();
  const rows = [await runOne('sqlite', documents, floor, log)];
  if (process.env.FIRMA_TEST_DATABASE_URL) rows.push(await runOne('postgres', documents, floor, log));
  else log('postgres: skipped (set FIRMA_TEST_DATABASE_URL)');
  mkdirSync(dirname(RESULTS_PATH), { recursive: true });
  writeFileSync(
    RESULTS_PATH,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`,
  );
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runCompletionBench();
}
