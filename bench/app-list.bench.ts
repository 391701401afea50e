/**
 * The web app's documents list with many envelopes, as each role sees it:
 * `npx tsx bench/app-list.bench.ts [10000 1000000]`.
 *
 * The same seed as `envelope-find.bench.ts` (one real document copied N times by SQL, a third each
 * of visibility EVERYONE, MANAGER_AND_ABOVE and ADMIN, none owned by or addressed to the members).
 * Three accounts join the platform through `firma user invite` links, one per role, and a real
 * `firma serve` is driven with autocannon on `GET /api/app/platforms/{id}/documents` with each
 * account's session cookie: the first page, a status filter, a deep page and a search. An ADMIN's
 * list has no visibility filter; a MANAGER's and a MEMBER's carry it (visibility, or owner, or
 * recipient), which is what issue 37 asks to stay fast at a million. SQLite always; PostgreSQL too
 * when FIRMA_TEST_DATABASE_URL is set.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstDocument, seedPostgres, seedSqlite } from './envelope-find.bench.js';
import { freshPostgresDatabase } from './postgres-database.js';
import { buildOnce, load, startFirma, stop } from './http.bench.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROLES = ['ADMIN', 'MANAGER', 'MEMBER'] as const;
const QUERIES = [
  'perPage=20',
  'status=PENDING&perPage=20',
  'perPage=100&page=50',
  `query=${encodeURIComponent('seed-4242')}`,
];

export interface AppListBenchRow {
  database: 'sqlite' | 'postgres';
  envelopes: number;
  /** Whose list: a member's session, or the API token on `GET /api/v2/envelope` (the reference). */
  role: (typeof ROLES)[number] | 'API';
  query: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** `firma user invite … --json` on the stopped server's database: the invitation's token. */
export function invite(env: Record<string, string>, role: string): string {
  const out = execFileSync(
    process.execPath,
    [
      join(ROOT, 'dist/cli/main.js'),
      'user',
      'invite',
      '--platform',
      'default',
      '--email',
      `${role.toLowerCase()}.bench@example.com`,
      '--role',
      role,
      '--json',
    ],
    { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env } },
  ).toString();
  const { url } = JSON.parse(out.trim().split('\n').at(-1)!) as { url: string };
  return url.split('/').at(-1)!;
}

/** Accepts the invitation as a new account: the session cookie and the platform's id. */
export async function acceptInvitation(base: string, token: string): Promise<{ cookie: string; platformId: number }> {
  const answer = await fetch(`${base}/api/app/invitations/${token}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Person', password: 'a bench passphrase 7' }),
  });
  if (answer.status !== 200) throw new Error(`accept: ${answer.status} ${await answer.text()}`);
  const { platformId } = (await answer.json()) as { platformId: number };
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, platformId };
}

export async function runAppListBench(
  sizes = [10_000, 1_000_000],
  log: (line: string) => void = console.log,
  only?: AppListBenchRow['database'],
): Promise<AppListBenchRow[]> {
  const rows: AppListBenchRow[] = [];
  const databases = (process.env.FIRMA_TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']).filter(
    (d): d is AppListBenchRow['database'] => !only || d === only,
  );
  if (!process.env.FIRMA_TEST_DATABASE_URL) log('postgres: skipped (set FIRMA_TEST_DATABASE_URL)');
  buildOnce();
  for (const database of databases) for (const size of sizes) rows.push(...(await listOnce(database, size, log)));
  return rows;
}

async function listOnce(
  database: AppListBenchRow['database'],
  size: number,
  log: (line: string) => void,
): Promise<AppListBenchRow[]> {
  const rows: AppListBenchRow[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-app-list-bench-'));
  const pgDb = database === 'postgres' ? await freshPostgresDatabase('firma_app_list') : null;
  const env: Record<string, string> = { FIRMA_DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) };
  try {
    const first = await firstDocument(dataDir, env);
    const invitations = ROLES.map((role) => ({ role, token: invite(env, role) }));
    const seconds = pgDb ? await seedPostgres(pgDb.url, size - 1) : seedSqlite(join(dataDir, 'firma.db'), size - 1);
    log(`${database}: seeded ${size} envelopes in ${seconds.toFixed(1)} s`);
    const server = await startFirma(dataDir, first.token, env);
    try {
      const lists = [];
      for (const { role, token } of invitations) {
        const { cookie, platformId } = await acceptInvitation(server.url, token);
        lists.push({ role, headers: { cookie }, path: `/api/app/platforms/${platformId}/documents` });
      }
      // The reference in the same run: the API's listing of the same envelopes with the token.
      lists.push({
        role: 'API' as const,
        headers: { authorization: `Bearer ${server.token}` },
        path: '/api/v2/envelope',
      });
      for (const { role, headers, path } of lists) {
        for (const query of QUERIES) {
          const url = `${server.url}${path}?${query}`;
          const check = await fetch(url, { headers });
          if (check.status !== 200) throw new Error(`GET ${query} as ${role}: ${check.status} ${await check.text()}`);
          await load(url, { headers, duration: 2, connections: 8 });
          const r = await load(url, { headers, duration: 6, connections: 8 });
          rows.push({
            database,
            envelopes: size,
            role,
            query,
            requestsPerSecond: r.requestsPerSecond,
            p50Ms: r.p50Ms,
            p99Ms: r.p99Ms,
          });
          log(
            `${database.padEnd(8)} ${role.padEnd(7)} ${path.split('/').at(-1)}?${query.padEnd(26)} ${String(size).padStart(8)}: ${r.requestsPerSecond} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.errors || r.non2xx ? ` (errors ${r.errors}, non-2xx ${r.non2xx})` : ''}`,
          );
        }
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
  // `… 1000000 postgres`: sizes, and optionally one database.
  const args = process.argv.slice(2);
  const sizes = args.map(Number).filter((n) => n > 1);
  const only = args.find((a): a is AppListBenchRow['database'] => a === 'sqlite' || a === 'postgres');
  await runAppListBench(sizes.length ? sizes : undefined, console.log, only);
}
