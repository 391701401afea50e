import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import newman, { type NewmanSummary } from 'newman';
import { onePagePdf } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { startReceiver, verifySignature } from '../helpers/webhook-receiver.js';
import { pdfsig } from '../support/pdf-tools.js';

/** Runs folders of the served collection in newman, as a new user would: only the variables given set. */
function runNewman(collection: object, folder: string, vars: Record<string, string>): Promise<NewmanSummary> {
  return new Promise((resolve, reject) => {
    newman.run(
      {
        collection,
        folder,
        envVar: Object.entries(vars).map(([key, value]) => ({ key, value })),
        reporters: [],
        insecureFileRead: true,
        timeoutRequest: 30_000,
      },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    );
  });
}

function failuresOf(summary: NewmanSummary): string[] {
  return summary.run.failures.map(
    (f) => `${f.source?.name ?? '?'}: ${f.error.test ?? f.error.name} ${f.error.message}`,
  );
}

/** Every request of the folder ran and carried at least one assertion, none failed. */
function assertClean(summary: NewmanSummary, minRequests: number) {
  assert.deepEqual(failuresOf(summary), []);
  assert.equal(summary.run.stats.assertions.failed, 0);
  assert.ok(summary.run.stats.requests.total >= minRequests, `${summary.run.stats.requests.total} requests`);
  for (const e of summary.run.executions)
    assert.ok((e.assertions ?? []).length > 0, `${e.item.name} asserts something`);
}

for (const database of testDatabases()) {
  describe(`Postman collection in newman (${database})`, () => {
    let server: TestServer;
    let collection: any;
    let dir: string;
    let token: string;
    before(async () => {
      server = await startTestServer({ database });
      collection = (await server.anon.get('/api/docs/postman.json')).body;
      dir = mkdtempSync(join(tmpdir(), 'firma-newman-'));
      writeFileSync(join(dir, 'contrato.pdf'), await onePagePdf());
      token = server.api.token!;
    });
    after(async () => {
      await server?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    test('"Typical flow" runs end to end with only the token and the PDF path set, ending with a sealed PDF', async () => {
      const summary = await runNewman(collection, 'Typical flow', {
        api_token: token,
        pdf_path: join(dir, 'contrato.pdf'),
      });
      assertClean(summary, 12);
      const names = summary.run.executions.map((e) => e.item.name);
      assert.ok(names.some((n) => /COMPLETED/.test(n)));
      const download = summary.run.executions.find((e) => /sealed PDF/.test(e.item.name));
      assert.equal(download?.response?.code, 200);
      assert.match(pdfsig(new Uint8Array(download.response.stream!)), /Signature is Valid/);
      const certificate = summary.run.executions.find((e) => /certificate/.test(e.item.name));
      assert.match(pdfsig(new Uint8Array(certificate!.response!.stream!)), /Signature is Valid/);
    });

    test('"Template flow" makes a template, uses it for two people and sends the document', async () => {
      const summary = await runNewman(collection, 'Template flow', {
        api_token: token,
        pdf_path: join(dir, 'contrato.pdf'),
      });
      assertClean(summary, 3);
    });

    test('"Webhook" registers an endpoint that receives a signed test event, then removes it', async () => {
      const receiver = await startReceiver();
      try {
        const summary = await runNewman(collection, 'Webhook', { api_token: token, webhook_url: receiver.url });
        assertClean(summary, 4);
        const [hook] = await receiver.waitFor(() => true);
        const secret = JSON.parse(summary.run.executions[0]!.response!.stream!.toString('utf8')).secret as string;
        assert.ok(verifySignature(hook!, secret));
      } finally {
        await receiver.close();
      }
    });

    test('"Webhook" to a local receiver on a default server stops at the first request, naming the setting', async () => {
      const strict = await startTestServer({ database, env: { FIRMA_WEBHOOK_ALLOW_PRIVATE: 'false' } });
      const receiver = await startReceiver();
      try {
        const served = (await strict.anon.get('/api/docs/postman.json')).body;
        const summary = await runNewman(served, 'Webhook', {
          api_token: strict.api.token!,
          webhook_url: receiver.url,
        });
        // One request, one failed assertion that names the setting; nothing called with an empty id.
        assert.equal(summary.run.stats.requests.total, 1);
        const failures = failuresOf(summary);
        assert.equal(failures.length, 1);
        assert.match(failures[0]!, /FIRMA_WEBHOOK_ALLOW_PRIVATE/);
        assert.ok(!summary.run.executions.some((e) => /\/webhook\/(null|undefined)?\//.test(String(e.request?.url))));
      } finally {
        await receiver.close();
        await strict.close();
      }
    });

    test('a failing step fails the run (the assertions are real)', async () => {
      const summary = await runNewman(collection, 'Typical flow', {
        api_token: 'api_wrongwrongwrong',
        pdf_path: join(dir, 'contrato.pdf'),
      });
      assert.ok(summary.run.stats.assertions.failed > 0);
    });
  });
}
