/**
 * What placeholder tags cost on create, as server CPU time: `npx tsx bench/tags-cost.bench.ts`.
 *
 * Starts the compiled `firma serve` (embedded SQLite; its PDF worker threads are in the same
 * process) and sends, round after round, BENCH_REQUESTS plain creates (1 page, 2 signers, 4 fields
 * by coordinates) and as many creates of the same page with the 4 fields written as placeholder
 * tags, BENCH_CONCURRENCY at a time. Each batch is charged the CPU time the server process used
 * (user + system, all threads, from /proc), so the ratio holds on a machine other processes load,
 * where throughput figures swing by tens of percent: a saturated server's throughput is the inverse
 * of its CPU time per request, and the bound (tags at least half create's rate) is a CPU
 * ratio of at most 2. The median round's ratio is reported, with the load average.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { makePdf, makeTaggedPdf, multipart, startFirma, stop, TAGGED_PAYLOAD, TYPICAL_PAYLOAD } from './http.bench.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command: state is field 3, utime 14 and stime 15 (1-based), here indices 11 and 12.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

async function batch(url: string, token: string, body: { body: Buffer; contentType: string }, n: number) {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      const res = await fetch(`${url}/api/v2/document/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
        body: new Uint8Array(body.body),
      });
      await res.arrayBuffer();
      if (res.status !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (failed > 0) throw new Error(`${failed} of ${n} creates failed`);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-tags-cost-'));
  const firma = await startFirma(dataDir);
  const pid = firma.child.pid!;
  try {
    const plain = multipart(TYPICAL_PAYLOAD, await makePdf(1));
    const tagged = multipart(TAGGED_PAYLOAD, await makeTaggedPdf());
    // Warm up: JIT, pdf.js loaded in every PDF worker thread, SQLite's cache.
    await batch(firma.url, firma.token, plain, 100);
    await batch(firma.url, firma.token, tagged, 100);
    const ratios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const measure = async (body: typeof plain) => {
        const before = cpuMs(pid);
        const t0 = performance.now();
        await batch(firma.url, firma.token, body, REQUESTS);
        return { cpu: (cpuMs(pid) - before) / REQUESTS, wall: (performance.now() - t0) / REQUESTS };
      };
      const a = await measure(plain);
      const b = await measure(tagged);
      ratios.push(b.cpu / a.cpu);
      console.log(
        `round ${r + 1}: create ${a.cpu.toFixed(2)} ms CPU/request (${(1000 / a.wall).toFixed(0)}/s), ` +
          `with 4 tags ${b.cpu.toFixed(2)} ms (${(1000 / b.wall).toFixed(0)}/s): ×${(b.cpu / a.cpu).toFixed(2)} CPU, ` +
          `load ${loadavg()[0]!.toFixed(1)}`,
      );
    }
    const median = ratios.toSorted((x, y) => x - y)[Math.floor((ratios.length - 1) / 2)]!;
    console.log(
      `median: create with 4 placeholder tags costs ×${median.toFixed(2)} the server CPU of create ` +
        `(rate ×${(1 / median).toFixed(2)}); target ≤ ×2 (rate ≥ 0.5): ${median <= 2 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await stop(firma);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
