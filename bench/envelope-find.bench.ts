/**
 * `GET /api/v2/envelope` latency with many envelopes: `npx tsx bench/envelope-find.bench.ts [10000 1000000]`.
 *
 * Seeds the database directly (not through the API, which would take hours for a million): one
 * real document is created through the API, then copied N times by INSERT … SELECT with its two
 * signers and CC, spread over statuses and a year of creation times. Then a real `firma serve`
 * on that database is driven with autocannon on the first page, a filtered page, a deep page and
 * two searches (an externalId, and a title substring matching 11 envelopes). SQLite always;
 * PostgreSQL too when FIRMA_TEST_DATABASE_URL is set (a fresh database, dropped after).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { freshPostgresDatabase } from './postgres-database.js';
import { load, makePdf, multipart, startFirma, stop, TYPICAL_PAYLOAD } from './http.bench.js';

export interface FindBenchRow {
  database: 'sqlite' | 'postgres';
  envelopes: number;
  query: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** The SQL for column `c` of the n-th copy (`n` from the series, `e` the original envelope). */
function seededValue(c: string, count: number, dialect: 'sqlite' | 'postgres'): string {
  switch (c) {
    case 'public_id':
      return `'envelope_seed' || n`;
    case 'meta_id':
      return `'meta_seed' || n`;
    case 'title':
      return `'Seeded contract ' || n`;
    case 'external_id':
      return `'seed-' || n`;
    case 'visibility':
      // A third each: what a MEMBER sees, what a MANAGER adds, what only an ADMIN sees (the web
      // app's listing filters by it; API tokens see all three).
      return `case n % 3 when 0 then 'EVERYONE' when 1 then 'MANAGER_AND_ABOVE' else 'ADMIN' end`;
    case 'status':
      return `case n % 4 when 0 then 'DRAFT' when 1 then 'PENDING' when 2 then 'COMPLETED' else 'CANCELLED' end`;
    case 'created_at':
    case 'updated_at':
      // A year of creation times, spread evenly.
      return dialect === 'sqlite'
        ? `strftime('%Y-%m-%dT%H:%M:%fZ', '2025-11-01', '+' || (n * 31536 / ${count}) || ' seconds')`
        : `to_char(timestamp '2025-11-01' + (n::bigint * 31536 / ${count}) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    default:
      return `e.${c}`;
  }
}

/**
 * `settle: false` leaves the database as a bulk insert does: no ANALYZE (SQLite, PostgreSQL) and
 * no VACUUM (PostgreSQL: the visibility map unset, so an index-only scan checks the heap).
 */
export interface SeedOptions {
  settle?: boolean;
}

export function seedSqlite(dbPath: string, count: number, { settle = true }: SeedOptions = {}): number {
  const db = new Database(dbPath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const columns = (table: string) =>
    (db.prepare(`pragma table_info(${table})`).all() as { name: string }[])
      .map((c) => c.name)
      .filter((c) => c !== 'id');
  const envelopeColumns = columns('envelope');
  const pick = (c: string) => seededValue(c, count, 'sqlite');
  const started = performance.now();
  db.exec('begin');
  db.exec(`insert into envelope (${envelopeColumns.join(', ')})
    with recursive c(n) as (select 1 union all select n + 1 from c where n < ${count})
    select ${envelopeColumns.map(pick).join(', ')} from c, envelope e where e.id = 1`);
  const recipientColumns = columns('recipient');
  db.exec(`insert into recipient (${recipientColumns.join(', ')})
    select ${recipientColumns.map((c) => (c === 'envelope_id' ? 'e.id' : `r.${c}`)).join(', ')}
    from envelope e join recipient r on r.envelope_id = 1 where e.id > 1 order by e.id, r.id`);
  db.exec('commit');
  if (settle) db.exec('analyze');
  db.close();
  return (performance.now() - started) / 1000;
}

/** The same copies on PostgreSQL, with generate_series. */
export async function seedPostgres(url: string, count: number, { settle = true }: SeedOptions = {}): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const columns = async (table: string) =>
      (
        await db.query<{ column_name: string }>(
          `select column_name from information_schema.columns where table_name = $1 and table_schema = current_schema() order by ordinal_position`,
          [table],
        )
      ).rows
        .map((r) => r.column_name)
        .filter((c) => c !== 'id');
    const pick = (c: string) => seededValue(c, count, 'postgres');
    const started = performance.now();
    const envelopeColumns = await columns('envelope');
    await db.query('begin');
    // Without the triggers (the bench's PostgreSQL user is a superuser): copies need no version
    // bumps or change signals, and 0041's statement trigger checks every envelope the recipients'
    // version bumps touch against the transaction's list of fresh ids, a text of a million ids
    // searched once per row, which did not finish in 20 minutes.
    await db.query('set local session_replication_role = replica');
    await db.query(`insert into envelope (${envelopeColumns.join(', ')})
      select ${envelopeColumns.map(pick).join(', ')} from generate_series(1, ${count}) n, envelope e where e.id = 1`);
    const recipientColumns = await columns('recipient');
    await db.query(`insert into recipient (${recipientColumns.join(', ')})
      select ${recipientColumns.map((c) => (c === 'envelope_id' ? 'e.id' : `r.${c}`)).join(', ')}
      from envelope e join recipient r on r.envelope_id = 1 where e.id > 1 order by e.id, r.id`);
    // The triggers were off, those of migration 0078's counters too: recount, as an operator
    // who bulk-loads that way would (recountEnvelopes).
    await db.query('delete from envelope_count');
    await db.query(`insert into envelope_count (platform_id, type, status, visibility, folder, n)
      select platform_id, type, status, visibility, coalesce(folder_id, ''), count(*) from envelope
      where deleted_at is null group by platform_id, type, status, visibility, coalesce(folder_id, '')`);
    await db.query('commit');
    // What autovacuum does to a table that stopped changing: statistics, and the visibility map
    // that lets a count be answered from the index alone.
    if (settle) await db.query('vacuum analyze envelope, recipient, envelope_count');
    return (performance.now() - started) / 1000;
  } finally {
    await db.end();
  }
}

export async function runEnvelopeFindBench(
  sizes = [10_000, 1_000_000],
  log: (line: string) => void = console.log,
): Promise<FindBenchRow[]> {
  const rows: FindBenchRow[] = [];
  const databases: FindBenchRow['database'][] = process.env.FIRMA_TEST_DATABASE_URL
    ? ['sqlite', 'postgres']
    : ['sqlite'];
  if (databases.length === 1) log('postgres: skipped (set FIRMA_TEST_DATABASE_URL)');
  for (const database of databases) {
    for (const size of sizes) rows.push(...(await findOnce(database, size, log)));
  }
  return rows;
}

/**
 * A first `firma serve` on a fresh data dir (and database): the one real document the seed copies
 * is created through the API, then the server stops. Answers the printed API token.
 */
export async function firstDocument(dataDir: string, env: Record<string, string>): Promise<{ token: string }> {
  const first = await startFirma(dataDir, undefined, env);
  const body = multipart(TYPICAL_PAYLOAD, await makePdf(1));
  const created = await fetch(`${first.url}/api/v2/document/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${first.token}`, 'content-type': body.contentType },
    body: new Uint8Array(body.body),
  });
  if (created.status !== 200) throw new Error(`create failed: ${created.status}`);
  await stop(first);
  return { token: first.token };
}

async function findOnce(
  database: FindBenchRow['database'],
  size: number,
  log: (line: string) => void,
): Promise<FindBenchRow[]> {
  const rows: FindBenchRow[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-find-bench-'));
  const pgDb = database === 'postgres' ? await freshPostgresDatabase('firma_find') : null;
  const env: Record<string, string> = pgDb ? { DATABASE_URL: pgDb.url } : {};
  try {
    const first = await firstDocument(dataDir, env);
    const seconds = pgDb ? await seedPostgres(pgDb.url, size - 1) : seedSqlite(join(dataDir, 'firma.db'), size - 1);
    log(`${database}: seeded ${size} envelopes in ${seconds.toFixed(1)} s`);
    const server = await startFirma(dataDir, first.token, env);
    try {
      const headers = { authorization: `Bearer ${server.token}` };
      for (const query of [
        'perPage=10',
        'status=PENDING&perPage=10',
        'perPage=100&page=50',
        `query=${encodeURIComponent('seed-4242')}`,
        `query=${encodeURIComponent('ntract 9876')}`,
      ]) {
        const url = `${server.url}/api/v2/envelope?${query}`;
        const check = await fetch(url, { headers });
        if (check.status !== 200) throw new Error(`GET ${query}: ${check.status} ${await check.text()}`);
        await load(url, { headers, duration: 2, connections: 8 });
        const r = await load(url, { headers, duration: 6, connections: 8 });
        rows.push({
          database,
          envelopes: size,
          query,
          requestsPerSecond: r.requestsPerSecond,
          p50Ms: r.p50Ms,
          p99Ms: r.p99Ms,
        });
        log(
          `${database.padEnd(8)} GET /envelope?${query.padEnd(28)} ${String(size).padStart(8)} envelopes: ${r.requestsPerSecond} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.errors || r.non2xx ? ` (errors ${r.errors}, non-2xx ${r.non2xx})` : ''}`,
        );
      }
    } finally {
      await stop(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 1);
  await runEnvelopeFindBench(sizes.length ? sizes : undefined);
}
