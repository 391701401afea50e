/**
 * GET document on PostgreSQL: `npx tsx bench/http-pg.bench.ts` (also part of `npm run bench` when
 * FIRMA_TEST_DATABASE_URL is set; a fresh database, dropped after).
 *
 * `firma serve` (compiled dist/, default settings but request logs off and rate limits raised)
 * over PostgreSQL, beside two references in child processes measured in the same alternating
 * rounds (BENCH_ROUNDS of BENCH_DURATION_S seconds, autocannon, BENCH_CONNECTIONS connections):
 *   - bare Fastify hello-world;
 *   - bare Fastify answering one primary-key `SELECT` of the same envelope row over `pg` (pool 10):
 *     what any server that asks the database on every request pays at least.
 * Target (issue #21): GET document ≥ 1.0× the second, which a cached read can only reach with no
 * round trip at all: the change signal (LISTEN/NOTIFY) lets the view cache and the token check
 * trust their entries without asking. The median round (by that ratio) is reported.
 */
import { loadavg } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshPostgresDatabase } from './postgres-database.js';
import {
  load,
  makePdf,
  multipart,
  startBareFastify,
  startFirma,
  startProcess,
  stop,
  TYPICAL_PAYLOAD,
  type HttpBenchRow,
  type Started,
} from './http.bench.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

type Load = Omit<HttpBenchRow, 'name'>;

/** Bare Fastify whose one route reads the envelope row by primary key over a pool of 10. */
function startPkSelectServer(url: string, id: number): Promise<Started> {
  const script = `import Fastify from 'fastify';
import pg from 'pg';
const pool = new pg.Pool({ connectionString: process.env.BENCH_PG_URL, max: 10 });
const app = Fastify({ logger: false });
const id = Number(process.env.BENCH_ID);
app.get('/', async () => (await pool.query('select id, title, status, version from envelope where id = $1', [id])).rows[0]);
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write('listening on ' + url + '\\n');`;
  return startProcess(
    ['--input-type=module', '-e', script],
    { BENCH_PG_URL: url, BENCH_ID: String(id) },
    /listening on (http:\/\/\S+)/,
  );
}

export async function runHttpPgBench(log: (line: string) => void = console.log): Promise<HttpBenchRow[]> {
  if (!process.env.FIRMA_TEST_DATABASE_URL) {
    log('postgres: skipped (set FIRMA_TEST_DATABASE_URL)');
    return [];
  }
  log(
    `  load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const database = await freshPostgresDatabase('firma_http');
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-bench-pg-'));
  const started: Started[] = [];
  const rows: HttpBenchRow[] = [];
  try {
    const firma = await startFirma(dataDir, undefined, { DATABASE_URL: database.url });
    started.push(firma);
    const auth = { authorization: `Bearer ${firma.token}` };
    const onePage = multipart(TYPICAL_PAYLOAD, await makePdf(1));
    const created = await fetch(`${firma.url}/api/v2/document/create`, {
      method: 'POST',
      headers: { ...auth, 'content-type': onePage.contentType },
      body: new Uint8Array(onePage.body),
    });
    if (created.status !== 200) throw new Error(`create failed: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: number };
    const bare = await startBareFastify();
    started.push(bare);
    const pk = await startPkSelectServer(database.url, id);
    started.push(pk);
    const document = `${firma.url}/api/v2/document/${id}`;

    await load(`${bare.url}/`, { duration: 2 });
    await load(`${pk.url}/`, { duration: 2 });
    await load(document, { duration: 2, headers: auth });

    const rounds: { bare: Load; pk: Load; firma: Load }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const round = {
        bare: await load(`${bare.url}/`),
        pk: await load(`${pk.url}/`),
        firma: await load(document, { headers: auth }),
      };
      rounds.push(round);
      log(
        `  round ${i + 1}: bare ${round.bare.requestsPerSecond} req/s, bare + PK select ${round.pk.requestsPerSecond} req/s, ` +
          `GET document (PostgreSQL) ${round.firma.requestsPerSecond} req/s ` +
          `(×${ratio(round.firma, round.pk)} of the PK select, ×${ratio(round.firma, round.bare)} of bare)`,
      );
    }
    const median = [...rounds].sort((a, b) => ratio(a.firma, a.pk) - ratio(b.firma, b.pk))[
      Math.floor((ROUNDS - 1) / 2)
    ]!;
    rows.push({ name: 'bare Fastify GET / (reference, PostgreSQL run, median round)', ...median.bare });
    rows.push({
      name: 'bare Fastify + one PK SELECT over pg, pool 10 (reference)',
      ...median.pk,
      reference: 'bare Fastify GET / in the same round',
      ratioToReference: ratio(median.pk, median.bare),
    });
    rows.push({
      name: 'GET /api/v2/document/{id} (PostgreSQL)',
      ...median.firma,
      reference: `bare Fastify + one PK SELECT over pg in the same round (median of ${ROUNDS} rounds; ×${ratio(median.firma, median.bare)} of bare)`,
      ratioToReference: ratio(median.firma, median.pk),
      target: '≥ 1.0 of the PK select',
      meetsTarget:
        ratio(median.firma, median.pk) >= 1 && rounds.every((r) => r.firma.errors === 0 && r.firma.non2xx === 0),
    });
  } finally {
    await Promise.all(started.map((p) => stop(p)));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const r of rows) {
    log(
      `${r.name.padEnd(62)} ${String(r.requestsPerSecond).padStart(7)} req/s  p50 ${String(r.p50Ms).padStart(4)} ms  p99 ${String(r.p99Ms).padStart(4)} ms` +
        (r.ratioToReference === undefined ? '' : `  ×ref ${r.ratioToReference}`) +
        (r.target ? `  target ${r.target}: ${r.meetsTarget ? 'met' : 'NOT met'}` : '') +
        (r.errors || r.non2xx ? `  errors ${r.errors} non2xx ${r.non2xx}` : ''),
    );
  }
  return rows;
}

function ratio(a: Load, b: Load): number {
  return Math.round((a.requestsPerSecond / b.requestsPerSecond) * 100) / 100;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await runHttpPgBench();
