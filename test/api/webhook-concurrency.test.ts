import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { startReceiver, verifySignature } from '../helpers/webhook-receiver.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Several attempts in flight per endpoint: a backlog to one receiver drains in parallel, still
// exactly once per event id (one claim per delivery) and signed; a receiver that starts hanging
// holds at most its own slots, never the other endpoints'.
for (const database of testDatabases()) {
  describe(`webhook deliveries in parallel to one endpoint (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        database,
        env: {
          FIRMA_JOB_POLL_MS: '100',
          FIRMA_WEBHOOK_CONCURRENCY: '16',
          FIRMA_WEBHOOK_CONCURRENCY_PER_ENDPOINT: '8',
          // Longer than the test: an attempt the server gave up on would show as a closed response.
          FIRMA_WEBHOOK_TIMEOUT_MS: '60000',
        },
      });
    });
    after(() => server?.close());

    const create = async (url: string) => {
      const res = await server.api.post('/api/v2/webhook/create', { json: { url, events: ['DOCUMENT_SENT'] } });
      assert.equal(res.status, 200);
      return res.body as { id: string; secret: string };
    };

    test('a backlog of 150 events arrives once per event id, signed, with several requests in flight', async () => {
      let inFlight = 0;
      let maxInFlight = 0;
      const receiver = await startReceiver(async (_n, _w, res) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await sleep(20);
        inFlight--;
        res.end('ok');
      });
      try {
        const hook = await create(receiver.url);
        const queued: string[] = [];
        for (let i = 0; i < 150; i++) {
          const res = await server.api.post(`/api/v2/webhook/${hook.id}/test`);
          assert.equal(res.status, 200);
          queued.push((res.body as { eventId: string }).eventId);
        }
        // At one request at a time per poll (the old pace) this would take over a minute.
        await receiver.waitFor(() => true, 150, 20_000);
        await sleep(300);
        const ids = receiver.received.map((w) => w.body.id);
        assert.equal(ids.length, 150, 'no event arrived twice');
        assert.deepEqual([...new Set(ids)].sort(), [...queued].sort(), 'every queued event arrived, each once');
        for (const w of receiver.received) {
          assert.equal(w.headers['x-firma-event-id'], w.body.id);
          assert.equal(w.headers['x-firma-delivery-attempt'], '1');
          assert.ok(verifySignature(w, hook.secret), 'the HMAC verifies');
        }
        assert.ok(maxInFlight > 1, `several requests in flight at once (saw ${maxInFlight})`);
        assert.ok(maxInFlight <= 8, `never more than FIRMA_WEBHOOK_CONCURRENCY_PER_ENDPOINT (saw ${maxInFlight})`);
        let statuses: string[] = [];
        for (let i = 0; i < 50; i++) {
          const page = await server.api.get(`/api/v2/webhook/${hook.id}/deliveries?perPage=100`);
          const more = await server.api.get(`/api/v2/webhook/${hook.id}/deliveries?perPage=100&page=2`);
          statuses = [...page.body.data, ...more.body.data].map(
            (d: { status: string; attempts: unknown[] }) => `${d.status}/${d.attempts.length}`,
          );
          if (statuses.length === 150 && statuses.every((s) => s === 'delivered/1')) break;
          await sleep(100);
        }
        assert.equal(statuses.length, 150);
        assert.ok(
          statuses.every((s) => s === 'delivered/1'),
          'each delivery recorded as delivered after one attempt',
        );
      } finally {
        await server.api.post('/api/v2/webhook/update', {
          json: { id: (await server.api.get('/api/v2/webhook')).body[0].id, enabled: false },
        });
        await receiver.close();
      }
    });

    test('an endpoint that starts hanging with a backlog does not delay another endpoint', async () => {
      const hanging: ServerResponse[] = [];
      let abandoned = 0;
      // Healthy for its first 20 requests (its window has grown), then it stops answering.
      const stuck = await startReceiver((n, _w, res) => {
        if (n < 20) res.end('ok');
        else {
          hanging.push(res);
          res.on('close', () => void (res.writableEnded || abandoned++));
        }
      });
      const fast = await startReceiver();
      try {
        const s = await create(stuck.url);
        const f = await create(fast.url);
        for (let i = 0; i < 60; i++) assert.equal((await server.api.post(`/api/v2/webhook/${s.id}/test`)).status, 200);
        await stuck.waitFor(() => true, 21, 10_000);
        for (let i = 0; i < 10; i++) assert.equal((await server.api.post(`/api/v2/webhook/${f.id}/test`)).status, 200);
        await fast.waitFor(() => true, 10, 40_000);
        // No clock: every hanging attempt was still open (the server waits 60 s) when the last fast
        // delivery arrived, so the fast endpoint never waited for a slot the hanging one held.
        assert.equal(abandoned, 0, 'the fast deliveries did not wait for a hanging attempt to time out');
        assert.ok(
          hanging.length >= 1 && hanging.length <= 8,
          `the hanging endpoint holds at most its own slots (${hanging.length})`,
        );
      } finally {
        for (const res of hanging) res.end();
        await Promise.all([stuck.close(), fast.close()]);
      }
    });
  });
}
