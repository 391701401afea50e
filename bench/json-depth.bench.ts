/**
 * Deep JSON: `npx tsx bench/json-depth.bench.ts` (also part of `npm run bench`).
 *
 * Starts the real `firma serve` (compiled dist/, SQLite) and probes GET /health every 5 ms, first
 * idle, then while rounds of JSON bodies nested as deep as the 1 MB body limit allows are sent
 * and refused (400 JSON_TOO_DEEP), 5 at a time: 500,000 nested arrays and 170,000 nested objects
 * to a public signing route without a token, 30,000 and 500,000 deep to authenticated v2 and v1
 * routes, and a multipart upload whose payload part is 500,000 deep. Reports /health latency idle
 * and under attack (measured in the same run) and how long the refusals took. Target from issue
 * 31: /health p99 ≤ 100 ms while they are refused (before the depth bound a single 30,000-deep
 * body held the event loop for 19 s on a quiet machine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onePagePdf } from '../test/helpers/documents.js';
import { HttpClient, type HttpResponse } from '../test/helpers/http-client.js';
import { at, probe } from './hostile-files.bench.js';
import { startFirma, stop } from './http.bench.js';

const ROUNDS = 10;

export interface JsonDepthBench {
  idle: { p50: number; p99: number };
  underAttack: { p50: number; p99: number; max: number; probes: number };
  p99Ratio: number;
  sent: number;
  refused: number;
  refusal: { p50: number; p99: number };
  meetsTarget: boolean;
}

const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

export async function runJsonDepthBench(): Promise<JsonDepthBench> {
  const deepest = arrays(500_000);
  const pdf = Buffer.from(await onePagePdf());
  const multipart = Buffer.concat([
    Buffer.from(`--x\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${deepest}\r\n`),
    Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n'),
    Buffer.from('Content-Type: application/pdf\r\n\r\n'),
    pdf,
    Buffer.from('\r\n--x--\r\n'),
  ]);
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-bench-json-depth-'));
  const firma = await startFirma(dataDir);
  try {
    const api = new HttpClient(firma.url, firma.token);
    const anon = api.withToken(null);
    const json = { 'content-type': 'application/json' };
    const timed = async (send: () => Promise<HttpResponse>) => {
      const started = performance.now();
      const res = await send();
      return { refused: res.status === 400 && res.body?.code === 'JSON_TOO_DEEP', ms: performance.now() - started };
    };
    const volley = () => [
      timed(() => anon.post('/api/v2/signing/x/reject', { body: deepest, headers: json })),
      timed(() => anon.post('/api/v2/signing/x/complete', { body: objects(170_000), headers: json })),
      timed(() => api.post('/api/v2/folder/create', { body: arrays(30_000), headers: json })),
      timed(() => api.post('/api/v1/documents', { body: deepest, headers: json })),
      timed(() =>
        api.post('/api/v2/document/create', {
          body: multipart,
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
        }),
      ),
    ];
    const idle = await probe(firma.url, new Promise((r) => setTimeout(r, 2000)));
    const answers: { refused: boolean; ms: number }[] = [];
    const attack = (async () => {
      for (let round = 0; round < ROUNDS; round++) answers.push(...(await Promise.all(volley())));
    })();
    const busy = await probe(firma.url, attack);
    await attack;
    const refusals = answers.map((a) => a.ms).sort((a, b) => a - b);
    const refused = answers.filter((a) => a.refused).length;
    const result: JsonDepthBench = {
      idle: { p50: at(idle, 0.5), p99: at(idle, 0.99) },
      underAttack: { p50: at(busy, 0.5), p99: at(busy, 0.99), max: busy.at(-1) ?? 0, probes: busy.length },
      p99Ratio: at(busy, 0.99) / Math.max(0.001, at(idle, 0.99)),
      sent: answers.length,
      refused,
      refusal: { p50: at(refusals, 0.5), p99: at(refusals, 0.99) },
      meetsTarget: false,
    };
    result.meetsTarget = result.underAttack.p99 <= 100 && refused === answers.length;
    console.log(
      `/health idle p50 ${result.idle.p50.toFixed(1)} ms, p99 ${result.idle.p99.toFixed(1)} ms; while ${answers.length} bodies nested up to 500,000 deep are sent (${ROUNDS} rounds of 5 in flight) p50 ${result.underAttack.p50.toFixed(1)} ms, p99 ${result.underAttack.p99.toFixed(1)} ms (×${result.p99Ratio.toFixed(1)}), max ${result.underAttack.max.toFixed(1)} ms over ${result.underAttack.probes} probes; refused ${refused}/${answers.length} with JSON_TOO_DEEP, each answered in p50 ${result.refusal.p50.toFixed(1)} / p99 ${result.refusal.p99.toFixed(1)} ms (target /health p99 ≤ 100 ms: ${result.meetsTarget ? 'met' : 'NOT met'})`,
    );
    return result;
  } finally {
    await stop(firma);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runJsonDepthBench();
