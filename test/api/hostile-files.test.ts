// firma-test: own-process — its bound is on the whole process's RSS, which the other files of a shared
// process would count in (737 MB in a group of eight, against 540–590 MB alone).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createDocument, createPendingDocument } from '../helpers/documents.js';
import { tokenOf } from '../helpers/signing.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { deeplyNestedPdf, objectStreamBombPdf, pngBombDataUrl, singleLayerBombPdf } from '../support/bomb-fixtures.js';

/**
 * Decompression bombs and pathological PDFs: refused with PDF_TOO_COMPLEX (or the signature's
 * own 400), nothing created, and the server keeps answering meanwhile, because every inflate is
 * bounded and PDF work runs in worker threads, off the event loop that serves requests.
 */

interface Bombs {
  doubleDeflated: Buffer;
  singleLayer: Buffer;
  nested: Buffer;
  png: string;
}

let bombs: Bombs | undefined;
async function makeBombs(): Promise<Bombs> {
  bombs ??= {
    doubleDeflated: await objectStreamBombPdf(),
    singleLayer: await singleLayerBombPdf(),
    nested: deeplyNestedPdf(300),
    png: pngBombDataUrl(30_000),
  };
  return bombs;
}

/** Probes GET /health every 5 ms until stopped; reports latencies and the highest RSS seen. */
function probeHealth(server: TestServer) {
  const latencies: number[] = [];
  let maxRss = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${server.url}/health`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      maxRss = Math.max(maxRss, process.memoryUsage().rss);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return {
    probes: () => latencies.length,
    async stop() {
      running = false;
      await loop;
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        count: sorted.length,
        p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
        max: sorted.at(-1) ?? 0,
        maxRssMb: maxRss / 1024 / 1024,
      };
    },
  };
}

for (const database of testDatabases()) {
  describe(`hostile files (${database})`, () => {
    let server: TestServer;
    before(async () => {
      await makeBombs();
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    test('PDF bombs and over-nested PDFs are refused with PDF_TOO_COMPLEX and nothing is created', async () => {
      const b = await makeBombs();
      const before = await countRows(server, 'envelope');
      for (const [name, pdf] of [
        ['object stream deflated twice (512 MiB)', b.doubleDeflated],
        ['object stream (256 MiB)', b.singleLayer],
        ['array nested 300 deep', b.nested],
      ] as const) {
        const res = await createDocument(server.api, undefined, pdf);
        assert.equal(res.status, 400, `${name}: ${res.status} ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 'PDF_TOO_COMPLEX', name);
      }
      assert.equal(await countRows(server, 'envelope'), before);
    });

    test('while bombs are refused, /health keeps answering and memory stays bounded', async (t) => {
      const b = await makeBombs();
      const pending = await createPendingDocument(server.api);
      const token = tokenOf([...pending.urls.values()][0]!);
      const view = await server.api.get(`/api/v2/signing/${token}`);
      const signature = (view.body.fields as { id: number; type: string }[]).find((f) => f.type === 'SIGNATURE')!;

      const probe = probeHealth(server);
      await new Promise((r) => setTimeout(r, 100));
      // At least three rounds, and until p99 rests on 150 probes rather than on one scheduler hiccup.
      const answers = [];
      for (let round = 0; round < 3 || (probe.probes() < 150 && round < 20); round++) {
        answers.push(
          ...(await Promise.all([
            createDocument(server.api, undefined, b.doubleDeflated),
            createDocument(server.api, undefined, b.singleLayer),
            server.anon.post(`/api/v2/signing/${token}/field/${signature.id}`, {
              json: { signature: { type: 'drawn', image: b.png } },
            }),
            createDocument(server.api, undefined, b.nested),
          ])),
        );
      }
      await new Promise((r) => setTimeout(r, 100));
      const health = await probe.stop();
      t.diagnostic(
        `/health: ${health.count} probes, p99 ${health.p99.toFixed(1)} ms, max ${health.max.toFixed(1)} ms; RSS max ${health.maxRssMb.toFixed(0)} MB`,
      );
      assert.deepEqual(
        answers.map((a) => a.status),
        Array(answers.length).fill(400),
      );
      assert.ok(
        answers.length >= 12 && health.count >= 100,
        `probed ${health.count} times over ${answers.length} bombs`,
      );
      // /health's p99 under the bombs (≤ 100 ms) is a figure of bench/hostile-files.bench.ts: on a
      // busy machine the idle p99 alone exceeds it, so as an assertion it tested the machine.
      // This is the whole test process (server, client, fixtures, both databases' runs): on this
      // machine it reaches 540–590 MB with this session's code and with the previous main alike.
      // The server's own bound (< 512 MB, 277 MB measured) is hostile-files.bench.ts's figure, in a
      // process of its own; here the bound still catches a bomb that inflates (758 MB before the
      // PDF threads).
      assert.ok(health.maxRssMb < 700, `RSS reached ${health.maxRssMb.toFixed(0)} MB`);
    });
  });
}
