import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  auditOf,
  joinPlatform,
  platformWithAdmin as platformWithAdminOf,
  type SessionClient,
} from '../helpers/accounts.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Issue 37, item 2: changing a member's role and removing a member. An ADMIN may change or remove
 * anyone, a MANAGER only members and managers (never making an ADMIN), a MEMBER nobody; the last
 * ADMIN stays; a removed member's next request 404s; another platform's ids answer 404 and change
 * nothing; every change is audited.
 */
for (const database of testDatabases()) {
  describe(`accounts: member roles (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    const platformWithAdmin = (email: string) => platformWithAdminOf(server, email);
    const join = (inviter: SessionClient, platformId: number, email: string, role: 'ADMIN' | 'MANAGER' | 'MEMBER') =>
      joinPlatform(server, inviter, platformId, email, role);

    const rolesOf = async (platformId: number) => {
      const rows = await server.ctx.db
        .selectFrom('platformMember')
        .innerJoin('userAccount', 'userAccount.id', 'platformMember.userId')
        .select(['userAccount.email', 'platformMember.role'])
        .where('platformId', '=', platformId)
        .orderBy('userAccount.email')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.email, r.role]));
    };
    const idOf = async (email: string) =>
      (await server.ctx.db.selectFrom('userAccount').select('id').where('email', '=', email).executeTakeFirstOrThrow())
        .id;

    test('who may change whose role; the last admin stays one; audited', async () => {
      const { admin, platformId } = await platformWithAdmin('root.roles@firma.example');
      const manager = await join(admin, platformId, 'mona.roles@firma.example', 'MANAGER');
      const member = await join(admin, platformId, 'mel.roles@firma.example', 'MEMBER');
      await join(admin, platformId, 'max.roles@firma.example', 'MANAGER');
      const root = await idOf('root.roles@firma.example');
      const mona = await idOf('mona.roles@firma.example');
      const mel = await idOf('mel.roles@firma.example');
      const max = await idOf('max.roles@firma.example');
      const url = (userId: string) => `/api/app/platforms/${platformId}/members/${userId}`;
      const before = await rolesOf(platformId);

      const refusals: [SessionClient, string, string, number, string][] = [
        [member, mel, 'MANAGER', 403, 'FORBIDDEN'],
        [member, max, 'MEMBER', 403, 'FORBIDDEN'],
        [manager, max, 'ADMIN', 403, 'FORBIDDEN'],
        [manager, root, 'MEMBER', 403, 'FORBIDDEN'],
        [admin, root, 'MEMBER', 400, 'LAST_ADMIN'],
        [admin, 'user_notamember', 'MEMBER', 404, 'NOT_FOUND'],
      ];
      for (const [client, target, role, status, code] of refusals) {
        const refused = await client.patch(url(target), { json: { role } });
        assert.equal(refused.status, status, `${target} → ${role}: ${JSON.stringify(refused.body)}`);
        assert.equal(refused.body.code, code);
      }
      assert.equal((await admin.patch(url(mel), { json: { role: 'OWNER' } })).body.code, 'VALIDATION_ERROR');
      assert.equal((await admin.patch(url(mel), { json: { role: 'MANAGER' }, csrf: false })).status, 403);
      assert.deepEqual(await rolesOf(platformId), before, 'no refusal changed a role');

      const promoted = await manager.patch(url(mel), { json: { role: 'MANAGER' } });
      assert.equal(promoted.status, 200, JSON.stringify(promoted.body));
      assert.deepEqual([promoted.body.email, promoted.body.role], ['mel.roles@firma.example', 'MANAGER']);
      assert.equal((await manager.patch(url(max), { json: { role: 'MEMBER' } })).status, 200);
      assert.equal((await admin.patch(url(mona), { json: { role: 'ADMIN' } })).status, 200);
      // Two admins now: the first may step down, and the second is then the last.
      assert.equal((await admin.patch(url(root), { json: { role: 'MEMBER' } })).status, 200);
      assert.equal((await manager.patch(url(mona), { json: { role: 'MEMBER' } })).body.code, 'LAST_ADMIN');
      assert.deepEqual(await rolesOf(platformId), {
        'max.roles@firma.example': 'MEMBER',
        'mel.roles@firma.example': 'MANAGER',
        'mona.roles@firma.example': 'ADMIN',
        'root.roles@firma.example': 'MEMBER',
      });
      const changes = (await auditOf(server, 'mel.roles@firma.example')).filter(
        (e) => e.type === 'MEMBER_ROLE_CHANGED',
      );
      assert.deepEqual(
        changes.map((e) => [e.platformId, e.actorUserId, e.data]),
        [[platformId, mona, { from: 'MEMBER', to: 'MANAGER' }]],
      );
    });

    test('removing a member ends their access at once; never the last admin; another platform’s ids are 404', async () => {
      const { admin, platformId } = await platformWithAdmin('ann.remove@firma.example');
      const { admin: otherAdmin, platformId: otherPlatform } = await platformWithAdmin('oz.remove@firma.example');
      const manager = await join(admin, platformId, 'meg.remove@firma.example', 'MANAGER');
      const member = await join(admin, platformId, 'mo.remove@firma.example', 'MEMBER');
      const ann = await idOf('ann.remove@firma.example');
      const mo = await idOf('mo.remove@firma.example');
      const oz = await idOf('oz.remove@firma.example');
      const url = (platform: number, userId: string) => `/api/app/platforms/${platform}/members/${userId}`;
      const before = await rolesOf(platformId);
      const otherBefore = await rolesOf(otherPlatform);

      const refusals: [SessionClient, string, number, string][] = [
        [otherAdmin, url(platformId, mo), 404, 'NOT_FOUND'],
        [otherAdmin, url(platformId, ann), 404, 'NOT_FOUND'],
        [admin, url(otherPlatform, oz), 404, 'NOT_FOUND'],
        [admin, url(platformId, oz), 404, 'NOT_FOUND'],
        [member, url(platformId, ann), 403, 'FORBIDDEN'],
        [manager, url(platformId, ann), 403, 'FORBIDDEN'],
        [admin, url(platformId, ann), 400, 'LAST_ADMIN'],
      ];
      for (const [client, path, status, code] of refusals) {
        const refused = await client.delete(path);
        assert.equal(refused.status, status, `${path}: ${JSON.stringify(refused.body)}`);
        assert.equal(refused.body.code, code);
      }
      assert.equal((await otherAdmin.patch(url(platformId, mo), { json: { role: 'ADMIN' } })).status, 404);
      assert.deepEqual(await rolesOf(platformId), before, 'nothing changed on the platform');
      assert.deepEqual(await rolesOf(otherPlatform), otherBefore, 'nor on the other');
      assert.equal(
        (await auditOf(server, 'mo.remove@firma.example')).filter((e) => e.type === 'MEMBER_REMOVED').length,
        0,
      );

      assert.equal((await member.get(`/api/app/platforms/${platformId}/members`)).status, 200);
      const removed = await manager.delete(url(platformId, mo));
      assert.equal(removed.status, 200, JSON.stringify(removed.body));
      const after = await member.get(`/api/app/platforms/${platformId}/members`);
      assert.equal(after.status, 404, 'their next request on the platform is 404');
      assert.deepEqual((await member.get('/api/app/platforms')).body.data, []);
      const audit = (await auditOf(server, 'mo.remove@firma.example')).filter((e) => e.type === 'MEMBER_REMOVED');
      assert.deepEqual(
        audit.map((e) => [e.platformId, e.data]),
        [[platformId, { role: 'MEMBER' }]],
      );
    });
  });
}
