import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

/*
 * Documenso's webhook routes (after SDK 0.9.1, so no SDK operation to validate with): the shapes
 * are written here from the reference (shared/reference/documenso-next-api.md and Documenso's
 * *.types.ts), strict where Documenso's own Zod is, so a missing or mistyped member fails.
 */
const ZDocumensoWebhook = z.object({
  id: z.string(),
  webhookUrl: z.string(),
  eventTriggers: z.array(z.string()),
  secret: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  userId: z.number().int(),
  teamId: z.number().int(),
});
const ZDocumensoCall = z.object({
  id: z.string(),
  webhookId: z.string(),
  status: z.enum(['PENDING', 'SUCCESS', 'FAILED']),
  event: z.string(),
  url: z.string(),
  responseCode: z.number().int(),
  createdAt: z.string(),
  requestBody: z.unknown(),
  responseHeaders: z.unknown().nullable(),
  responseBody: z.unknown().nullable(),
});
const ZDocumensoCalls = z.object({
  data: z.array(ZDocumensoCall),
  count: z.number().int(),
  currentPage: z.number().int(),
  perPage: z.number().int(),
  totalPages: z.number().int(),
});
const ZTestAnswer = z.object({ success: z.boolean(), message: z.string().optional(), error: z.string().optional() });

for (const database of testDatabases()) {
  describe(`Documenso's webhook routes (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        database,
        env: {
          FIRMA_JOB_POLL_MS: '100',
          FIRMA_WEBHOOK_RETRY_BASE_MS: '100',
          FIRMA_WEBHOOK_RETRY_MAX_ATTEMPTS: '1',
          FIRMA_WEBHOOK_TIMEOUT_MS: '10000',
        },
      });
    });
    after(() => server?.close());

    const deliveries = async () =>
      Number(
        (
          await server.ctx.db
            .selectFrom('webhookDelivery')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    async function waitForCall(webhookId: string, callId: string, status: string) {
      for (let i = 0; i < 200; i++) {
        const res = await server.api.get(`/api/v2/webhook/call?webhookId=${webhookId}&perPage=100`);
        const call = (res.body.data as { id: string; status: string }[]).find((c) => c.id === callId);
        if (call?.status === status) return call;
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.fail(`call ${callId} never became ${status}`);
    }

    test("create, list, get, update and delete in Documenso's spelling and shape; the secret only at creation", async () => {
      const created = await server.api.post('/api/v2/webhook/create', {
        json: { webhookUrl: 'http://127.0.0.1:9/documenso', eventTriggers: ['DOCUMENT_SIGNED'], enabled: true },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const hook = ZDocumensoWebhook.parse(created.body);
      assert.match(hook.secret ?? '', /^whsec_/);
      assert.equal(hook.webhookUrl, 'http://127.0.0.1:9/documenso');
      assert.deepEqual(hook.eventTriggers, ['DOCUMENT_SIGNED']);

      const list = await server.api.get('/api/v2/webhook');
      assert.equal(list.status, 200);
      const hooks = z.array(ZDocumensoWebhook).parse(list.body);
      assert.ok(hooks.some((h) => h.id === hook.id));
      assert.ok(
        hooks.every((h) => h.secret === null),
        'no secret in the list',
      );

      const one = ZDocumensoWebhook.parse((await server.api.get(`/api/v2/webhook/${hook.id}`)).body);
      assert.equal(one.secret, null);

      const updated = await server.api.post('/api/v2/webhook/update', {
        json: { id: hook.id, webhookUrl: 'http://127.0.0.1:9/moved', eventTriggers: ['DOCUMENT_COMPLETED'] },
      });
      assert.equal(updated.status, 200);
      const after = ZDocumensoWebhook.parse(updated.body);
      assert.equal(after.webhookUrl, 'http://127.0.0.1:9/moved');
      assert.deepEqual(after.eventTriggers, ['DOCUMENT_COMPLETED']);
      assert.equal(after.secret, null, 'update never answers the secret');
      assert.equal(after.enabled, true);

      assert.deepEqual((await server.api.post('/api/v2/webhook/delete', { json: { id: hook.id } })).body, {
        success: true,
      });
      assert.equal((await server.api.get(`/api/v2/webhook/${hook.id}`)).status, 404);
    });

    test('bad input is a 400 that changes nothing', async () => {
      const hook = (
        await server.api.post('/api/v2/webhook/create', {
          json: { webhookUrl: 'http://127.0.0.1:9/bad', eventTriggers: ['DOCUMENT_SENT'] },
        })
      ).body;
      const count = (await server.api.get('/api/v2/webhook')).body.length;
      for (const body of [
        { eventTriggers: ['DOCUMENT_SENT'] },
        { webhookUrl: 'http://127.0.0.1:9/x' },
        { webhookUrl: 'http://127.0.0.1:9/x', eventTriggers: ['NOT_AN_EVENT'] },
        { webhookUrl: 'http://127.0.0.1:9/x', url: 'http://127.0.0.1:9/y', eventTriggers: ['DOCUMENT_SENT'] },
        { webhookUrl: 'ftp://example.com/x', eventTriggers: ['DOCUMENT_SENT'] },
      ]) {
        const res = await server.api.post('/api/v2/webhook/create', { json: body });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.ok(typeof res.body.message === 'string' && typeof res.body.code === 'string');
      }
      assert.equal((await server.api.get('/api/v2/webhook')).body.length, count);

      const update = await server.api.post('/api/v2/webhook/update', {
        json: { id: hook.id, eventTriggers: ['DOCUMENT_SENT'], events: ['DOCUMENT_SIGNED'] },
      });
      assert.equal(update.status, 400);
      assert.deepEqual((await server.api.get(`/api/v2/webhook/${hook.id}`)).body.eventTriggers, ['DOCUMENT_SENT']);

      const before = await deliveries();
      for (const [path, body] of [
        ['/api/v2/webhook/test', { id: hook.id }],
        ['/api/v2/webhook/test', { id: hook.id, event: 'NOT_AN_EVENT' }],
        ['/api/v2/webhook/call/resend', { webhookId: hook.id }],
      ] as const) {
        assert.equal((await server.api.post(path, { json: body })).status, 400, JSON.stringify(body));
      }
      for (const query of ['', `webhookId=${hook.id}&perPage=101`, `webhookId=${hook.id}&status=DONE`]) {
        assert.equal((await server.api.get(`/api/v2/webhook/call?${query}`)).status, 400, query);
      }
      assert.equal(await deliveries(), before, 'nothing queued');
    });

    test('test sends the event asked for to a real receiver; the call is logged and can be resent', async () => {
      const receiver = await startReceiver();
      try {
        const created = await server.api.post('/api/v2/webhook/create', {
          json: { webhookUrl: `${receiver.url}/doc`, eventTriggers: ['DOCUMENT_SENT'] },
        });
        const hook = created.body as { id: string; secret: string };
        const tested = await server.api.post('/api/v2/webhook/test', {
          json: { id: hook.id, event: 'DOCUMENT_COMPLETED' },
        });
        assert.equal(tested.status, 200);
        assert.equal(ZTestAnswer.parse(tested.body).success, true);
        const [got] = await receiver.waitFor((w) => w.path === '/doc');
        assert.equal(got!.body.event, 'DOCUMENT_COMPLETED');
        assert.equal(got!.headers['x-documenso-secret'], hook.secret);

        const calls = ZDocumensoCalls.parse((await server.api.get(`/api/v2/webhook/call?webhookId=${hook.id}`)).body);
        assert.equal(calls.count, 1);
        assert.equal(calls.perPage, 20, 'the default page size');
        const call = calls.data[0]!;
        assert.equal(call.webhookId, hook.id);
        assert.equal(call.event, 'DOCUMENT_COMPLETED');
        assert.equal(call.url, `${receiver.url}/doc`);
        const done = ZDocumensoCall.parse(await waitForCall(hook.id, call.id, 'SUCCESS'));
        assert.equal(done.responseCode, 200);
        assert.equal((done.requestBody as { id: string }).id, got!.body.id, 'the body posted');
        assert.ok(!JSON.stringify(calls).includes(hook.secret), 'no secret in the log');

        const resent = await server.api.post('/api/v2/webhook/call/resend', {
          json: { webhookId: hook.id, webhookCallId: call.id },
        });
        assert.equal(resent.status, 200, JSON.stringify(resent.body));
        const again = ZDocumensoCall.parse(resent.body);
        assert.notEqual(again.id, call.id, 'a new call');
        assert.equal(again.event, 'DOCUMENT_COMPLETED');
        const replays = await receiver.waitFor((w) => w.path === '/doc', 2);
        assert.equal(replays[1]!.body.id, got!.body.id, 'the same event id, so the receiver can deduplicate');
        await waitForCall(hook.id, again.id, 'SUCCESS');

        const filtered = async (q: string) =>
          ZDocumensoCalls.parse((await server.api.get(`/api/v2/webhook/call?webhookId=${hook.id}&${q}`)).body);
        assert.equal((await filtered('status=SUCCESS')).count, 2);
        assert.equal((await filtered('status=FAILED')).count, 0);
        assert.equal((await filtered('events=DOCUMENT_SIGNED')).count, 0);
        assert.equal((await filtered('events=DOCUMENT_SIGNED,DOCUMENT_COMPLETED')).count, 2);
        assert.equal((await filtered(`query=${again.id}`)).count, 1);
        assert.equal((await filtered('query=completed')).count, 2, 'the event name, any case');
        assert.equal((await filtered('query=%25')).count, 0, 'a % is a character, not a pattern');
        const page2 = await filtered('perPage=1&page=2');
        assert.deepEqual([page2.count, page2.currentPage, page2.totalPages, page2.data.length], [2, 2, 2, 1]);
        assert.equal(page2.data[0]!.id, call.id, 'newest first');
      } finally {
        await receiver.close();
      }
    });

    test('a failed call shows FAILED with its status code; a call still pending cannot be resent', async () => {
      const receiver = await startReceiver((_n, _r, res) => {
        res.statusCode = 503;
        res.end('down');
      });
      try {
        const hook = (
          await server.api.post('/api/v2/webhook/create', {
            json: { webhookUrl: `${receiver.url}/down`, eventTriggers: ['DOCUMENT_SENT'] },
          })
        ).body as { id: string };
        await server.api.post('/api/v2/webhook/test', { json: { id: hook.id, event: 'DOCUMENT_SENT' } });
        const [first] = ZDocumensoCalls.parse(
          (await server.api.get(`/api/v2/webhook/call?webhookId=${hook.id}`)).body,
        ).data;
        const failed = await waitForCall(hook.id, first!.id, 'FAILED');
        assert.equal(ZDocumensoCall.parse(failed).responseCode, 503);
      } finally {
        await receiver.close();
      }
      // A receiver that holds its answer keeps the call in flight: resending it then is refused.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const slow = await startReceiver(async (_n, _r, res) => {
        await held;
        res.end('ok');
      });
      try {
        const hook = (
          await server.api.post('/api/v2/webhook/create', {
            json: { webhookUrl: `${slow.url}/slow`, eventTriggers: ['DOCUMENT_SENT'] },
          })
        ).body as { id: string };
        await server.api.post('/api/v2/webhook/test', { json: { id: hook.id, event: 'DOCUMENT_SENT' } });
        await slow.waitFor((w) => w.path === '/slow');
        const [call] = (await server.api.get(`/api/v2/webhook/call?webhookId=${hook.id}`)).body.data;
        assert.equal(call.status, 'PENDING', 'still being attempted');
        const before = await deliveries();
        const busy = await server.api.post('/api/v2/webhook/call/resend', {
          json: { webhookId: hook.id, webhookCallId: call.id },
        });
        assert.equal(busy.status, 409);
        assert.equal(busy.body.code, 'WEBHOOK_DELIVERY_IN_PROGRESS');
        assert.equal(await deliveries(), before);
        release();
        await waitForCall(hook.id, call.id, 'SUCCESS');
      } finally {
        release();
        await slow.close();
      }
    });

    test("unknown ids and another platform's ids are 404 with no side effect", async () => {
      const hook = (
        await server.api.post('/api/v2/webhook/create', {
          json: { webhookUrl: 'http://127.0.0.1:9/mine', eventTriggers: ['DOCUMENT_SENT'] },
        })
      ).body as { id: string };
      await server.api.post('/api/v2/webhook/update', { json: { id: hook.id, enabled: false } });
      await server.api.post('/api/v2/webhook/test', { json: { id: hook.id, event: 'DOCUMENT_SENT' } });
      const mine = (await server.api.get(`/api/v2/webhook/call?webhookId=${hook.id}`)).body.data[0] as { id: string };
      const other = await server.newPlatform();
      const theirs = (
        await other.post('/api/v2/webhook/create', {
          json: { webhookUrl: 'http://127.0.0.1:9/theirs', eventTriggers: ['DOCUMENT_SENT'] },
        })
      ).body as { id: string };
      const second = (
        await server.api.post('/api/v2/webhook/create', {
          json: { webhookUrl: 'http://127.0.0.1:9/second', eventTriggers: ['DOCUMENT_SENT'], enabled: false },
        })
      ).body as { id: string };
      const before = await deliveries();
      for (const client of [other, server.api]) {
        const id = client === other ? hook.id : 'webhook_unknown';
        assert.equal((await client.get(`/api/v2/webhook/${id}`)).status, 404);
        assert.equal((await client.get(`/api/v2/webhook/call?webhookId=${id}`)).status, 404);
        assert.equal((await client.post('/api/v2/webhook/test', { json: { id, event: 'DOCUMENT_SENT' } })).status, 404);
        assert.equal(
          (await client.post('/api/v2/webhook/update', { json: { id, webhookUrl: 'http://127.0.0.1:9/evil' } })).status,
          404,
        );
        assert.equal((await client.post('/api/v2/webhook/delete', { json: { id } })).status, 404);
        const resend = await client.post('/api/v2/webhook/call/resend', {
          json: { webhookId: id, webhookCallId: mine.id },
        });
        assert.equal(resend.status, 404);
        assert.equal(resend.body.code, 'NOT_FOUND');
      }
      // My call under their webhook id, or under another of my webhooks: the call is not that webhook's.
      const crossed = await other.post('/api/v2/webhook/call/resend', {
        json: { webhookId: theirs.id, webhookCallId: mine.id },
      });
      assert.equal(crossed.status, 404);
      const sibling = await server.api.post('/api/v2/webhook/call/resend', {
        json: { webhookId: second.id, webhookCallId: mine.id },
      });
      assert.equal(sibling.status, 404);
      assert.equal(await deliveries(), before, 'nothing queued');
      const still = (await server.api.get(`/api/v2/webhook/${hook.id}`)).body;
      assert.equal(still.webhookUrl, 'http://127.0.0.1:9/mine', 'unchanged');
      assert.ok(!(await other.get('/api/v2/webhook')).body.some((w: { id: string }) => w.id === hook.id));

      const reader = await server.newPlatform('default', 'read');
      assert.equal(
        (await reader.post('/api/v2/webhook/test', { json: { id: hook.id, event: 'DOCUMENT_SENT' } })).status,
        403,
      );
      assert.equal(
        (await reader.post('/api/v2/webhook/call/resend', { json: { webhookId: hook.id, webhookCallId: mine.id } }))
          .status,
        403,
      );
      assert.equal((await server.anon.get(`/api/v2/webhook/call?webhookId=${hook.id}`)).status, 401);
      assert.equal(await deliveries(), before);
    });
  });
}
