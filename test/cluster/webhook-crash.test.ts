import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { createPendingDocument } from '../helpers/documents.js';
import { HttpClient } from '../helpers/http-client.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { runFirma, spawnFirma, watchOutput } from '../helpers/spawn-firma.js';
import { startReceiver, verifySignature } from '../helpers/webhook-receiver.js';

describe('webhooks survive a killed server and a receiver that was down (real processes, SQLite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'firma-crash-'));
  const env = {
    FIRMA_DATA_DIR: dataDir,
    PORT: '0',
    FIRMA_WEBHOOK_ALLOW_PRIVATE: 'true',
    FIRMA_WEBHOOK_RETRY_BASE_MS: '200',
    FIRMA_JOB_POLL_MS: '100',
  };
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('events recorded while the receiver is down arrive after SIGKILL and restart; the CLI manages the endpoint', async () => {
    const probe = await startReceiver();
    const port = probe.port;
    await probe.close();

    const first = spawnFirma(['serve'], env);
    const output = watchOutput(first);
    const [, url] = await output.waitFor(/listening on (http:\/\/\S+)/);
    const [, token] = await output.waitFor(/^\s+(api_[A-Za-z0-9_-]{32})\s*$/m);
    const api = new HttpClient(url!, token!);

    const created = await runFirma(
      ['webhook', 'create', '--platform', 'default', '--url', `http://127.0.0.1:${port}/hook`, '--json'],
      env,
    );
    assert.equal(created.code, 0, created.stderr);
    const hook = JSON.parse(created.stdout) as { id: string; secret: string; events: string[] };
    assert.match(hook.secret, /^whsec_/);
    assert.equal(hook.events.length, 14, 'every event by default (the template and reminder events included)');
    const listed = await runFirma(['webhook', 'list', '--platform', 'default'], env);
    assert.match(listed.stdout, new RegExp(`${hook.id}\\tenabled\\thttp://127\\.0\\.0\\.1:${port}/hook`));
    assert.ok(!listed.stdout.includes(hook.secret), 'list never prints the secret');
    const refused = await runFirma(
      ['webhook', 'create', '--platform', 'default', '--url', 'http://x', '--events', 'NOPE'],
      env,
    );
    assert.equal(refused.code, 2);

    const { urls, documentId } = await createPendingDocument(api);
    for (const u of urls.values()) assert.equal((await signAll(new HttpClient(url!, null), tokenOf(u))).status, 200);
    await waitForStatus(api, documentId, ['COMPLETED']);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    const receiver = await startReceiver(undefined, port);
    const second = spawnFirma(['serve'], env);
    try {
      await watchOutput(second).waitFor(/listening on/);
      const events = await receiver.waitFor((w) => w.body.event === 'DOCUMENT_COMPLETED', 1, 60_000);
      assert.equal(events[0]!.body.payload.id, documentId);
      // Older events were retried longer while the receiver was down, so their next (backed-off)
      // attempt can come after DOCUMENT_COMPLETED's: wait for each rather than expect them at once.
      for (const t of [
        'DOCUMENT_CREATED',
        'DOCUMENT_SENT',
        'DOCUMENT_OPENED',
        'DOCUMENT_RECIPIENT_COMPLETED',
        'DOCUMENT_SIGNED',
        'DOCUMENT_COMPLETED',
      ]) {
        await receiver.waitFor((w) => w.body.event === t, 1, 60_000);
      }
      assert.ok(receiver.received.every((w) => verifySignature(w, hook.secret)));
      const ids = receiver.received.map((w) => w.body.id);
      const attempts = receiver.received.map((w) => Number(w.headers['x-firma-delivery-attempt']));
      assert.ok(
        attempts.some((a) => a >= 2),
        'events were tried while the receiver was down, and again after the restart',
      );
      assert.equal(new Set(ids).size, ids.length, 'each event arrived once it could, with its own stable id');

      const deleted = await runFirma(['webhook', 'delete', hook.id, '--platform', 'default'], env);
      assert.equal(deleted.code, 0, deleted.stderr);
      assert.match((await runFirma(['webhook', 'list', '--platform', 'default'], env)).stdout, /\(no webhooks\)/);
    } finally {
      second.kill('SIGTERM');
      await new Promise((resolve) => second.once('exit', resolve));
      await receiver.close();
    }
  });
});
