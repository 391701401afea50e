import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createPendingDocument } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { startReceiver, verifySignature } from '../helpers/webhook-receiver.js';

const ALL_EVENTS = [
  'DOCUMENT_CREATED',
  'DOCUMENT_SENT',
  'DOCUMENT_OPENED',
  'DOCUMENT_RECIPIENT_COMPLETED',
  'DOCUMENT_SIGNED',
  'DOCUMENT_COMPLETED',
  'DOCUMENT_REJECTED',
  'DOCUMENT_CANCELLED',
  'RECIPIENT_EXPIRED',
];

for (const database of testDatabases()) {
  describe(`webhook delivery to a real receiver (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        database,
        env: {
          FIRMA_JOB_POLL_MS: '100',
          FIRMA_WEBHOOK_RETRY_BASE_MS: '150',
          FIRMA_WEBHOOK_TIMEOUT_MS: '800',
          FIRMA_WEBHOOK_RETRY_MAX_ATTEMPTS: '4',
        },
      });
    });
    after(() => server?.close());

    async function endpoint(url: string, events = ALL_EVENTS) {
      const res = await server.api.post('/api/v2/webhook/create', { json: { url, events } });
      assert.equal(res.status, 200);
      return res.body as { id: string; secret: string };
    }

    test('a full flow delivers its events in order, signed, with the secret header and no signing tokens', async () => {
      const receiver = await startReceiver();
      try {
        const hook = await endpoint(`${receiver.url}/firma`);
        const { urls, documentId } = await createPendingDocument(server.api);
        for (const url of urls.values()) assert.equal((await signAll(server.anon, tokenOf(url))).status, 200);
        await waitForStatus(server.api, documentId, ['COMPLETED']);
        const [completed] = await receiver.waitFor((w) => w.body.event === 'DOCUMENT_COMPLETED');
        const mine = receiver.received.filter((w) => w.body.payload?.id === documentId);
        const order = mine.map((w) => w.body.event).filter((e, i, all) => all.indexOf(e) === i);
        assert.deepEqual(order.slice(0, 2), ['DOCUMENT_CREATED', 'DOCUMENT_SENT']);
        assert.equal(order.at(-1), 'DOCUMENT_COMPLETED');
        for (const e of ['DOCUMENT_OPENED', 'DOCUMENT_RECIPIENT_COMPLETED', 'DOCUMENT_SIGNED'])
          assert.ok(order.includes(e), e);
        for (const w of mine) {
          assert.equal(w.headers['content-type'], 'application/json');
          assert.equal(w.headers['x-service-secret'], hook.secret);
          assert.equal(w.headers['x-documenso-secret'], hook.secret, "Documenso's header name, same value");
          assert.equal(w.headers['x-firma-event-id'], w.body.id);
          assert.equal(w.headers['x-firma-delivery-attempt'], '1');
          assert.ok(verifySignature(w, hook.secret), 'the HMAC verifies');
          assert.ok(!verifySignature(w, 'another-secret-0000'), 'and fails with another secret');
          assert.equal(w.body.webhookEndpoint, `${receiver.url}/firma`);
          for (const url of urls.values()) assert.ok(!w.raw.includes(tokenOf(url)), 'no signing token in a payload');
          assert.ok(!w.raw.includes('/sign/'));
        }
        assert.equal(completed!.body.payload.status, 'COMPLETED');
        assert.ok(Array.isArray(completed!.body.payload.recipients));
        const tampered = { ...completed!, raw: completed!.raw.replace('COMPLETED', 'REJECTED') };
        assert.ok(!verifySignature(tampered, hook.secret), 'a changed body fails verification');
      } finally {
        await server.api.post('/api/v2/webhook/update', {
          json: { id: (await server.api.get('/api/v2/webhook')).body[0].id, enabled: false },
        });
        await receiver.close();
      }
    });

    test('500, 500, 500 then 200: the fourth attempt succeeds with the same event id; deliveries list and replay', async () => {
      const receiver = await startReceiver((n, _w, res) => {
        res.statusCode = n < 3 ? 500 : 200;
        res.end();
      });
      try {
        const hook = await endpoint(receiver.url, ['DOCUMENT_SENT']);
        await createPendingDocument(server.api);
        const hits = await receiver.waitFor(() => true, 4);
        assert.equal(new Set(hits.map((h) => h.body.id)).size, 1, 'the same event id on every attempt');
        assert.deepEqual(
          hits.map((h) => h.headers['x-firma-delivery-attempt']),
          ['1', '2', '3', '4'],
        );
        let deliveries: any;
        for (let i = 0; i < 50; i++) {
          deliveries = await server.api.get(`/api/v2/webhook/${hook.id}/deliveries`);
          if (deliveries.body.data[0]?.status === 'delivered') break;
          await new Promise((r) => setTimeout(r, 50));
        }
        const [delivery] = deliveries.body.data;
        assert.equal(delivery.status, 'delivered');
        assert.equal(delivery.attempt, 4);
        assert.equal(delivery.statusCode, 200);
        assert.deepEqual(
          delivery.attempts.map((a: { statusCode: number }) => a.statusCode),
          [500, 500, 500, 200],
        );
        assert.ok(delivery.attempts.every((a: { durationMs: number }) => a.durationMs >= 0));

        const replay = await server.api.post(`/api/v2/webhook/delivery/${delivery.id}/replay`);
        assert.equal(replay.status, 200);
        assert.equal(replay.body.eventId, delivery.eventId);
        const again = await receiver.waitFor(() => true, 5);
        assert.equal(again[4]!.body.id, delivery.eventId, 'a replay carries the same event id');
        const busy = await server.api.post(`/api/v2/webhook/delivery/${replay.body.id}/replay`);
        assert.ok(busy.status === 409 || busy.status === 200);
        if (busy.status === 409) assert.equal(busy.body.code, 'WEBHOOK_DELIVERY_IN_PROGRESS');
      } finally {
        await receiver.close();
      }
    });

    test('redirects are not followed, slow receivers time out, and a dead one ends FAILED after the last attempt', async () => {
      let followed = 0;
      const target = await startReceiver((_n, _w, res) => {
        followed++;
        res.end();
      });
      const redirecting = await startReceiver((_n, _w, res) => {
        res.writeHead(302, { location: `${target.url}/elsewhere` });
        res.end();
      });
      const slow = await startReceiver(async (_n, _w, res) => {
        await new Promise((r) => setTimeout(r, 2000));
        res.end();
      });
      try {
        const r = await endpoint(redirecting.url, ['DOCUMENT_SENT']);
        const s = await endpoint(slow.url, ['DOCUMENT_SENT']);
        await server.api.post(`/api/v2/webhook/${r.id}/test`);
        await server.api.post(`/api/v2/webhook/${s.id}/test`);
        const finalOf = async (id: string) => {
          for (let i = 0; i < 200; i++) {
            const d = (await server.api.get(`/api/v2/webhook/${id}/deliveries`)).body.data[0];
            if (d?.status === 'failed') return d;
            await new Promise((res) => setTimeout(res, 100));
          }
          throw new Error('never failed');
        };
        const redirected = await finalOf(r.id);
        assert.equal(redirected.statusCode, 302);
        assert.match(redirected.error, /redirect 302 not followed/);
        assert.equal(redirected.attempt, 4, 'retried up to FIRMA_WEBHOOK_RETRY_MAX_ATTEMPTS');
        assert.equal(followed, 0, 'the redirect target never got a request');
        const timedOut = await finalOf(s.id);
        assert.equal(timedOut.statusCode, null);
        assert.match(timedOut.error, /no answer within 800 ms/);
      } finally {
        await Promise.all([target.close(), redirecting.close(), slow.close()]);
      }
    });

    test('a URL that turns private is refused again at delivery time', async () => {
      const receiver = await startReceiver();
      try {
        const hook = await endpoint(receiver.url, ['DOCUMENT_SENT']);
        server.ctx.config.webhooks.allowPrivate = false;
        await server.api.post(`/api/v2/webhook/${hook.id}/test`);
        let delivery;
        for (let i = 0; i < 100; i++) {
          delivery = (await server.api.get(`/api/v2/webhook/${hook.id}/deliveries`)).body.data[0];
          if (delivery?.attempt >= 1) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        assert.match(delivery.error, /private or loopback/);
        assert.equal(receiver.received.length, 0);
      } finally {
        server.ctx.config.webhooks.allowPrivate = true;
        await receiver.close();
      }
    });
  });
}
