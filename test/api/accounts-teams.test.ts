import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { OpenAPIV3_1 } from 'openapi-types';
import { userInviteCommand } from '../../src/cli/user-command.js';
import {
  defaultPlatformId,
  firstAdmin,
  linkTokenIn,
  SessionClient,
  STRONG_PASSWORD,
  type SessionRequest,
} from '../helpers/accounts.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Issue 37, item 2 (the minimum for now): teams are platforms, with members in roles. A member of
 * another platform, or a role without the right, gets the same answer as for nothing there, and
 * nothing is written. The app's API has its own OpenAPI document; the public ones do not change.
 */
for (const database of testDatabases()) {
  describe(`accounts: teams (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    const linkCount = async () =>
      Number(
        (
          await server.ctx.db
            .selectFrom('accountLink')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    /** A new platform and its first ADMIN, signed in (invited by the operator, accepted). */
    const platformWithAdmin = async (email: string) => {
      const platform = await server.newPlatform();
      const printed: string[] = [];
      await userInviteCommand(
        server.ctx,
        { platform: platform.platformName, email, role: 'ADMIN', language: undefined, json: true },
        (text) => void printed.push(text),
      );
      const made = JSON.parse(printed.join('')) as { url: string; platformId: number; mailed: boolean };
      assert.equal(made.mailed, false, 'no SMTP: printed only');
      const admin = new SessionClient(server.url);
      const accepted = await admin.post(`/api/app/invitations/${linkTokenIn(made.url, 'invitation')}/accept`, {
        json: { name: 'Admin B', password: STRONG_PASSWORD },
      });
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
      return { admin, platformId: made.platformId };
    };

    /** Joins `platformId` as `role` through an invitation made by `inviter`. */
    const member = async (inviter: SessionClient, platformId: number, email: string, role: string) => {
      const invited = await inviter.post(`/api/app/platforms/${platformId}/invitations`, { json: { email, role } });
      assert.equal(invited.status, 200, JSON.stringify(invited.body));
      const client = new SessionClient(server.url);
      await client.post(`/api/app/invitations/${linkTokenIn(invited.body.url, 'invitation')}/accept`, {
        json: { name: email.split('@')[0], password: STRONG_PASSWORD },
      });
      return client;
    };

    test('another platform’s member can neither see nor invite there, and nothing is written', async () => {
      const adminA = await firstAdmin(server);
      const platformA = await defaultPlatformId(server);
      const { admin: adminB, platformId: platformB } = await platformWithAdmin('bea@firma.example');

      assert.deepEqual(
        (await adminB.get('/api/app/platforms')).body.data.map((p: { id: number }) => p.id),
        [platformB],
      );
      const before = await linkCount();
      const calls: [string, string, SessionRequest?][] = [
        ['GET', `/api/app/platforms/${platformA}/members`],
        ['POST', `/api/app/platforms/${platformA}/invitations`, { json: { email: 'x@firma.example', role: 'MEMBER' } }],
      ];
      for (const [method, path, options] of calls) {
        const foreign = await adminB.request(method, path, options);
        const unknown = await adminB.request(method, path.replace(String(platformA), '999999'), options);
        assert.equal(foreign.status, 404, `${method} ${path}`);
        assert.deepEqual(foreign.body, unknown.body, 'the same as a platform that does not exist');
        assert.ok(!JSON.stringify(foreign.body).includes('admin@firma.example'));
      }
      assert.equal(await linkCount(), before, 'no invitation made');
      const members = await adminA.get(`/api/app/platforms/${platformA}/members`);
      assert.deepEqual(
        members.body.data.map((m: { email: string; role: string }) => [m.email, m.role]),
        [['admin@firma.example', 'ADMIN']],
        'B did not join A',
      );
      const bad = await adminA.get('/api/app/platforms/abc/members');
      assert.equal(bad.status, 400);
      assert.equal(bad.body.code, 'VALIDATION_ERROR');
    });

    test('roles: an ADMIN invites any role, a MANAGER managers and members, a MEMBER nobody', async () => {
      const { admin, platformId } = await platformWithAdmin('cleo@firma.example');
      const manager = await member(admin, platformId, 'max@firma.example', 'MANAGER');
      const plain = await member(admin, platformId, 'mia@firma.example', 'MEMBER');
      const before = await linkCount();
      const byMember = await plain.post(`/api/app/platforms/${platformId}/invitations`, {
        json: { email: 'new@firma.example', role: 'MEMBER' },
      });
      assert.deepEqual([byMember.status, byMember.body.code], [403, 'FORBIDDEN']);
      const adminByManager = await manager.post(`/api/app/platforms/${platformId}/invitations`, {
        json: { email: 'new@firma.example', role: 'ADMIN' },
      });
      assert.deepEqual([adminByManager.status, adminByManager.body.code], [403, 'FORBIDDEN']);
      assert.equal(await linkCount(), before, 'refusals write nothing');
      const byManager = await manager.post(`/api/app/platforms/${platformId}/invitations`, {
        json: { email: 'New@firma.example', role: 'MEMBER', language: 'de' },
      });
      assert.equal(byManager.status, 200);
      assert.equal(byManager.body.email, 'new@firma.example');
      const existing = await admin.post(`/api/app/platforms/${platformId}/invitations`, {
        json: { email: 'mia@firma.example', role: 'MANAGER' },
      });
      assert.deepEqual([existing.status, existing.body.code], [409, 'ALREADY_EXISTS']);
      const badInput = await admin.post(`/api/app/platforms/${platformId}/invitations`, {
        json: { email: 'not an address', role: 'OWNER' },
      });
      assert.equal(badInput.status, 400);
      assert.deepEqual(badInput.body.issues.map((i: { path: string[] }) => i.path.at(-1)).sort(), ['email', 'role']);
      const listed = await plain.get(`/api/app/platforms/${platformId}/members`);
      assert.deepEqual(
        listed.body.data.map((m: { email: string; role: string }) => [m.email, m.role]),
        [
          ['cleo@firma.example', 'ADMIN'],
          ['max@firma.example', 'MANAGER'],
          ['mia@firma.example', 'MEMBER'],
        ],
      );
    });

    test('firma user invite refuses what it cannot do, in words, and makes nothing', async () => {
      const before = await linkCount();
      const tries = [
        [{ platform: 'default', email: 'x@firma.example', role: undefined }, /--role ADMIN\|MANAGER\|MEMBER/],
        [{ platform: 'default', email: 'x@firma.example', role: 'owner' }, /--role/],
        [{ platform: 'default', email: undefined, role: 'ADMIN' }, /--email/],
        [{ platform: 'no-such-platform', email: 'x@firma.example', role: 'ADMIN' }, /not found/],
        [{ platform: 'default', email: 'not an address', role: 'ADMIN' }, /Invalid e-mail address/],
      ] as const;
      for (const [input, message] of tries)
        await assert.rejects(
          userInviteCommand(server.ctx, { ...input, language: undefined, json: false }, () => undefined),
          message,
        );
      assert.equal(await linkCount(), before);
    });

    test('the app’s own OpenAPI document: every route, the session’s security; the public documents have none of them', async () => {
      const doc = (await server.anon.get('/api/app/openapi.json')).body as OpenAPIV3_1.Document;
      assert.equal(doc.servers?.[0]?.url, `${server.url}/api/app`);
      assert.deepEqual(doc.security, [{ sessionCookie: [], csrfToken: [] }]);
      const signIn = doc.paths?.['/session']?.post;
      assert.deepEqual(signIn?.security, [], 'signing in needs no session');
      assert.equal(doc.paths?.['/sessions']?.get?.security, undefined, 'the rest need one');
      // Only what its routes use: each named schema is referred to from a path (the API's other
      // named schemas, registered in the same process, stay out).
      const referred = new Set(
        [...JSON.stringify(doc.paths).matchAll(/#\/components\/schemas\/(\w+)/g)].map((m) => m[1]),
      );
      const named = Object.keys(doc.components?.schemas ?? {});
      assert.deepEqual(
        named.filter((name) => !referred.has(name)),
        [],
        'only what its routes use',
      );
      assert.ok(named.length <= 3, `a few shared shapes, not the API's: ${named.join(', ')}`);
      for (const version of ['v2', 'v1']) {
        const paths = Object.keys((await server.anon.get(`/api/${version}/openapi.json`)).body.paths);
        assert.ok(!paths.some((p) => p.includes('session') || p.includes('invitation')), version);
      }
    });
  });
}
