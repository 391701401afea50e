import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiToken } from '../../src/domain/auth/create-api-token.js';
import { revokeApiToken } from '../../src/domain/auth/manage-api-tokens.js';
import { AppError } from '../../src/errors.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

for (const database of testDatabases()) {
  describe(`foundation over HTTP (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({
        database,
        configure(app) {
          app.get('/boom', () => {
            throw new Error('secret internal detail /tmp/x.db');
          });
          app.get('/api/v2-test/conflict', () => {
            throw new AppError('DOCUMENT_NOT_COMPLETED', 'Not yet');
          });
        },
      });
    });
    after(() => server.close());

    test('health and readiness answer without a token', async () => {
      assert.deepEqual((await server.anon.get('/health')).body, { status: 'ok' });
      const ready = await server.anon.get('/ready');
      assert.equal(ready.status, 200);
      assert.deepEqual(ready.body, { status: 'ready' });
    });

    test('the OpenAPI document is 3.1, version 2.0.0, public, relative to /api/v2, without the beta alias', async () => {
      const res = await server.anon.get('/api/v2/openapi.json');
      assert.equal(res.status, 200);
      assert.equal(res.body.openapi, '3.1.0');
      assert.equal(res.body.info.version, '2.0.0');
      assert.ok(res.body.paths['/me'], 'paths are relative to the version prefix');
      assert.ok(!Object.keys(res.body.paths).some((p: string) => p.includes('v2-beta') || p.startsWith('/api/')));
      assert.equal(res.body.servers[0].url, `${server.url}/api/v2`);
      assert.deepEqual((await server.anon.get('/api/v2-beta/openapi.json')).body.paths, res.body.paths);
    });

    test('a request without a token gets 401 with the error body', async () => {
      const res = await server.anon.get('/api/v2/me');
      assert.equal(res.status, 401);
      assert.equal(res.body.code, 'UNAUTHORIZED');
      assert.equal(typeof res.body.message, 'string');
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    });

    test('Bearer and bare tokens both authenticate, on v2 and v2-beta', async () => {
      const bearer = await server.api.get('/api/v2/me');
      assert.equal(bearer.status, 200);
      assert.equal(bearer.body.platform.name, 'default');
      assert.equal(bearer.body.token.scope, 'full');
      const bare = await server.api.get('/api/v2-beta/me', { headers: { authorization: server.api.token! } });
      assert.equal(bare.status, 200);
      assert.deepEqual(bare.body, bearer.body);
    });

    test('unknown, malformed, revoked, expired and other-environment tokens all get the same 401', async () => {
      const revoked = await createApiToken(server.ctx, { platformName: 'default' });
      await revokeApiToken(server.ctx, revoked.id);
      const production = await createApiToken(server.ctx, { platformName: 'default', environment: 'production' });
      const expiring = await createApiToken(server.ctx, { platformName: 'default', expiresInDays: 1 });
      assert.equal((await server.api.get('/api/v2/me', { token: expiring.token })).status, 200);
      const realClock = server.ctx.clock;
      server.ctx.clock = () => new Date(Date.now() + 2 * 86_400_000);
      try {
        const expired = await server.api.get('/api/v2/me', { token: expiring.token });
        assert.equal(expired.status, 401);
      } finally {
        server.ctx.clock = realClock;
      }
      for (const token of ['api_' + 'x'.repeat(32), 'nonsense', revoked.token, production.token]) {
        const res = await server.api.get('/api/v2/me', { token });
        assert.equal(res.status, 401, token.slice(0, 8));
        assert.equal(res.body.code, 'UNAUTHORIZED');
        assert.ok(!JSON.stringify(res.body).includes(token), 'the token is never echoed');
      }
    });

    test('unknown routes answer 404 and wrong methods 405 with Allow, as JSON', async () => {
      const missing = await server.api.get('/api/v2/nothing-here');
      assert.equal(missing.status, 404);
      assert.equal(missing.body.code, 'ROUTE_NOT_FOUND');
      const wrong = await server.api.post('/api/v2/me', { json: {} });
      assert.equal(wrong.status, 405);
      assert.equal(wrong.body.code, 'METHOD_NOT_ALLOWED');
      assert.match(wrong.headers.get('allow') ?? '', /GET/);
    });

    test('an unexpected failure is a 500 that hides internals and carries the request id', async () => {
      const res = await server.anon.get('/boom');
      assert.equal(res.status, 500);
      assert.equal(res.body.code, 'INTERNAL_ERROR');
      assert.equal(res.body.message, 'Internal server error');
      assert.ok(!JSON.stringify(res.body).includes('/tmp/x.db'));
      assert.equal(res.body.requestId, res.headers.get('x-request-id'));
    });

    test('domain errors map through the one status table', async () => {
      const res = await server.anon.get('/api/v2-test/conflict');
      assert.equal(res.status, 409);
      assert.deepEqual(res.body, { message: 'Not yet', code: 'DOCUMENT_NOT_COMPLETED' });
    });

    test('API responses are not cacheable and not sniffable', async () => {
      const res = await server.api.get('/api/v2/me');
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    });
  });
}
