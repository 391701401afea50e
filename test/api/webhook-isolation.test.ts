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
      // The hanging receiver is never answered within the test: a delivery that waited for it
      // (in the API call or in the fast endpoint's delivery) would wait the whole 60 s.
      server = await startTestServer({
        database,
        env: { FIRMA_JOB_POLL_MS: '100', FIRMA_WEBHOOK_TIMEOUT_MS: '60000' },
      });
    });
    after(() => server?.close());

    test('the fast endpoint gets the event while the hanging one is still being attempted', async () => {
      const hanging: ServerResponse[] = [];
      let stuckAbandoned = false;
      const stuck = await startReceiver((_n, _w, res) => {
        hanging.push(res);
        res.on('close', () => (stuckAbandoned = !res.writableEnded || stuckAbandoned));
      });
      const fast = await startReceiver();
      try {
        for (const url of [stuck.url, fast.url]) {
          assert.equal(
            (await server.api.post('/api/v2/webhook/create', { json: { url, events: ['DOCUMENT_CREATED'] } })).status,
            200,
          );
        }
        const created = await createDocument(server.api);
        assert.equal(created.status, 200);
        const documentId = (created.body as { id: number | string }).id;
        const [got] = await fast.waitFor((w) => w.body.event === 'DOCUMENT_CREATED', 1, 40_000);
        assert.equal(String(got!.body.payload?.id), String(documentId));
        await stuck.waitFor(() => true, 1, 40_000);
        assert.equal(hanging.length, 1, 'the hanging receiver was attempted too, concurrently');
        // Proof without a clock: both answers came while the hanging attempt was still open (the
        // server gives up on it only after 60 s), so neither the API call nor the fast delivery waited.
        assert.equal(stuckAbandoned, false, 'the hanging attempt was still open when the fast endpoint got the event');
        assert.equal(hanging[0]!.writableEnded, false);
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
        env: { FIRMA_JOB_POLL_MS: '100', FIRMA_WEBHOOK_RETRY_BASE_MS: '10000', FIRMA_WEBHOOK_RETRY_MAX_ATTEMPTS: '2' },
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
        const failures = await dead.waitFor(() => true, 5, 40_000);
        // The circuit is now open for 10 s (the retry base); the sixth event waits, other endpoints do not.
        assert.equal((await server.api.post(`/api/v2/webhook/${h.id}/test`)).status, 200);
        await healthy.waitFor(() => true, 1, 40_000);
        const [, , , , , sixth] = await dead.waitFor(() => true, 6, 60_000);
        // Lower bounds only (a busy machine can make things later, never earlier): the sixth attempt
        // came after the healthy delivery and no sooner than the open circuit allows.
        assert.ok(
          sixth!.receivedAt >= healthy.received[0]!.receivedAt,
          'the healthy endpoint did not wait for the circuit',
        );
        assert.ok(sixth!.receivedAt - failures[4]!.receivedAt >= 9_000, 'no attempt while the circuit is open');
      } finally {
        await Promise.all([dead.close(), healthy.close()]);
      }
    });
  });
}
