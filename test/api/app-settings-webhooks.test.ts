import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { joinPlatform, platformWithAdmin, SessionClient } from '../helpers/accounts.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { startReceiver, verifySignature } from '../helpers/webhook-receiver.js';

/**
 * Issue 37, item 3: a team's webhooks in the web app, admins only. Create (secret shown once),
 * edit, disable, test to a real receiver, the delivery log with paging, replay, delete; the API's
 * URL rules; MANAGER and MEMBER 403, a stranger 404, another team's webhook 404 and untouched;
 * every change audited in its transaction.
 */
for (const database of testDatabases()) {
  describe(`app settings: webhooks (${database})`, () => {
    let server: TestServer;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    before(async () => {
      server = await startTestServer({ database });
      receiver = await startReceiver();
    });
    after(async () => {
      await receiver?.close();
      await server?.close();
    });

    const auditTypes = async (platformId: number) =>
      (
        await server.ctx.db
          .selectFrom('accountAudit')
          .select('type')
          .where('platformId', '=', platformId)
          .orderBy('id')
          .execute()
      )
        .map((r) => r.type)
        .filter((type) => type.startsWith('WEBHOOK_'));
    const endpointsOf = (platformId: number) =>
      server.ctx.db
        .selectFrom('webhookEndpoint')
        .selectAll()
        .where('platformId', '=', platformId)
        .orderBy('id')
        .execute();
    const deliveriesOf = (platformId: number) =>
      server.ctx.db
        .selectFrom('webhookDelivery')
        .selectAll()
        .where('platformId', '=', platformId)
        .orderBy('id')
        .execute();

    test('create, test to a receiver, delivery log, replay, edit, disable, delete — audited', async () => {
      const { admin, platformId } = await platformWithAdmin(server, 'root.hooks@firma.example');
      const base = `/api/app/platforms/${platformId}/webhooks`;
      const created = await admin.post(base, { json: { url: `${receiver.url}/team`, events: ['DOCUMENT_SENT'] } });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const secret = created.body.secret as string;
      assert.match(secret, /^whsec_/);
      const id = created.body.id as string;
      const listed = await admin.get(base);
      assert.deepEqual(
        listed.body.data.map((w: { id: string; enabled: boolean }) => [w.id, w.enabled]),
        [[id, true]],
      );
      assert.ok(!JSON.stringify(listed.body).includes(secret), 'the secret is never shown again');

      const tested = await admin.post(`${base}/${id}/test`);
      assert.equal(tested.status, 200, JSON.stringify(tested.body));
      const [hook] = await receiver.waitFor((w) => w.path === '/team', 1, 30_000);
      assert.ok(verifySignature(hook!, secret), 'signed with the secret shown once');
      let log: { status: number; body: any } = { status: 0, body: null };
      for (let i = 0; i < 100; i++) {
        log = await admin.get(`${base}/${id}/deliveries?perPage=1`);
        if (log.body.data[0]?.status === 'delivered') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(log.status, 200);
      const first = log.body.data[0];
      assert.deepEqual(
        [first.event, first.status, first.statusCode, first.attempt],
        ['DOCUMENT_SENT', 'delivered', 200, 1],
      );
      assert.equal(typeof first.durationMs, 'number');

      const replayed = await admin.post(`${base}/${id}/deliveries/${first.id}/replay`);
      assert.equal(replayed.status, 200, JSON.stringify(replayed.body));
      assert.equal(replayed.body.eventId, first.eventId);
      await receiver.waitFor((w) => w.path === '/team', 2, 30_000);
      const paged = await admin.get(`${base}/${id}/deliveries?perPage=1&page=2`);
      assert.deepEqual([paged.body.count, paged.body.totalPages, paged.body.data.length], [2, 2, 1]);

      const edited = await admin.patch(`${base}/${id}`, {
        json: { url: `${receiver.url}/moved`, events: ['DOCUMENT_COMPLETED'], enabled: false },
      });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      assert.deepEqual(
        [edited.body.url, edited.body.events, edited.body.enabled],
        [`${receiver.url}/moved`, ['DOCUMENT_COMPLETED'], false],
      );
      assert.equal((await admin.patch(`${base}/${id}`, { json: { enabled: true } })).body.enabled, true);
      assert.deepEqual(await admin.delete(`${base}/${id}`).then((r) => [r.status, r.body]), [200, { deleted: true }]);
      assert.deepEqual((await admin.get(base)).body.data, []);
      assert.deepEqual(await deliveriesOf(platformId), [], 'the log goes with the webhook');
      assert.deepEqual(await auditTypes(platformId), [
        'WEBHOOK_CREATED',
        'WEBHOOK_TEST_SENT',
        'WEBHOOK_DELIVERY_REPLAYED',
        'WEBHOOK_UPDATED',
        'WEBHOOK_UPDATED',
        'WEBHOOK_DELETED',
      ]);
    });

    test('bad input, URL rules, no session, no CSRF, roles, unknown and foreign ids: refused, nothing changes', async () => {
      const { admin, platformId } = await platformWithAdmin(server, 'root.hookrules@firma.example');
      const manager = await joinPlatform(server, admin, platformId, 'mona.hookrules@firma.example', 'MANAGER');
      const member = await joinPlatform(server, admin, platformId, 'mel.hookrules@firma.example', 'MEMBER');
      const other = await platformWithAdmin(server, 'root.otherhooks@firma.example');
      const base = `/api/app/platforms/${platformId}/webhooks`;
      const mine = await admin.post(base, { json: { url: 'http://127.0.0.1:9/mine', events: ['DOCUMENT_SENT'] } });
      const id = mine.body.id as string;
      const theirs = await other.admin.post(`/api/app/platforms/${other.platformId}/webhooks`, {
        json: { url: 'http://127.0.0.1:9/theirs', events: ['DOCUMENT_SENT'] },
      });
      const before = await endpointsOf(platformId);
      const otherBefore = await endpointsOf(other.platformId);
      const auditBefore = await auditTypes(platformId);

      for (const json of [
        {},
        { url: 'http://127.0.0.1:9/x' },
        { url: 'http://127.0.0.1:9/x', events: [] },
        { url: 'http://127.0.0.1:9/x', events: ['NOT_AN_EVENT'] },
        { url: 'ftp://example.com/x', events: ['DOCUMENT_SENT'] },
        { url: 'not a url', events: ['DOCUMENT_SENT'] },
        { url: 'https://user:pass@example.com/x', events: ['DOCUMENT_SENT'] },
      ]) {
        const refused = await admin.post(base, { json });
        assert.equal(refused.status, 400, JSON.stringify(json));
        assert.ok(['VALIDATION_ERROR', 'WEBHOOK_URL_NOT_ALLOWED'].includes(refused.body.code), refused.body.code);
      }
      assert.equal((await admin.patch(`${base}/${id}`, { json: {} })).status, 400);
      server.ctx.config.webhooks.allowPrivate = false;
      try {
        for (const url of ['http://127.0.0.1:8080/x', 'http://169.254.169.254/latest', 'http://10.1.2.3/x']) {
          assert.equal(
            (await admin.post(base, { json: { url, events: ['DOCUMENT_SENT'] } })).body.code,
            'WEBHOOK_URL_NOT_ALLOWED',
          );
          assert.equal((await admin.patch(`${base}/${id}`, { json: { url } })).body.code, 'WEBHOOK_URL_NOT_ALLOWED');
        }
      } finally {
        server.ctx.config.webhooks.allowPrivate = true;
      }

      const valid = { url: 'http://127.0.0.1:9/y', events: ['DOCUMENT_SENT'] };
      assert.equal((await admin.post(base, { json: valid, csrf: false })).status, 403);
      assert.equal((await admin.patch(`${base}/${id}`, { json: { enabled: false }, csrf: false })).status, 403);
      assert.equal((await admin.delete(`${base}/${id}`, { csrf: false })).status, 403);
      assert.equal((await admin.post(`${base}/${id}/test`, { csrf: false })).status, 403);
      const anonymous = new SessionClient(server.url);
      assert.equal((await anonymous.get(base)).status, 401);
      assert.equal((await anonymous.post(base, { json: valid })).status, 401);
      for (const client of [manager, member]) {
        for (const refused of [
          await client.get(base),
          await client.post(base, { json: valid }),
          await client.patch(`${base}/${id}`, { json: { enabled: false } }),
          await client.delete(`${base}/${id}`),
          await client.post(`${base}/${id}/test`),
          await client.get(`${base}/${id}/deliveries`),
        ]) {
          assert.equal(refused.status, 403, JSON.stringify(refused.body));
          assert.equal(refused.body.code, 'FORBIDDEN');
        }
      }
      // Another team's webhook through this admin's own platform path: 404, and it stays as it was.
      const foreignId = theirs.body.id as string;
      for (const refused of [
        await admin.patch(`${base}/${foreignId}`, { json: { enabled: false } }),
        await admin.delete(`${base}/${foreignId}`),
        await admin.post(`${base}/${foreignId}/test`),
        await admin.get(`${base}/${foreignId}/deliveries`),
        await admin.post(`${base}/${foreignId}/deliveries/delivery_x/replay`),
        await admin.delete(`${base}/webhook_unknown`),
        await other.admin.get(base),
        await other.admin.delete(`${base}/${id}`),
      ]) {
        assert.equal(refused.status, 404, JSON.stringify(refused.body));
        assert.equal(refused.body.code, 'NOT_FOUND');
      }
      assert.deepEqual(await endpointsOf(platformId), before, 'no refusal changed a webhook');
      assert.deepEqual(await endpointsOf(other.platformId), otherBefore, 'nor another team’s');
      assert.deepEqual(await deliveriesOf(other.platformId), [], 'no test was queued to another team');
      assert.deepEqual(await auditTypes(platformId), auditBefore);
    });
  });
}
