import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { revokeApiToken } from '../../src/domain/auth/manage-api-tokens.js';
import { createDocument } from '../helpers/documents.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Presign tokens: issued from a full API token only, usable as a bearer (or bare) token of the
 * same platform, expiring, revoked with their issuer, confined to their document when scoped,
 * verified with Documenso's semantics, and never written to a log.
 */
for (const database of testDatabases()) {
  describe(`presign tokens (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false, captureLogs: true, env: { LOG_LEVEL: 'debug' } });
    });
    after(() => server?.close());

    const presign = async (json: Record<string, unknown> = {}, client = server.api) => {
      const res = await client.post('/api/v2/embedding/create-presign-token', { json });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body as { token: string; expiresAt: string; expiresIn: number };
    };

    test('an unscoped token works as a bearer and bare, for its platform only', async () => {
      const made = await presign();
      assert.match(made.token, /^presign_/);
      assert.equal(made.expiresIn, 3600);
      const ms = Date.parse(made.expiresAt) - Date.now();
      assert.ok(ms > 3500_000 && ms <= 3600_000, made.expiresAt);
      const doc = await createDocument(server.api);
      const asBearer = await server.api.get(`/api/v2/envelope/${doc.body.envelopeId}`, { token: made.token });
      assert.equal(asBearer.status, 200);
      const bare = await server.anon.get(`/api/v2/envelope/${doc.body.envelopeId}`, {
        headers: { authorization: made.token },
      });
      assert.equal(bare.status, 200);
      const list = await server.api.get('/api/v2/envelope', { token: made.token });
      assert.equal(list.status, 200);
      const write = await server.api.post('/api/v2/folder/create', {
        json: { name: 'via presign' },
        token: made.token,
      });
      assert.equal(write.status, 200, 'an unscoped token has its issuer’s full scope');

      const other = await server.newPlatform();
      const theirs = await presign({ expiresIn: 5 }, other);
      assert.equal(theirs.expiresIn, 300);
      const cross = await server.api.get(`/api/v2/envelope/${doc.body.envelopeId}`, { token: theirs.token });
      assert.equal(cross.status, 404, 'another platform’s presign token sees nothing of A');
      const forged = made.token.slice(0, -4) + (made.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      assert.equal((await server.api.get('/api/v2/envelope', { token: forged })).status, 401);
      assert.equal((await server.api.get('/api/v2/envelope', { token: 'presign_nonsense' })).status, 401);
    });

    test('issuing: full API token only; not from a read token, not from a presign token; bad input 400', async () => {
      const reader = await server.newPlatform(undefined, 'read');
      const fromReader = await reader.post('/api/v2/embedding/create-presign-token', { json: {} });
      assert.equal(fromReader.status, 403);
      const made = await presign();
      const fromPresign = await server.api.post('/api/v2/embedding/create-presign-token', {
        json: {},
        token: made.token,
      });
      assert.equal(fromPresign.status, 403);
      assert.equal(fromPresign.body.code, 'PRESIGN_TOKEN_NOT_ALLOWED');
      assert.equal((await server.anon.post('/api/v2/embedding/create-presign-token', { json: {} })).status, 401);
      for (const [json, code] of [
        [{ expiresIn: 0 }, 'VALIDATION_ERROR'],
        [{ expiresIn: 10_081 }, 'VALIDATION_ERROR'],
        [{ expiresIn: 1.5 }, 'VALIDATION_ERROR'],
        [{ expiresIn: 'x' }, 'VALIDATION_ERROR'],
        [{ scope: 'documentId:abc' }, 'PRESIGN_SCOPE_INVALID'],
        [{ scope: 'folderId:1' }, 'PRESIGN_SCOPE_INVALID'],
        [{ scope: 'documentId' }, 'PRESIGN_SCOPE_INVALID'],
      ] as const) {
        const res = await server.api.post('/api/v2/embedding/create-presign-token', { json });
        assert.equal(res.status, 400, JSON.stringify(json));
        assert.equal(res.body.code, code, JSON.stringify(json));
        assert.ok(res.body.issues?.length, 'issues name the member');
      }
      const unknown = await server.api.post('/api/v2/embedding/create-presign-token', {
        json: { scope: 'documentId:999999' },
      });
      assert.equal(unknown.status, 404);
      const doc = await createDocument(server.api);
      const otherPlatform = await server.newPlatform();
      const foreign = await otherPlatform.post('/api/v2/embedding/create-presign-token', {
        json: { scope: `envelopeId:${doc.body.envelopeId}` },
      });
      assert.equal(foreign.status, 404, 'a scope on another platform’s document is not found');
      const asTemplate = await server.api.post('/api/v2/embedding/create-presign-token', {
        json: { scope: `templateId:${doc.body.id}` },
      });
      assert.equal(asTemplate.status, 404, 'a document is not a template');
    });

    test('FIRMA_PRESIGN_MAX_MINUTES caps the lifetime; an expired token is a 401', async () => {
      const capped = await startTestServer({ database, worker: false, env: { FIRMA_PRESIGN_MAX_MINUTES: '10' } });
      try {
        const tooLong = await capped.api.post('/api/v2/embedding/create-presign-token', { json: { expiresIn: 11 } });
        assert.equal(tooLong.status, 400);
        const made = await capped.api.post('/api/v2/embedding/create-presign-token', { json: { expiresIn: 10 } });
        assert.equal(made.status, 200);
        assert.equal((await capped.api.get('/api/v2/envelope', { token: made.body.token })).status, 200);
        const realClock = capped.ctx.clock;
        capped.ctx.clock = () => new Date(realClock().getTime() + 10 * 60_000 + 1);
        const expired = await capped.api.get('/api/v2/envelope', { token: made.body.token });
        assert.equal(expired.status, 401);
        const verified = await capped.api.post('/api/v2/embedding/verify-presign-token', {
          json: { token: made.body.token },
        });
        assert.deepEqual(verified.body, { success: false });
      } finally {
        await capped.close();
      }
    });

    test('revoking the issuing API token revokes its presign tokens', async () => {
      const platform = await server.newPlatform();
      const made = await presign({}, platform);
      assert.equal((await platform.get('/api/v2/envelope', { token: made.token })).status, 200);
      const issuer: string = (await platform.get('/api/v2/me')).body.token.id;
      await revokeApiToken(server.ctx, issuer);
      assert.equal((await platform.get('/api/v2/envelope', { token: made.token })).status, 401);
      assert.equal((await platform.get('/api/v2/envelope')).status, 401);
    });

    test('a scoped token reaches its document only: other documents, listings and part routes are refused', async () => {
      const mine = await createDocument(server.api);
      const another = await createDocument(server.api);
      for (const scope of [`documentId:${mine.body.id}`, `envelopeId:${mine.body.envelopeId}`]) {
        const { token } = await presign({ scope });
        const own = await server.api.get(`/api/v2/envelope/${mine.body.envelopeId}`, { token });
        assert.equal(own.status, 200, scope);
        assert.equal((await server.api.get(`/api/v2/document/${mine.body.id}`, { token })).status, 200);
        const attachments = await server.api.get(`/api/v2/envelope/attachment?envelopeId=${mine.body.envelopeId}`, {
          token,
        });
        assert.equal(attachments.status, 200);
        const update = await server.api.post('/api/v2/envelope/update', {
          json: { envelopeId: mine.body.envelopeId, data: { title: 'Via presign' } },
          token,
        });
        assert.equal(update.status, 200, JSON.stringify(update.body));

        const before = (await server.api.get(`/api/v2/envelope/${another.body.envelopeId}`)).body;
        for (const res of [
          await server.api.get(`/api/v2/envelope/${another.body.envelopeId}`, { token }),
          await server.api.get(`/api/v2/document/${another.body.id}`, { token }),
          await server.api.post('/api/v2/envelope/update', {
            json: { envelopeId: another.body.envelopeId, data: { title: 'hijacked' } },
            token,
          }),
          await server.api.get('/api/v2/envelope', { token }),
          await server.api.get('/api/v2/folder', { token }),
          await server.api.post('/api/v2/folder/create', { json: { name: 'x' }, token }),
          await server.api.get(`/api/v2/envelope/recipient/${before.recipients[0].id}`, { token }),
          await server.api.post('/api/v2/embedding/create-presign-token', { json: {}, token }),
        ]) {
          assert.equal(res.status, 403, JSON.stringify(res.body));
          assert.equal(res.body.code, 'PRESIGN_SCOPE_MISMATCH');
        }
        const envelopes = await countRows(server, 'envelope');
        const created = await createDocument(server.api.withToken(token));
        assert.equal(created.status, 403, 'a scoped token creates nothing');
        assert.equal(await countRows(server, 'envelope'), envelopes);
        const after = (await server.api.get(`/api/v2/envelope/${another.body.envelopeId}`)).body;
        assert.equal(after.title, before.title, 'the other document did not change');
      }
    });

    test('verify: Documenso semantics (success true/false), scope checked, malformed scope 400', async () => {
      const doc = await createDocument(server.api);
      const other = await createDocument(server.api);
      const scoped = await presign({ scope: `documentId:${doc.body.id}` });
      const open = await presign();
      const verify = (json: Record<string, unknown>, client = server.api) =>
        client.post('/api/v2/embedding/verify-presign-token', { json });
      assert.deepEqual((await verify({ token: open.token })).body, { success: true });
      assert.deepEqual((await verify({ token: scoped.token })).body, { success: true });
      assert.deepEqual((await verify({ token: scoped.token, scope: `documentId:${doc.body.id}` })).body, {
        success: true,
      });
      assert.deepEqual((await verify({ token: scoped.token, scope: `envelopeId:${doc.body.envelopeId}` })).body, {
        success: true,
      });
      assert.deepEqual((await verify({ token: scoped.token, scope: `documentId:${other.body.id}` })).body, {
        success: false,
      });
      assert.deepEqual((await verify({ token: open.token, scope: `documentId:${other.body.id}` })).body, {
        success: true,
      });
      assert.deepEqual((await verify({ token: 'presign_garbage' })).body, { success: false });
      assert.deepEqual((await verify({ token: server.api.token! })).body, { success: false });
      const reader = await server.newPlatform(undefined, 'read');
      assert.deepEqual((await verify({ token: open.token }, reader)).body, { success: false }, 'other platform');
      const bad = await verify({ token: open.token, scope: 'nope' });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.code, 'PRESIGN_SCOPE_INVALID');
      assert.equal(
        (await server.anon.post('/api/v2/embedding/verify-presign-token', { json: { token: open.token } })).status,
        401,
      );
    });

    test('presign tokens never reach a log line or an error body', async () => {
      const made = await presign({ scope: undefined });
      await server.api.get(`/api/v2/envelope?query=${made.token}`, { token: made.token });
      const refused = await server.api.get('/api/v2/envelope/nope', { token: made.token.slice(0, -2) });
      assert.ok(!JSON.stringify(refused.body).includes(made.token.slice(8, 40)));
      await server.api.post('/api/v2/embedding/verify-presign-token', { json: { token: made.token } });
      const logs = server.logs.join('\n');
      assert.ok(server.logs.length > 0, 'debug logging is on');
      assert.ok(!logs.includes(made.token.slice(8, 40)), 'no presign token in the logs');
      assert.ok(logs.includes('presign_[redacted]'), 'the address that carried one was logged, scrubbed');
    });
  });
}
