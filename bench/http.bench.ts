/**
 * HTTP benchmark for the document flow: `npx tsx bench/http.bench.ts` (also part of `npm run bench`).
 *
 * Starts the real `firma serve` (the compiled dist/, embedded SQLite, fresh data dir) and a bare
 * Fastify hello-world in child processes, and drives both with autocannon in alternating rounds
 * (BENCH_ROUNDS, default 3, of BENCH_DURATION_S seconds), so every Firma figure sits beside a
 * reference measured on the same machine in the same minute; the median round is reported:
 *   - GET /api/v2/document/{id} req/s and p50/p99 vs GET / on the bare server (target ≥ 50 %);
 *   - POST /api/v2/document/create (1-page PDF, 2 recipients, 4 fields) per second (target ≥ 500/s);
 *   - the same create with the 4 fields given as placeholder tags in the PDF (`{{signature, r1}}`),
 *     alternating with create round after round (target: at least half create's rate);
 *   - POST /api/v2/template/use of a template with the same PDF, signers and fields, per second,
 *     alternating with create round after round (a document from a template copies rows, no bytes);
 *   - the same create with a 10 MB PDF.
 * The load generator shares the machine's two cores with the server, as a client on the same host
 * would; the reference pays the same price.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  createTemplate,
  makePdf,
  makeTaggedPdf,
  multipart,
  TAGGED_PAYLOAD,
  TYPICAL_PAYLOAD,
} from './bench-fixtures.js';

// The fixtures were defined here first; the other benches import them from this module.
export {
  createTemplate,
  makePdf,
  makeTaggedPdf,
  multipart,
  TAGGED_PAYLOAD,
  TYPICAL_PAYLOAD,
} from './bench-fixtures.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_PATH = join(ROOT, 'bench', 'results', 'http.json');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export interface HttpBenchRow {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  reference?: string;
  ratioToReference?: number;
  target?: string;
  meetsTarget?: boolean;
}

export interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

export function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<Started & { match: RegExpMatchArray }> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let seen = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`process did not start:\n${seen}`)), 60_000);
    // The start banner goes to stderr when the logs on stdout are JSON lines: match on both.
    const onData = (d: Buffer) => {
      seen += d.toString();
      const match = seen.match(ready);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, match, output: () => seen });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`process exited with ${code}:\n${seen}`));
    });
  });
}

let built = false;

/**
 * The benchmarks measure what `npm start` runs: the compiled `dist/`, built once per run from the
 * current sources (running the TypeScript through tsx would add its own per-closure costs).
 */
export function buildOnce(): void {
  if (built) return;
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  built = true;
}

