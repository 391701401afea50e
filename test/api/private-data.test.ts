import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createDocument, typicalPayload } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

/**
 * A whole flow at LOG_LEVEL=debug, with webhooks, mail, v1 capabilities and refused requests:
 * no API token, recipient token, signing URL, upload or download capability, or webhook secret
 * may appear in a log line, and no error body may echo one.
 */
describe('private data stays out of logs and error bodies', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      database: 'sqlite',
      captureLogs: true,
      env: { LOG_LEVEL: 'debug', FIRMA_JOB_POLL_MS: '100' },
    });
  });
  after(() => server?.close());

  test('a full flow at debug level logs none of the secrets', async () => {
    const receiver = await startReceiver();
    const secrets: string[] = [server.api.token!];
    const errorBodies: string[] = [];
    try {
      const hook = await server.api.post('/api/v2/webhook/create', {
        json: { url: receiver.url, events: ['DOCUMENT_COMPLETED', 'DOCUMENT_SENT'] },
      });
      secrets.push(hook.body.secret);
      const created = await createDocument(server.api, typicalPayload({ title: 'Privado' }));
      const sent = await server.api.post('/api/v2/document/distribute', {
        json: { documentId: created.body.id, meta: { distributionMethod: 'EMAIL' }, includeSigningUrls: true },
      });
      const urls = (sent.body.recipients as { signingUrl: string }[]).map((r) => r.signingUrl);
      for (const u of urls) secrets.push(u, tokenOf(u));
      for (const u of urls) assert.equal((await signAll(server.anon, tokenOf(u))).status, 200);
      await waitForStatus(server.api, created.body.id, ['COMPLETED']);
      await receiver.waitFor((w) => w.body.event === 'DOCUMENT_COMPLETED');

      const v1 = await server.api.post('/api/v1/documents', { json: { title: 'v1 privado', recipients: [] } });
      secrets.push(v1.body.uploadUrl, v1.body.uploadUrl.split('/').pop());
      const v1done = await server.api.post('/api/v1/documents', { json: { title: 'x' } });
      secrets.push(v1done.body.uploadUrl.split('/').pop());

      // Refusals that carry the secrets in their path, query or headers.
      const token = tokenOf(urls[0]!);
      for (const path of [
        `/api/v2/signing/${token}/field/999999`,
        `/api/v2/signing/${token}/nothing`,
        `/api/v2/signing/${token}${'z'.repeat(600)}`,
        `/sign/${token}x`,
        `/api/v2/me?token=${token}`,
      ]) {
        const res = await server.anon.get(path);
        errorBodies.push(res.bytes.toString());
      }
      const wrongAuth = await server.anon.get('/api/v2/me', {
        headers: { authorization: `Bearer ${server.api.token}x` },
      });
      errorBodies.push(wrongAuth.bytes.toString());
      const badUpload = await fetch(v1.body.uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        body: 'not a pdf',
      });
      errorBodies.push(await badUpload.text());
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await receiver.close();
    }
    const logs = server.logs.join('');
    assert.ok(logs.length > 10_000, 'debug logging really ran');
    assert.match(logs, /"level":20/, 'debug lines are present');
    for (const secret of secrets.filter(Boolean)) {
      assert.ok(!logs.includes(secret), `the log holds a secret: ${secret.slice(0, 12)}…`);
      for (const body of errorBodies)
        assert.ok(!body.includes(secret), `an error body echoes a secret: ${body.slice(0, 120)}`);
    }
  });
});
