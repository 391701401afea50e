import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { createDocument } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

// A receiver that never answers must cost the others nothing: attempts run concurrently across
// endpoints, and neither the API call that caused the event nor the other endpoint waits for it.
for (const database of testDatabases()) {
  describe(`a hanging webhook receiver does not hold up others (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, env: { FIRMA_JOB_POLL_MS: '100', FIRMA_WEBHOOK_TIMEOUT_MS: '6000' } });
    });
    after(() => server?.close());

    test('the fast endpoint gets the event while the hanging one is still being attempted', async () => {
      const hanging: ServerResponse[] = [];
      const stuck = await startReceiver((_n, _w, res) => void hanging.push(res));
      const fast = await startReceiver();
      try {
        for (const url of [stuck.url, fast.url]) {
          assert.equal(
            (await server.api.post('/api/v2/webhook/create', { json: { url, events: ['DOCUMENT_CREATED'] } })).status,
            200,
          );
        }
        const started = Date.now();
        const created = await createDocument(server.api);
        assert.equal(created.status, 200);
        assert.ok(Date.now() - started < 3000, 'the API call does not wait for delivery');
        const documentId = (created.body as { id: number | string }).id;
        const [got] = await fast.waitFor((w) => w.body.event === 'DOCUMENT_CREATED');
        assert.equal(String(got!.body.payload?.id), String(documentId));
        assert.ok(Date.now() - started < 4000, 'delivered long before the hanging receiver times out (6 s)');
        await stuck.waitFor(() => true);
        assert.equal(hanging.length, 1, 'the hanging receiver was attempted too, concurrently');
      } finally {
        for (const res of hanging) res.end();
        await Promise.all([stuck.close(), fast.close()]);
      }
    });
  });

  describe(`a failing endpoint's circuit opens without touching others (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        database,
        env: { FIRMA_JOB_POLL_MS: '100', FIRMA_WEBHOOK_RETRY_BASE_MS: '4000', FIRMA_WEBHOOK_RETRY_MAX_ATTEMPTS: '2' },
      });
    });
    after(() => server?.close());

    test('after five failures in a row the endpoint pauses; a healthy endpoint keeps receiving', async () => {
      const dead = await startReceiver((_n, _w, res) => {
        res.statusCode = 500;
        res.end();
      });
      const healthy = await startReceiver();
      try {
        const create = async (url: string) =>
          (await server.api.post('/api/v2/webhook/create', { json: { url, events: ['DOCUMENT_SENT'] } })).body as {
            id: string;
          };
        const d = await create(dead.url);
        const h = await create(healthy.url);
        for (let i = 0; i < 6; i++) assert.equal((await server.api.post(`/api/v2/webhook/${d.id}/test`)).status, 200);
        await dead.waitFor(() => true, 5);
        // The circuit is now open for 4 s (the retry base); the sixth event waits, other endpoints do not.
        assert.equal((await server.api.post(`/api/v2/webhook/${h.id}/test`)).status, 200);
        await healthy.waitFor(() => true, 1, 2000);
        await new Promise((r) => setTimeout(r, 1500));
        assert.equal(dead.received.length, 5, 'no attempt while the circuit is open');
        await dead.waitFor(() => true, 6, 15_000);
      } finally {
        await Promise.all([dead.close(), healthy.close()]);
      }
    });
  });
}