/** `firma serve` on a data dir: the first start prints the token; later starts reuse `token`. */
export async function startFirma(
  dataDir: string,
  token?: string,
  env: Record<string, string> = {},
): Promise<Started & { token: string }> {
  buildOnce();
  const ready = token ? /listening on (http:\/\/\S+)/ : /listening on (http:\/\/\S+)[\s\S]*?\n\s+(api_\S+)\n/;
  const started = await startProcess(
    [join(ROOT, 'dist', 'cli', 'main.js'), 'serve'],
    {
      PORT: '0',
      FIRMA_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      FIRMA_RATE_LIMIT_PER_MINUTE: '100000000',
      FIRMA_SIGNING_RATE_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
    ready,
  );
  return { ...started, token: token ?? started.match[2]! };
}

/** Peak resident set of a child process so far (Linux VmHWM), in bytes. */
export function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** Current resident set of a child process (Linux VmRSS), in bytes. */
export function currentRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

export async function startBareFastify(): Promise<Started> {
  const script = `import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write('listening on ' + url + '\\n');`;
  return startProcess(['--input-type=module', '-e', script], {}, /listening on (http:\/\/\S+)/);
}

export function stop(p: Started): Promise<void> {
  return new Promise((resolve) => {
    if (p.child.exitCode !== null) return resolve();
    p.child.once('exit', () => resolve());
    p.child.kill('SIGTERM');
  });
}

export async function load(
  url: string,
  options: Partial<autocannon.Options> = {},
): Promise<Omit<HttpBenchRow, 'name'>> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function runHttpBench(log: (line: string) => void = console.log): Promise<HttpBenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-bench-'));
  const firma = await startFirma(dataDir);
  const bare = await startBareFastify();
  const auth = { authorization: `Bearer ${firma.token}` };
  const rows: HttpBenchRow[] = [];
  try {
    const onePage = multipart(TYPICAL_PAYLOAD, await makePdf(1));
    const created = await fetch(`${firma.url}/api/v2/document/create`, {
      method: 'POST',
      headers: { ...auth, 'content-type': onePage.contentType },
      body: new Uint8Array(onePage.body),
    });
    if (created.status !== 200) throw new Error(`create failed: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: number };

    // Warm both servers (JIT, SQLite page cache) before anything is measured.
    await load(`${bare.url}/`, { duration: 2 });
    await load(`${firma.url}/api/v2/document/${id}`, { duration: 2, headers: auth });

    // The machine is noisy (the same run moves by tens of percent minutes apart): the reference and
    // Firma alternate, round after round, and each round gives its own ratio; the median counts.
    const getRounds: { bare: Load; firma: Load }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const bareRun = await load(`${bare.url}/`);
      const firmaRun = await load(`${firma.url}/api/v2/document/${id}`, { headers: auth });
      getRounds.push({ bare: bareRun, firma: firmaRun });
      log(
        `  round ${i + 1}: bare ${bareRun.requestsPerSecond} req/s, GET document ${firmaRun.requestsPerSecond} req/s (×${round(firmaRun.requestsPerSecond / bareRun.requestsPerSecond)})`,
      );
    }
    const getMedian = medianBy(getRounds, (r) => r.firma.requestsPerSecond / r.bare.requestsPerSecond);
    const getRatio = getMedian.firma.requestsPerSecond / getMedian.bare.requestsPerSecond;
    const reference = getMedian.bare.requestsPerSecond;
    rows.push({ name: 'bare Fastify GET / (reference, median round)', ...getMedian.bare });
    rows.push({
      name: 'GET /api/v2/document/{id}',
      ...getMedian.firma,
      reference: `bare Fastify GET / in the same round (median of ${ROUNDS} rounds)`,
      ratioToReference: round(getRatio),
      target: '≥ 0.50 of bare',
      meetsTarget: getRatio >= 0.5 && getRounds.every((r) => r.firma.errors === 0 && r.firma.non2xx === 0),
    });

    rows.push(await metricsOverhead(dataDir, firma, `/api/v2/document/${id}`, auth, log));

    const template = await createTemplate(firma.url, auth);
    const useBody = JSON.stringify({
      templateId: template.templateId,
      recipients: template.recipientIds.map((id, i) => ({ id, email: `signer${i}@example.com`, name: `Signer ${i}` })),
    });
    const tagged = multipart(TAGGED_PAYLOAD, await makeTaggedPdf());
    const createRounds: Load[] = [];
    const taggedRounds: Load[] = [];
    const useRounds: Load[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      createRounds.push(
        await load(`${firma.url}/api/v2/document/create`, {
          method: 'POST',
          headers: { ...auth, 'content-type': onePage.contentType },
          body: onePage.body,
        }),
      );
      taggedRounds.push(
        await load(`${firma.url}/api/v2/document/create`, {
          method: 'POST',
          headers: { ...auth, 'content-type': tagged.contentType },
          body: tagged.body,
        }),
      );
      useRounds.push(
        await load(`${firma.url}/api/v2/template/use`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: useBody,
        }),
      );
      log(
        `  round ${i + 1}: create ${createRounds[i]!.requestsPerSecond}/s, with tags ${taggedRounds[i]!.requestsPerSecond}/s, template use ${useRounds[i]!.requestsPerSecond}/s`,
      );
    }
    const create = medianBy(createRounds, (r) => r.requestsPerSecond);
    rows.push({
      name: 'POST /document/create (1 page, 2 recipients, 4 fields)',
      ...create,
      reference: 'bare Fastify GET / (median round)',
      ratioToReference: round(create.requestsPerSecond / reference),
      target: '≥ 500/s',
      meetsTarget: create.requestsPerSecond >= 500 && createRounds.every((r) => r.errors === 0 && r.non2xx === 0),
    });

    const withTags = medianBy(taggedRounds, (r) => r.requestsPerSecond);
    rows.push({
      name: 'POST /document/create (1 page, 2 recipients, 4 fields as placeholder tags)',
      ...withTags,
      reference: 'POST /document/create (median round)',
      ratioToReference: round(withTags.requestsPerSecond / create.requestsPerSecond),
      target: '≥ 0.50 of create',
      meetsTarget:
        withTags.requestsPerSecond >= 0.5 * create.requestsPerSecond &&
        taggedRounds.every((r) => r.errors === 0 && r.non2xx === 0),
    });

    const use = medianBy(useRounds, (r) => r.requestsPerSecond);
    rows.push({
      name: 'POST /template/use (2 signers, 4 fields, not distributed)',
      ...use,
      reference: 'POST /document/create (median round)',
      ratioToReference: round(use.requestsPerSecond / create.requestsPerSecond),
    });

    const big = multipart(TYPICAL_PAYLOAD, await makePdf(1, 10 * 1024 * 1024));
    const createBig = await load(`${firma.url}/api/v2/document/create`, {
      method: 'POST',
      connections: 4,
      headers: { ...auth, 'content-type': big.contentType },
      body: big.body,
    });
    rows.push({
      name: 'POST /document/create (10 MB PDF)',
      ...createBig,
      reference: 'bare Fastify GET /',
      ratioToReference: round(createBig.requestsPerSecond / reference),
    });
  } finally {
    await Promise.all([stop(firma), stop(bare)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const r of rows) {
    log(
      `${r.name.padEnd(58)} ${String(r.requestsPerSecond).padStart(7)} req/s  p50 ${String(r.p50Ms).padStart(4)} ms  p99 ${String(r.p99Ms).padStart(4)} ms` +
        (r.ratioToReference === undefined ? '' : `  ×bare ${r.ratioToReference}`) +
        (r.target ? `  target ${r.target}: ${r.meetsTarget ? 'met' : 'NOT met'}` : '') +
        (r.errors || r.non2xx ? `  errors ${r.errors} non2xx ${r.non2xx}` : ''),
    );
  }
  return rows;
}

type Load = Omit<HttpBenchRow, 'name'>;

/**
 * The cost of the metrics on the hottest read: a second `firma serve` on the same data dir with
 * FIRMA_METRICS_TOKEN set (so the request hook records every answer), alternating with the one
 * without, round after round; the median round's ratio is the overhead.
 */
export async function metricsOverhead(
  dataDir: string,
  plain: Started & { token: string },
  path: string,
  auth: Record<string, string>,
  log: (line: string) => void,
): Promise<HttpBenchRow> {
  const measured = await startFirma(dataDir, plain.token, { FIRMA_METRICS_TOKEN: 'bench-metrics-token-0123456789' });
  try {
    await load(measured.url + path, { duration: 2, headers: auth });
    const rounds: { plain: Load; measured: Load }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const without = await load(plain.url + path, { headers: auth });
      const withMetrics = await load(measured.url + path, { headers: auth });
      rounds.push({ plain: without, measured: withMetrics });
      log(
        `  round ${i + 1}: GET document ${without.requestsPerSecond} req/s, with metrics ${withMetrics.requestsPerSecond} req/s (×${round(withMetrics.requestsPerSecond / without.requestsPerSecond)})`,
      );
    }
    const median = medianBy(rounds, (r) => r.measured.requestsPerSecond / r.plain.requestsPerSecond);
    const ratio = median.measured.requestsPerSecond / median.plain.requestsPerSecond;
    return {
      name: 'GET /api/v2/document/{id} with metrics recorded',
      ...median.measured,
      reference: `the same without metrics in the same round (median of ${ROUNDS} rounds)`,
      ratioToReference: round(ratio),
      target: '≥ 0.95 of without',
      meetsTarget: ratio >= 0.95 && rounds.every((r) => r.measured.errors === 0 && r.measured.non2xx === 0),
    };
  } finally {
    await stop(measured);
  }
}

/** The element whose score is the median (the lower middle for an even count). */
function medianBy<T>(items: T[], score: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => score(a) - score(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = await runHttpBench();
  mkdirSync(dirname(RESULTS_PATH), { recursive: true });
  writeFileSync(
    RESULTS_PATH,
    JSON.stringify(
      { measuredAt: new Date().toISOString(), durationS: DURATION_S, connections: CONNECTIONS, rows },
      null,
      2,
    ) + '\n',
  );
}
