/**
 * Any page of the listings at a million envelopes, right after a bulk insert and once the database
 * has settled: `npx tsx bench/listing.bench.ts [1000000] [sqlite|postgres]`.
 *
 * The seed of `envelope-find.bench.ts` (one real document copied by SQL, a quarter per status, a
 * third per visibility), left unsettled: no ANALYZE, and on PostgreSQL no VACUUM, so the visibility
 * map is unset and every index-only scan checks the heap, as right after a bulk load before
 * autovacuum has passed. A real `firma serve` (dist) is driven with autocannon on `GET /api/v2/envelope`
 * (the first page, a status filter, page 50 × 100, the middle page, the last page, two searches),
 * `GET /api/v2/document` page 50, and a MEMBER's web-app list (first, page 50, last). Then the
 * database is settled (PostgreSQL `VACUUM ANALYZE`, SQLite `ANALYZE`) and every query is measured
 * again. Beside them, in the same phase, the reference: bare Fastify answering one primary-key
 * `SELECT` of an envelope (pg pool of 10, or better-sqlite3), measured before and after the phase's
 * queries. The load average is printed with each phase: the machine is shared.
 */
import { loadavg } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { acceptInvitation, invite } from './app-list.bench.js';
import { firstDocument, seedPostgres, seedSqlite } from './envelope-find.bench.js';
import { freshPostgresDatabase } from './postgres-database.js';
import { buildOnce, load, startFirma, startProcess, stop, type Started } from './http.bench.js';

type DatabaseKind = 'sqlite' | 'postgres';

export interface ListingBenchRow {
  database: DatabaseKind;
  envelopes: number;
  phase: 'after seed' | 'settled';
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** This p99 ÷ the reference's p99 measured at the start of the same phase. */
  p99VsReference?: number;
  loadAverage: number;
}

/** Bare Fastify whose one route reads an envelope row by primary key (the reference). */
function startPkSelectServer(database: DatabaseKind, target: string): Promise<Started> {
  const script =
    database === 'postgres'
      ? `import Fastify from 'fastify';
import pg from 'pg';
const pool = new pg.Pool({ connectionString: process.env.BENCH_TARGET, max: 10 });
const app = Fastify({ logger: false });
app.get('/', async () => (await pool.query('select id, title, status, version from envelope where id = $1', [1])).rows[0]);
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write('listening on ' + url + '\\n');`
      : `import Fastify from 'fastify';
import Database from 'better-sqlite3';
const db = new Database(process.env.BENCH_TARGET, { readonly: true });
const one = db.prepare('select id, title, status, version from envelope where id = ?');
const app = Fastify({ logger: false });
app.get('/', async () => one.get(1));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write('listening on ' + url + '\\n');`;
  return startProcess(['--input-type=module', '-e', script], { BENCH_TARGET: target }, /listening on (http:\/\/\S+)/);
}

async function settle(database: DatabaseKind, target: string): Promise<number> {
  const started = performance.now();
  if (database === 'postgres') {
    const db = new pg.Client({ connectionString: target });
    await db.connect();
    await db.query('vacuum analyze envelope, recipient, envelope_count');
    await db.end();
  } else {
    const db = new Database(target);
    db.exec('analyze');
    db.close();
  }
  return (performance.now() - started) / 1000;
}

async function lastPage(url: string, headers: Record<string, string>): Promise<number> {
  const answer = await fetch(url, { headers });
  const body = (await answer.json()) as { totalPages: number };
  return body.totalPages;
}

export async function runListingBench(
  size = 1_000_000,
  only?: DatabaseKind,
  log: (line: string) => void = console.log,
): Promise<ListingBenchRow[]> {
  const databases = (process.env.FIRMA_TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']).filter(
    (d): d is DatabaseKind => !only || d === only,
  );
  if (!process.env.FIRMA_TEST_DATABASE_URL) log('postgres: skipped (set FIRMA_TEST_DATABASE_URL)');
  buildOnce();
  const rows: ListingBenchRow[] = [];
  for (const database of databases) rows.push(...(await listingOnce(database, size, log)));
  return rows;
}

