import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { defaultPlatformId, firstAdmin, joinPlatform, platformWithAdmin, SessionClient } from '../helpers/accounts.js';
import { CUIL_A, multipartBody, onePagePdf } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Issue 37 item 3, folders in the web app: the app's folder routes run the API's folder use cases
 * for a team's members, and a folder's `visibility` (no longer refused) hides it from members below
 * it — left out of lists, 404 for every use of it — with the tenant rules of the API: another
 * team's folder or document answers 404 and nothing changes.
 */
for (const database of testDatabases()) {
  describe(`app folders: routes, visibility and tenants (${database})`, () => {
    let server: TestServer;
    let platformA: number;
    let platformB: number;
    let admin: SessionClient;
    let manager: SessionClient;
    let plain: SessionClient;
    let adminB: SessionClient;

    const base = () => `/api/app/platforms/${platformA}`;
    const made = async (title: string, payload: Record<string, unknown> = {}) => {
      const res = await server.api.post('/api/v2/envelope/create', {
        body: multipartBody(
          {
            type: 'DOCUMENT',
            title,
            recipients: [{ email: 'ana@example.com', name: 'Ana', role: 'SIGNER', cuil: CUIL_A }],
            ...payload,
          },
          [{ field: 'files', bytes: await onePagePdf(), name: 'a.pdf' }],
        ),
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.id as string;
    };
    const folderOf = async (publicId: string) =>
      (
        await server.ctx.db
          .selectFrom('envelope')
          .select('folderId')
          .where('publicId', '=', publicId)
          .executeTakeFirstOrThrow()
      ).folderId;
    const folderRow = (id: string) =>
      server.ctx.db.selectFrom('folder').selectAll().where('id', '=', id).executeTakeFirst();
    const rowsOf = async (table: 'folder' | 'auditEvent' | 'accountAudit') =>
      Number(
        (
          await server.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** Both audit logs: the envelopes' and the user-level one (where a member's folder changes go). */
    const auditCount = async () => (await rowsOf('auditEvent')) + (await rowsOf('accountAudit'));
    const folderAudit = (folderId: string) =>
      server.ctx.db
        .selectFrom('accountAudit')
        .select(['type', 'actorUserId', 'email', 'platformId', 'data'])
        .where('type', 'like', 'FOLDER_%')
        .where('data', 'like', `%${folderId}%`)
        .orderBy('id')
        .execute();

    before(async () => {
      server = await startTestServer({ database, worker: false });
      admin = await firstAdmin(server);
      platformA = await defaultPlatformId(server);
      manager = await joinPlatform(server, admin, platformA, 'max@firma.example', 'MANAGER');
      plain = await joinPlatform(server, admin, platformA, 'mia@firma.example', 'MEMBER');
      ({ admin: adminB, platformId: platformB } = await platformWithAdmin(server, 'bea@firma.example'));
    });
    after(() => server?.close());

    test('create, list, rename, file a document in, filter by, take out and delete a folder', async () => {
      const created = await plain.post(`${base()}/folders`, { json: { name: '  Leases ' } });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal(created.body.name, 'Leases');
      assert.equal(created.body.type, 'DOCUMENT');
      assert.equal(created.body.visibility, 'EVERYONE');
      assert.ok(!('teamId' in created.body), 'the app shape, not Documenso’s');
      const folderId = created.body.id as string;
      const sub = await plain.post(`${base()}/folders`, { json: { name: 'Rosario', parentId: folderId } });
      assert.equal(sub.body.parentId, folderId);

      const list = await plain.get(`${base()}/folders`);
      assert.equal(list.status, 200);
      assert.deepEqual(
        (list.body.data as { id: string }[]).map((f) => f.id).toSorted(),
        [folderId, sub.body.id].toSorted(),
      );
      const inside = await plain.get(`${base()}/folders?parentId=${folderId}`);
      assert.deepEqual(
        inside.body.data.map((f: { id: string }) => f.id),
        [sub.body.id],
      );
      assert.equal((await plain.get(`${base()}/folders?type=TEMPLATE`)).body.count, 0);

      const renamed = await plain.patch(`${base()}/folders/${folderId}`, {
        json: { name: 'Leases 2026', pinned: true },
      });
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      assert.deepEqual([renamed.body.name, renamed.body.pinned], ['Leases 2026', true]);
      assert.equal((await folderRow(folderId))?.name, 'Leases 2026');

      const doc = await made('Filed lease');
      const audits = await auditCount();
      const moved = await plain.post(`${base()}/documents/${doc}/folder`, { json: { folderId } });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.equal(await folderOf(doc), folderId);
      assert.equal(await auditCount(), audits + 1, 'the move is audited');
      const filtered = await plain.get(`${base()}/documents?folderId=${folderId}`);
      assert.deepEqual(
        filtered.body.data.map((d: { id: string }) => d.id),
        [doc],
      );
      assert.equal(filtered.body.data[0].folderId, folderId);

      const notEmpty = await plain.delete(`${base()}/folders/${folderId}`);
      assert.deepEqual([notEmpty.status, notEmpty.body.code], [409, 'FOLDER_NOT_EMPTY']);
      assert.ok(await folderRow(folderId), 'still there');

      const out = await plain.post(`${base()}/documents/${doc}/folder`, { json: { folderId: null } });
      assert.equal(out.status, 200);
      assert.equal(await folderOf(doc), null);
      const deleted = await plain.delete(`${base()}/folders/${folderId}`);
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      const audit = await folderAudit(folderId);
      assert.deepEqual(
        audit.map((a) => [a.type, a.email, a.platformId]),
        [
          ['FOLDER_CREATED', 'mia@firma.example', platformA],
          ['FOLDER_UPDATED', 'mia@firma.example', platformA],
          ['FOLDER_DELETED', 'mia@firma.example', platformA],
        ],
        'each change of the member’s, in the user-level audit log',
      );
      assert.deepEqual(JSON.parse(audit[1]!.data), { folderId, name: 'Leases 2026', pinned: 1 });
      assert.equal(await folderRow(folderId), undefined);
      assert.equal(await folderRow(sub.body.id as string), undefined, 'its subfolder went with it');
    });

    test('bad input is 400 and changes nothing', async () => {
      const folder = (await admin.post(`${base()}/folders`, { json: { name: 'Bad input' } })).body;
      const doc = await made('Bad input doc');
      const before = [await rowsOf('folder'), await auditCount()];
      const cases: [string, string, unknown][] = [
        ['POST', `${base()}/folders`, { name: '   ' }],
        ['POST', `${base()}/folders`, { name: 'x'.repeat(256) }],
        ['POST', `${base()}/folders`, { name: 'Typed', type: 'ENVELOPE' }],
        ['PATCH', `${base()}/folders/${folder.id}`, {}],
        ['PATCH', `${base()}/folders/${folder.id}`, { visibility: 'LEADERS' }],
        ['POST', `${base()}/documents/${doc}/folder`, {}],
        ['POST', `${base()}/documents/${doc}/folder`, { folderId: 7 }],
      ];
      for (const [method, path, json] of cases) {
        const res = await admin.request(method, path, { json });
        assert.equal(res.status, 400, `${method} ${path} ${JSON.stringify(json)}: ${JSON.stringify(res.body)}`);
        assert.equal(typeof res.body.message, 'string');
        assert.equal(typeof res.body.code, 'string');
      }
      const template = (await admin.post(`${base()}/folders`, { json: { name: 'Tpl', type: 'TEMPLATE' } })).body;
      before[0]! += 1; // the template folder
      before[1]! += 1; // and its FOLDER_CREATED entry
      const mismatch = await admin.post(`${base()}/documents/${doc}/folder`, { json: { folderId: template.id } });
      assert.deepEqual([mismatch.status, mismatch.body.code], [400, 'FOLDER_TYPE_MISMATCH']);
      const loop = await admin.patch(`${base()}/folders/${folder.id}`, { json: { parentId: folder.id } });
      assert.deepEqual([loop.status, loop.body.code], [400, 'FOLDER_CYCLE']);
      assert.deepEqual([await rowsOf('folder'), await auditCount()], before);
      assert.equal(await folderOf(doc), null);
      assert.equal((await folderRow(folder.id))?.name, 'Bad input');
    });

    test('no session is 401, a missing or wrong CSRF token 403, and nothing changes', async () => {
      const folder = (await admin.post(`${base()}/folders`, { json: { name: 'Guarded' } })).body;
      const doc = await made('Guarded doc');
      const before = await rowsOf('folder');
      const anonymous = new SessionClient(server.url);
      assert.equal((await anonymous.get(`${base()}/folders`)).status, 401);
      const writes: [string, string, unknown][] = [
        ['POST', `${base()}/folders`, { name: 'Forged' }],
        ['PATCH', `${base()}/folders/${folder.id}`, { name: 'Forged' }],
        ['DELETE', `${base()}/folders/${folder.id}`, undefined],
        ['POST', `${base()}/documents/${doc}/folder`, { folderId: folder.id }],
      ];
      for (const [method, path, json] of writes) {
        const none = await anonymous.request(method, path, { json });
        assert.deepEqual([none.status, none.body.code], [401, 'SESSION_REQUIRED'], `${method} ${path}`);
        const noCsrf = await admin.request(method, path, { json, csrf: false });
        assert.deepEqual([noCsrf.status, noCsrf.body.code], [403, 'CSRF_REFUSED'], `${method} ${path}`);
        const wrong = await admin.request(method, path, { json, csrf: 'not-the-token' });
        assert.deepEqual([wrong.status, wrong.body.code], [403, 'CSRF_REFUSED']);
        const otherSite = await admin.request(method, path, { json, headers: { origin: 'https://evil.example' } });
        assert.deepEqual([otherSite.status, otherSite.body.code], [403, 'CSRF_REFUSED']);
      }
      assert.equal(await rowsOf('folder'), before);
      assert.equal((await folderRow(folder.id))?.name, 'Guarded');
      assert.equal(await folderOf(doc), null);
    });

    test('another team’s folder or document: 404 alike, and nothing changes on either side', async () => {
      const folderA = (await admin.post(`${base()}/folders`, { json: { name: 'Team A' } })).body;
      const docA = await made('Team A doc');
      const folderB = (await adminB.post(`/api/app/platforms/${platformB}/folders`, { json: { name: 'Team B' } })).body;
      const before = [await rowsOf('folder'), await auditCount()];
      // B's admin, on B's platform path, naming A's ids.
      const bBase = `/api/app/platforms/${platformB}`;
      const tries: [string, string, unknown][] = [
        ['PATCH', `${bBase}/folders/${folderA.id}`, { name: 'Taken' }],
        ['DELETE', `${bBase}/folders/${folderA.id}`, undefined],
        ['POST', `${bBase}/folders`, { name: 'Inside A', parentId: folderA.id }],
        ['POST', `${bBase}/documents/${docA}/folder`, { folderId: folderB.id }],
        ['GET', `${bBase}/documents?folderId=${folderA.id}`, undefined],
        // A's admin filing A's document in B's folder.
        ['POST', `${base()}/documents/${docA}/folder`, { folderId: folderB.id }],
      ];
      for (const [method, path, json] of tries) {
        const client = path.startsWith(bBase) ? adminB : admin;
        const res = await client.request(method, path, { json });
        assert.equal(res.status, 404, `${method} ${path}: ${JSON.stringify(res.body)}`);
        assert.ok(!JSON.stringify(res.body).includes('Team'), 'no name of the other team’s folder');
      }
      // A's platform path is not B's admin's at all.
      for (const res of [
        await adminB.get(`${base()}/folders`),
        await adminB.post(`${base()}/folders`, { json: { name: 'Intruder' } }),
        await adminB.delete(`${base()}/folders/${folderA.id}`),
      ])
        assert.equal(res.status, 404);
      const listB = await adminB.get(`${bBase}/folders`);
      assert.deepEqual(
        listB.body.data.map((f: { id: string }) => f.id),
        [folderB.id],
      );
      assert.deepEqual([await rowsOf('folder'), await auditCount()], before);
      assert.equal((await folderRow(folderA.id))?.name, 'Team A');
      assert.equal(await folderOf(docA), null);
    });

    test('visibility: a member never sees a folder above their role, nor its documents through it', async () => {
      const folders: Record<'everyone' | 'managers' | 'admins', string> = { everyone: '', managers: '', admins: '' };
      const visibilities = { everyone: 'EVERYONE', managers: 'MANAGER_AND_ABOVE', admins: 'ADMIN' } as const;
      for (const key of Object.keys(folders) as (keyof typeof folders)[]) {
        const f = (await admin.post(`${base()}/folders`, { json: { name: `Vis ${key}` } })).body;
        const set = await admin.patch(`${base()}/folders/${f.id}`, { json: { visibility: visibilities[key] } });
        assert.equal(set.status, 200, JSON.stringify(set.body));
        assert.equal(set.body.visibility, visibilities[key]);
        assert.equal((await folderRow(f.id))?.visibility, visibilities[key], 'stored');
        folders[key] = f.id;
        await admin.post(`${base()}/documents/${await made(`In vis ${key}`)}/folder`, { json: { folderId: f.id } });
      }
      const expected = new Map<SessionClient, (keyof typeof folders)[]>([
        [admin, ['everyone', 'managers', 'admins']],
        [manager, ['everyone', 'managers']],
        [plain, ['everyone']],
      ]);
      for (const [client, keys] of expected) {
        const seen = (await client.get(`${base()}/folders`)).body.data
          .map((f: { id: string }) => f.id)
          .filter((id: string) => Object.values(folders).includes(id));
        assert.deepEqual(seen.toSorted(), keys.map((k) => folders[k]).toSorted());
        for (const [key, id] of Object.entries(folders)) {
          const through = await client.get(`${base()}/documents?folderId=${id}`);
          assert.equal(through.status, keys.includes(key as keyof typeof folders) ? 200 : 404, `${key}`);
        }
      }
      // The member acting on the admins' folder: 404 for each use, nothing changes.
      const doc = await made('Mia wants to file');
      const before = [await rowsOf('folder'), await auditCount()];
      for (const [method, path, json] of [
        ['PATCH', `${base()}/folders/${folders.admins}`, { name: 'Seen' }],
        ['DELETE', `${base()}/folders/${folders.admins}`, undefined],
        ['POST', `${base()}/folders`, { name: 'Under', parentId: folders.admins }],
        ['POST', `${base()}/documents/${doc}/folder`, { folderId: folders.admins }],
        ['PATCH', `${base()}/folders/${folders.everyone}`, { parentId: folders.managers }],
      ] as const) {
        const res = await plain.request(method, path, { json });
        assert.equal(res.status, 404, `${method} ${path}: ${JSON.stringify(res.body)}`);
      }
      // Nor may a member raise a folder above their role (they would lose it).
      const raise = await plain.patch(`${base()}/folders/${folders.everyone}`, { json: { visibility: 'ADMIN' } });
      assert.deepEqual([raise.status, raise.body.code], [403, 'FORBIDDEN']);
      const managerMay = await manager.patch(`${base()}/folders/${folders.managers}`, {
        json: { visibility: 'ADMIN' },
      });
      assert.deepEqual([managerMay.status, managerMay.body.code], [403, 'FORBIDDEN']);
      assert.deepEqual([await rowsOf('folder'), await auditCount()], before);
      assert.equal((await folderRow(folders.admins))?.name, 'Vis admins');
      assert.equal((await folderRow(folders.everyone))?.visibility, 'EVERYONE');
      assert.equal(await folderOf(doc), null);
      // The API's token sees every folder.
      const api = await server.api.get('/api/v2/folder?perPage=100&query=Vis');
      assert.equal(api.body.count, 3);
    });

    test('SDK: folder update with visibility passes @documenso/sdk-typescript validation and reads back', async () => {
      const sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
      const folder = await sdk.folders.create({ name: 'SDK folder' });
      const updated = await sdk.folders.update({
        folderId: folder.id,
        data: { visibility: 'MANAGER_AND_ABOVE' },
      });
      assert.equal(updated.visibility, 'MANAGER_AND_ABOVE');
      const found = await sdk.folders.find({ query: 'SDK folder' });
      assert.equal(found.data[0]?.visibility, 'MANAGER_AND_ABOVE');
      const seenByMember = (await plain.get(`${base()}/folders`)).body.data.map((f: { id: string }) => f.id);
      assert.ok(!seenByMember.includes(folder.id), 'hidden from a MEMBER in the app');
    });
  });
}
