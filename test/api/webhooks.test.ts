import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

for (const database of testDatabases()) {
  describe(`webhook management API (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    test('create shows the secret once; list and get never do; update and delete', async () => {
      const created = await server.api.post('/api/v2/webhook/create', {
        json: { url: 'http://127.0.0.1:9/hooks', events: ['DOCUMENT_COMPLETED', 'DOCUMENT_SENT'] },
      });
      assert.equal(created.status, 200);
      assert.match(created.body.secret, /^whsec_[A-Za-z0-9_-]{40,}$/);
      assert.equal(created.body.enabled, true);
      const id = created.body.id as string;

      const given = await server.api.post('/api/v2/webhook/create', {
        json: {
          url: 'https://example.com/hook',
          events: ['DOCUMENT_SIGNED'],
          secret: 'my-own-secret-123456',
          enabled: false,
        },
      });
      assert.equal(given.body.secret, 'my-own-secret-123456');
      assert.equal(given.body.enabled, false);

      const list = await server.api.get('/api/v2/webhook');
      assert.equal(list.status, 200);
      assert.ok(list.body.length >= 2);
      assert.ok(!JSON.stringify(list.body).includes(created.body.secret), 'no secret in the list');
      const one = await server.api.get(`/api/v2/webhook/${id}`);
      assert.deepEqual(one.body.events, ['DOCUMENT_COMPLETED', 'DOCUMENT_SENT']);
      assert.equal(one.body.secret, null);

      const updated = await server.api.post('/api/v2/webhook/update', {
        json: { id, events: ['DOCUMENT_REJECTED'], enabled: false },
      });
      assert.equal(updated.status, 200);
      assert.deepEqual(updated.body.events, ['DOCUMENT_REJECTED']);
      assert.equal(updated.body.enabled, false);
      assert.equal(updated.body.url, 'http://127.0.0.1:9/hooks');

      assert.deepEqual((await server.api.post('/api/v2/webhook/delete', { json: { id } })).body, { success: true });
      assert.equal((await server.api.get(`/api/v2/webhook/${id}`)).status, 404);
      assert.equal((await server.api.post('/api/v2/webhook/delete', { json: { id } })).status, 404);
    });

    test('bad input is 400 with issues and creates nothing', async () => {
      const before = (await server.api.get('/api/v2/webhook')).body.length;
      for (const body of [
        {},
        { url: 'http://127.0.0.1:9/x', events: [] },
        { url: 'http://127.0.0.1:9/x', events: ['DOCUMENT_EXPLODED'] },
        { url: 'http://127.0.0.1:9/x', events: ['DOCUMENT_SENT'], secret: 'short' },
        { url: 'ftp://example.com/x', events: ['DOCUMENT_SENT'] },
        { url: 'not a url', events: ['DOCUMENT_SENT'] },
        { url: 'https://user:pass@example.com/x', events: ['DOCUMENT_SENT'] },
      ]) {
        const res = await server.api.post('/api/v2/webhook/create', { json: body });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.ok(['VALIDATION_ERROR', 'WEBHOOK_URL_NOT_ALLOWED'].includes(res.body.code), res.body.code);
      }
      assert.equal((await server.api.get('/api/v2/webhook')).body.length, before);
    });

    test('private, loopback and link-local addresses are refused unless the operator allows them', async () => {
      server.ctx.config.webhooks.allowPrivate = false;
      try {
        for (const url of [
          'http://127.0.0.1:8080/x',
          'http://localhost/x',
          'http://169.254.169.254/latest',
          'http://10.1.2.3/x',
          'http://[::1]/x',
          'http://[::ffff:127.0.0.1]/x',
          'http://192.168.1.10/x',
        ]) {
          const res = await server.api.post('/api/v2/webhook/create', { json: { url, events: ['DOCUMENT_SENT'] } });
          assert.equal(res.status, 400, url);
          assert.equal(res.body.code, 'WEBHOOK_URL_NOT_ALLOWED', url);
        }
        const update = await server.api.post('/api/v2/webhook/create', {
          json: { url: 'https://93.184.215.14/hook', events: ['DOCUMENT_SENT'] },
        });
        assert.equal(update.status, 200, 'a public address is fine');
        const moved = await server.api.post('/api/v2/webhook/update', {
          json: { id: update.body.id, url: 'http://127.0.0.1/x' },
        });
        assert.equal(moved.body.code, 'WEBHOOK_URL_NOT_ALLOWED', 'update is checked too');
      } finally {
        server.ctx.config.webhooks.allowPrivate = true;
      }
    });

    test('another platform cannot see or touch an endpoint; read tokens cannot change; no token is 401', async () => {
      const created = await server.api.post('/api/v2/webhook/create', {
        json: { url: 'http://127.0.0.1:9/mine', events: ['DOCUMENT_SENT'] },
      });
      const id = created.body.id as string;
      const other = await server.newPlatform();
      assert.equal((await other.get(`/api/v2/webhook/${id}`)).status, 404);
      assert.ok(!(await other.get('/api/v2/webhook')).body.some((w: { id: string }) => w.id === id));
      assert.equal((await other.post('/api/v2/webhook/update', { json: { id, enabled: false } })).status, 404);
      assert.equal((await other.post('/api/v2/webhook/delete', { json: { id } })).status, 404);
      assert.equal((await other.post(`/api/v2/webhook/${id}/test`)).status, 404);
      assert.equal((await other.get(`/api/v2/webhook/${id}/deliveries`)).status, 404);
      const reader = await server.newPlatform('default', 'read');
      assert.equal(
        (
          await reader.post('/api/v2/webhook/create', {
            json: { url: 'http://127.0.0.1:9/r', events: ['DOCUMENT_SENT'] },
          })
        ).status,
        403,
      );
      assert.equal((await reader.get(`/api/v2/webhook/${id}`)).status, 200);
      assert.equal((await server.anon.get('/api/v2/webhook')).status, 401);
      assert.equal((await server.api.get(`/api/v2/webhook/${id}`)).body.enabled, true, 'unchanged');
      assert.equal((await server.api.post('/api/v2/webhook/delivery/delivery_nope/replay')).status, 404);
    });
  });
}