async function listingOnce(database: DatabaseKind, size: number, log: (line: string) => void) {
  const rows: ListingBenchRow[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-listing-bench-'));
  const pgDb = database === 'postgres' ? await freshPostgresDatabase('firma_listing') : null;
  const env: Record<string, string> = { FIRMA_DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) };
  const target = pgDb ? pgDb.url : join(dataDir, 'firma.db');
  try {
    const first = await firstDocument(dataDir, env);
    const memberInvitation = invite(env, 'MEMBER');
    const seconds = pgDb
      ? await seedPostgres(pgDb.url, size - 1, { settle: false })
      : seedSqlite(target, size - 1, { settle: false });
    log(`${database}: seeded ${size} envelopes in ${seconds.toFixed(1)} s (not settled)`);
    const server = await startFirma(dataDir, first.token, env);
    const reference = await startPkSelectServer(database, target);
    try {
      const api = { authorization: `Bearer ${server.token}` };
      const { cookie, platformId } = await acceptInvitation(server.url, memberInvitation);
      const member = { cookie };
      const memberList = `${server.url}/api/app/platforms/${platformId}/documents`;
      const apiLast = await lastPage(`${server.url}/api/v2/envelope?perPage=100`, api);
      const memberLast = await lastPage(`${memberList}?perPage=100`, member);
      const queries: { name: string; url: string; headers: Record<string, string> }[] = [
        ...[
          'perPage=20',
          'status=PENDING&perPage=20',
          'perPage=100&page=50',
          `perPage=100&page=${Math.ceil(apiLast / 2)}`,
          `perPage=100&page=${apiLast}`,
          `query=${encodeURIComponent('seed-4242')}`,
          `query=${encodeURIComponent('ntract 9876')}`,
        ].map((q) => ({ name: `API envelope?${q}`, url: `${server.url}/api/v2/envelope?${q}`, headers: api })),
        {
          name: 'API document?perPage=100&page=50',
          url: `${server.url}/api/v2/document?perPage=100&page=50`,
          headers: api,
        },
        ...['perPage=20', 'status=PENDING&perPage=20', 'perPage=100&page=50', `perPage=100&page=${memberLast}`].map(
          (q) => ({ name: `MEMBER documents?${q}`, url: `${memberList}?${q}`, headers: member }),
        ),
      ];
      if (database === 'postgres') {
        // Without statistics PostgreSQL plans the listing from default estimates (a bitmap scan of
        // every row and a sort: 3.5 s for page 50, EXPLAIN ANALYZE); autovacuum analyzes a table a
        // bulk load just filled within its naptime (1 min), and the test server runs with it off.
        // So the first phase is "analyzed, not vacuumed": the visibility map still unset.
        const db = new pg.Client({ connectionString: target });
        await db.connect();
        await db.query('analyze envelope, recipient, envelope_count');
        await db.end();
      }
      for (const phase of ['after seed', 'settled'] as const) {
        if (phase === 'settled') log(`${database}: settled in ${(await settle(database, target)).toFixed(1)} s`);
        const loadAverage = loadavg()[0]!;
        log(
          `${database} ${phase}: load average ${loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')}`,
        );
        const measure = async (name: string, url: string, headers: Record<string, string>, refP99?: number) => {
          const check = await fetch(url, { headers });
          if (check.status !== 200) {
            // Reported, not fatal: one refused query should not lose the others' figures.
            log(
              `${database.padEnd(8)} ${phase.padEnd(10)} ${name.padEnd(44)} FAILED ${check.status} ${await check.text()}`,
            );
            return { p99Ms: 0 };
          }
          await load(url, { headers, duration: 1, connections: 8 });
          const r = await load(url, { headers, duration: 4, connections: 8 });
          const ratio = refP99 !== undefined ? Math.round((r.p99Ms / Math.max(refP99, 1)) * 10) / 10 : undefined;
          rows.push({
            database,
            envelopes: size,
            phase,
            name,
            requestsPerSecond: r.requestsPerSecond,
            p50Ms: r.p50Ms,
            p99Ms: r.p99Ms,
            ...(ratio !== undefined ? { p99VsReference: ratio } : {}),
            loadAverage,
          });
          log(
            `${database.padEnd(8)} ${phase.padEnd(10)} ${name.padEnd(44)} ${r.requestsPerSecond} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms` +
              (ratio !== undefined ? ` (×${ratio} the reference's p99)` : '') +
              (r.errors || r.non2xx ? ` (errors ${r.errors}, non-2xx ${r.non2xx})` : ''),
          );
          return r;
        };
        // Each query's ratio is to the reference measured just before the phase's queries; the
        // reference is measured again after them, to show how much the machine moved meanwhile.
        const reference0 = await measure('reference: Fastify + one PK SELECT', reference.url, {});
        for (const q of queries) await measure(q.name, q.url, q.headers, reference0.p99Ms);
        await measure('reference: Fastify + one PK SELECT (again)', reference.url, {});
      }
    } finally {
      await stop(reference);
      await stop(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const size = args.map(Number).find((n) => n > 1);
  const only = args.find((a): a is DatabaseKind => a === 'sqlite' || a === 'postgres');
  await runListingBench(size, only);
}
