/**
 * End-to-end flow and memory benchmark: `npx tsx bench/flow.bench.ts` (also part of `npm run bench`).
 *
 * Against a real `firma serve` (embedded SQLite and worker, fresh data dir):
 *   - full flows per second: create → distribute → 3 signers sign through the signing API →
 *     COMPLETED (rendered, certificate written, sealed), with a few flows in flight at once;
 *   - peak RSS of the server process while it receives a 50 MB PDF upload, and while it completes
 *     (renders and seals) a 500-page document, each beside the RSS it had before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentRss, makePdf, multipart, peakRss, startFirma, stop } from './http.bench.js';

const CUILS = ['20000000028', '27000000014', '23123456785'];
const FLOWS = Number(process.env.BENCH_FLOWS ?? 60);
const IN_FLIGHT = 6;

export interface FlowBenchResult {
  flows: number;
  seconds: number;
  flowsPerSecond: number;
  meanFlowMs: number;
  memory: {
    upload50MbPeakRssMiB: number;
    upload50MbBaselineMiB: number;
    seal500PagesPeakRssMiB: number;
    seal500PagesBaselineMiB: number;
    seal500PagesMs: number;
  };
}

function payload(pages = 1) {
  return {
    title: 'Bench flow',
    recipients: CUILS.map((cuil, n) => ({
      email: `s${n}@example.com`,
      name: `Signer ${n}`,
      role: 'SIGNER',
      cuil,
      fields: [{ type: 'SIGNATURE', pageNumber: pages, pageX: 5 + n * 30, pageY: 85, width: 25, height: 6 }],
    })),
  };
}

async function json(res: Response): Promise<any> {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** One whole flow; resolves once the document is COMPLETED. */
async function flow(base: string, token: string, body: { body: Buffer; contentType: string }): Promise<void> {
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
  for (const r of sent.recipients as { signingUrl: string }[]) {
    const api = `${base}/api/v2/signing/${r.signingUrl.split('/sign/')[1]}`;
    const view = await json(await fetch(api));
    for (const f of view.fields as { id: number }[]) {
      await json(
        await fetch(`${api}/field/${f.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ signature: { type: 'typed', text: view.recipient.name } }),
        }),
      );
    }
    await json(
      await fetch(`${api}/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ consent: { accepted: true, version: view.consent.version } }),
      }),
    );
  }
  for (;;) {
    const doc = await json(await fetch(`${base}/api/v2/document/${created.id}`, { headers: auth }));
    if (doc.status === 'COMPLETED') return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function runFlowBench(log: (line: string) => void = console.log): Promise<FlowBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-flow-bench-'));
  // A quick job poll: completions and mails follow the signatures without waiting.
  const server = await startFirma(dataDir, undefined, { FIRMA_JOB_POLL_MS: '50' });
  try {
    const onePage = multipart(payload(), await makePdf(1));
    await flow(server.url, server.token, onePage); // warm-up: JIT, seal identity, fonts
    const started = performance.now();
    let next = 0;
    const durations: number[] = [];
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < FLOWS) {
          next++;
          const t = performance.now();
          await flow(server.url, server.token, onePage);
          durations.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const pid = server.child.pid!;
    const mib = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;
    const uploadBaseline = currentRss(pid);
    const big = multipart(payload(), await makePdf(1, 50 * 1024 * 1024 - 200_000));
    await json(
      await fetch(`${server.url}/api/v2/document/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': big.contentType },
        body: new Uint8Array(big.body),
      }),
    );
    const uploadPeak = peakRss(pid);

    const sealBaseline = currentRss(pid);
    const pages = multipart(payload(500), await makePdf(500));
    const t = performance.now();
    await flow(server.url, server.token, pages);
    const sealMs = performance.now() - t;
    const sealPeak = peakRss(pid);

    const result: FlowBenchResult = {
      flows: FLOWS,
      seconds: Math.round(seconds * 100) / 100,
      flowsPerSecond: Math.round((FLOWS / seconds) * 100) / 100,
      meanFlowMs: Math.round(durations.reduce((a, b) => a + b, 0) / durations.length),
      memory: {
        upload50MbPeakRssMiB: mib(uploadPeak),
        upload50MbBaselineMiB: mib(uploadBaseline),
        seal500PagesPeakRssMiB: mib(sealPeak),
        seal500PagesBaselineMiB: mib(sealBaseline),
        seal500PagesMs: Math.round(sealMs),
      },
    };
    log(
      `full flow (create → distribute → 3 signers → COMPLETED, ${IN_FLIGHT} in flight): ${result.flowsPerSecond} flows/s, mean ${result.meanFlowMs} ms per flow`,
    );
    log(
      `server RSS: 50 MB upload peak ${result.memory.upload50MbPeakRssMiB} MiB (before ${result.memory.upload50MbBaselineMiB} MiB)`,
    );
    log(
      `server RSS: 500-page flow to COMPLETED in ${result.memory.seal500PagesMs} ms, peak ${result.memory.seal500PagesPeakRssMiB} MiB (before ${result.memory.seal500PagesBaselineMiB} MiB; VmHWM is a process-lifetime peak)`,
    );
    return result;
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runFlowBench();
}
