import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { joinPlatform, platformWithAdmin, SessionClient } from '../helpers/accounts.js';
import { HttpClient } from '../helpers/http-client.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Issue 37, item 3: a team's API tokens in the web app. Admins only (a MANAGER and a MEMBER are
 * 403, a stranger 404); the token is answered once and never again; revoking ends it; another
 * team's token is 404 and stays valid; each change is audited; "last used" is written at most
 * once an hour per token, never per request.
 */
for (const database of testDatabases()) {
  describe(`app settings: API tokens (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    // Every column but the last use (which a request of the test records).
    const tokensOf = (platformId: number) =>
      server.ctx.db
        .selectFrom('apiToken')
        .select(['id', 'name', 'tokenHash', 'environment', 'scope', 'expiresAt', 'revokedAt', 'createdAt'])
        .where('platformId', '=', platformId)
        .orderBy('id')
        .execute();
    const auditTypes = async (platformId: number) =>
      (
        await server.ctx.db
          .selectFrom('accountAudit')
          .select(['type', 'data'])
          .where('platformId', '=', platformId)
          .orderBy('id')
          .execute()
      )
        .map((r) => r.type)
        .filter((type) => type.startsWith('TOKEN_'));

    test('an admin creates (shown once), lists and revokes a token; audited; the token then fails', async () => {
      const { admin, platformId } = await platformWithAdmin(server, 'root.tokens@firma.example');
      const url = `/api/app/platforms/${platformId}/tokens`;
      const created = await admin.post(url, { json: { name: 'CRM sync', scope: 'read', expiresInDays: 30 } });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const { token, ...view } = created.body as { token: string; id: string; scope: string; expiresAt: string };
      assert.match(token, /^api_/);
      assert.equal(view.scope, 'read');
      assert.ok(Date.parse(view.expiresAt) > Date.now() + 29 * 86_400_000);

      const works = await new HttpClient(server.url, token).get('/api/v2/webhook');
      assert.equal(works.status, 200, JSON.stringify(works.body));
      const refusedWrite = await new HttpClient(server.url, token).post('/api/v2/webhook/create', {
        json: { webhookUrl: 'https://example.com/h', eventTriggers: ['DOCUMENT_SENT'] },
      });
      assert.equal(refusedWrite.status, 403, 'a read token may not write');

      const listed = await admin.get(url);
      assert.equal(listed.status, 200);
      const mine = listed.body.data.find((t: { id: string }) => t.id === view.id);
      assert.equal(mine.name, 'CRM sync');
      assert.ok(!JSON.stringify(listed.body).includes(token), 'the list never shows the token');
      assert.ok(!JSON.stringify(listed.body).includes(token.slice(10)), 'nor a long part of it');

      const revoked = await admin.delete(`${url}/${view.id}`);
      assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
      assert.ok(revoked.body.revokedAt);
      assert.ok(!JSON.stringify(revoked.body).includes(token));
      assert.equal((await new HttpClient(server.url, token).get('/api/v2/webhook')).status, 401);
      const again = await admin.delete(`${url}/${view.id}`);
      assert.equal(again.status, 200);
      assert.equal(again.body.revokedAt, revoked.body.revokedAt, 'revoking twice keeps the first time');
      assert.deepEqual(await auditTypes(platformId), ['TOKEN_CREATED', 'TOKEN_REVOKED']);
    });

    test('bad input, no session, no CSRF, roles, unknown and foreign ids: refused, nothing changes', async () => {
      const { admin, platformId, token: ownToken } = await platformWithAdmin(server, 'root.tokenrules@firma.example');
      const manager = await joinPlatform(server, admin, platformId, 'mona.tokenrules@firma.example', 'MANAGER');
      const member = await joinPlatform(server, admin, platformId, 'mel.tokenrules@firma.example', 'MEMBER');
      const other = await platformWithAdmin(server, 'root.othertokens@firma.example');
      const url = `/api/app/platforms/${platformId}/tokens`;
      const before = await tokensOf(platformId);
      const otherBefore = await tokensOf(other.platformId);
      const ownId = before[0]!.id;

      const bad: unknown[] = [
        {},
        { name: '', scope: 'read' },
        { name: 'x', scope: 'admin' },
        { name: 'x', scope: 'full', expiresInDays: 0 },
        { name: 'x', scope: 'full', expiresInDays: 3651 },
        { name: 'x', scope: 'full', expiresInDays: 1.5 },
        { name: 'x'.repeat(101), scope: 'full' },
      ];
      for (const json of bad) {
        const refused = await admin.post(url, { json });
        assert.equal(refused.status, 400, JSON.stringify(json));
        assert.equal(refused.body.code, 'VALIDATION_ERROR');
      }
      const valid = { name: 'ok', scope: 'full' };
      assert.equal((await admin.post(url, { json: valid, csrf: false })).status, 403);
      assert.equal((await admin.post(url, { json: valid, csrf: 'wrong' })).status, 403);
      assert.equal((await admin.delete(`${url}/${ownId}`, { csrf: false })).status, 403);
      const anonymous = new SessionClient(server.url);
      assert.equal((await anonymous.get(url)).status, 401);
      assert.equal((await anonymous.post(url, { json: valid })).status, 401);
      for (const client of [manager, member]) {
        for (const refused of [
          await client.get(url),
          await client.post(url, { json: valid }),
          await client.delete(`${url}/${ownId}`),
        ]) {
          assert.equal(refused.status, 403, JSON.stringify(refused.body));
          assert.equal(refused.body.code, 'FORBIDDEN');
        }
      }
      // Another team's admin: this platform is 404 to them; their own path with this token is 404.
      assert.equal((await other.admin.get(url)).status, 404);
      assert.equal((await other.admin.delete(`${url}/${ownId}`)).status, 404);
      const foreign = await other.admin.delete(`/api/app/platforms/${other.platformId}/tokens/${ownId}`);
      assert.equal(foreign.status, 404);
      assert.equal(foreign.body.code, 'NOT_FOUND');
      assert.equal((await admin.delete(`${url}/tok_unknown`)).status, 404);
      assert.equal((await ownToken.get('/api/v2/webhook')).status, 200, 'the foreign revoke left it valid');

      assert.deepEqual(await tokensOf(platformId), before, 'no refusal changed a token');
      assert.deepEqual(await tokensOf(other.platformId), otherBefore);
      assert.deepEqual(await auditTypes(platformId), []);
    });

    test('last use: recorded at the first request, then not written again within the hour', async () => {
      const { admin, platformId } = await platformWithAdmin(server, 'root.lastused@firma.example');
      const url = `/api/app/platforms/${platformId}/tokens`;
      const created = await admin.post(url, { json: { name: 'busy', scope: 'full' } });
      const client = new HttpClient(server.url, created.body.token as string);
      const lastUsed = async () =>
        (
          await server.ctx.db
            .selectFrom('apiToken')
            .select('lastUsedAt')
            .where('id', '=', created.body.id as string)
            .executeTakeFirstOrThrow()
        ).lastUsedAt;
      assert.equal(await lastUsed(), null);
      assert.equal((await client.get('/api/v2/webhook')).status, 200);
      const waitFor = async () => {
        for (let i = 0; i < 50 && (await lastUsed()) === null; i++) await new Promise((r) => setTimeout(r, 20));
      };
      await waitFor();
      const first = await lastUsed();
      assert.ok(first, 'the first request recorded its use');
      const listed = await admin.get(url);
      assert.equal(listed.body.data.find((t: { id: string }) => t.id === created.body.id).lastUsedAt, first);

      // Cleared behind the server's back: 20 more requests within the hour write nothing at all.
      await server.ctx.db.updateTable('apiToken').set({ lastUsedAt: null }).where('id', '=', created.body.id).execute();
      for (let i = 0; i < 20; i++) assert.equal((await client.get('/api/v2/webhook')).status, 200);
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(await lastUsed(), null, 'no write per request');
    });
  });
}
