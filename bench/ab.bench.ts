/**
 * A/B of two builds of Firma in one run: `npx tsx bench/ab.bench.ts <git ref>` (not part of
 * `npm run bench`: it builds a second tree).
 *
 * The ref is checked out into a temporary git worktree beside this one (sharing node_modules), both
 * trees are compiled (`tsconfig.build.json`), and `firma serve` of each (embedded SQLite, fresh data
 * dir, request logs off, rate limits raised) is driven by autocannon in alternating rounds of the
 * same load: GET /api/v2/document/{id} and POST /api/v2/document/create (1 page, 2 recipients,
 * 4 fields). A refactor that must not cost anything shows ratios (this tree ÷ the ref) near 1 in
 * every round; the spread between rounds is the machine's noise, reported beside the median.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePdf, multipart, TYPICAL_PAYLOAD } from './bench-fixtures.js';
import { load, startProcess, stop, type Started } from './http.bench.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

function build(tree: string): void {
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: tree,
      stdio: 'inherit',
    },
  );
}

/** `firma serve` of the tree's dist on a fresh data dir, with the token its first start prints. */
async function serve(tree: string): Promise<Started & { token: string; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-ab-'));
  const started = await startProcess(
    [join(tree, 'dist', 'cli', 'main.js'), 'serve'],
    {
      PORT: '0',
      FIRMA_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      FIRMA_RATE_LIMIT_PER_MINUTE: '100000000',
      FIRMA_SIGNING_RATE_LIMIT_PER_MINUTE: '100000000',
    },
    /listening on (http:\/\/\S+)[\s\S]*?\n\s+(api_\S+)\n/,
  );
  return { ...started, token: started.match[2]!, dataDir };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fixed = (n: number) => Math.round(n * 100) / 100;

async function main(): Promise<void> {
  const ref = process.argv[2];
  if (!ref) throw new Error('usage: npx tsx bench/ab.bench.ts <git ref>');
  const other = mkdtempSync(join(tmpdir(), 'firma-ab-tree-'));
  execFileSync('git', ['worktree', 'add', '--detach', other, ref], { cwd: ROOT, stdio: 'inherit' });
  const servers: (Started & { token: string; dataDir: string })[] = [];
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(other, 'node_modules'));
    build(other);
    build(ROOT);
    const [a, b] = [await serve(other), await serve(ROOT)];
    servers.push(a, b);
    const onePage = multipart(TYPICAL_PAYLOAD, await makePdf(1));
    const create = (s: typeof a) => ({
      method: 'POST' as const,
      headers: { authorization: `Bearer ${s.token}`, 'content-type': onePage.contentType },
      body: onePage.body,
    });
    const ids = [];
    for (const s of servers) {
      const made = await fetch(`${s.url}/api/v2/document/create`, { ...create(s), body: new Uint8Array(onePage.body) });
      if (made.status !== 200) throw new Error(`create failed: ${made.status} ${await made.text()}`);
      ids.push(((await made.json()) as { id: number }).id);
      await load(`${s.url}/api/v2/document/${ids.at(-1)}`, { duration: 2, headers: create(s).headers });
    }
    const ratios = { get: [] as number[], create: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      const get = [];
      const made = [];
      for (const [n, s] of servers.entries()) {
        get.push(await load(`${s.url}/api/v2/document/${ids[n]}`, { headers: create(s).headers }));
        made.push(await load(`${s.url}/api/v2/document/create`, create(s)));
      }
      ratios.get.push(get[1]!.requestsPerSecond / get[0]!.requestsPerSecond);
      ratios.create.push(made[1]!.requestsPerSecond / made[0]!.requestsPerSecond);
      console.log(
        `round ${i + 1}: GET ${ref} ${get[0]!.requestsPerSecond}/s, HEAD ${get[1]!.requestsPerSecond}/s (×${fixed(ratios.get.at(-1)!)}); ` +
          `create ${ref} ${made[0]!.requestsPerSecond}/s, HEAD ${made[1]!.requestsPerSecond}/s (×${fixed(ratios.create.at(-1)!)})`,
      );
    }
    for (const [name, values] of Object.entries(ratios))
      console.log(
        `${name}: HEAD ÷ ${ref} median ×${fixed(median(values))} (rounds ×${fixed(Math.min(...values))}–×${fixed(Math.max(...values))})`,
      );
  } finally {
    for (const s of servers) {
      await stop(s);
      rmSync(s.dataDir, { recursive: true, force: true });
    }
    execFileSync('git', ['worktree', 'remove', '--force', other], { cwd: ROOT });
  }
}

await main();
