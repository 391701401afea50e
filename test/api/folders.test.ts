import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { verifyEnvelopeEvidence } from '../../src/domain/audit/verify-envelope-evidence.js';
import { createDocument, createPendingDocument, typicalPayload } from '../helpers/documents.js';
import { signAll, tokenOf, waitForStatus } from '../helpers/signing.js';
import { countRows, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Folders: Documenso's four operations, nesting without loops, per-platform isolation, envelopes
 * filed at creation and by update (audited), the GET /envelope filter, and a delete that never
 * takes documents with it.
 */
for (const database of testDatabases()) {
  describe(`folders (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    const create = async (json: Record<string, unknown>) => {
      const res = await server.api.post('/api/v2/folder/create', { json });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body as { id: string; parentId: string | null; type: string; name: string };
    };
    const folderCount = async () =>
      Number(
        (
          await server.ctx.db
            .selectFrom('folder')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    test('create, find, update, delete answer the SDK shapes; type and parent are kept', async () => {
      const root = await create({ name: 'Contratos' });
      assert.match(root.id, /^folder_/);
      assert.equal(root.type, 'DOCUMENT');
      assert.equal(root.parentId, null);
      const child = await create({ name: '2026', parentId: root.id });
      assert.equal(child.parentId, root.id);
      const templates = await create({ name: 'Modelos', type: 'TEMPLATE' });

      const all = await server.api.get('/api/v2/folder?perPage=100');
      assert.equal(all.status, 200);
      assert.ok(all.body.count >= 3);
      const inRoot = await server.api.get(`/api/v2/folder?parentId=${root.id}`);
      assert.deepEqual(
        inRoot.body.data.map((f: { id: string }) => f.id),
        [child.id],
      );
      const onlyTemplates = await server.api.get('/api/v2/folder?type=TEMPLATE');
      assert.ok(onlyTemplates.body.data.every((f: { type: string }) => f.type === 'TEMPLATE'));
      assert.ok(onlyTemplates.body.data.some((f: { id: string }) => f.id === templates.id));
      const byName = await server.api.get('/api/v2/folder?query=contra');
      assert.deepEqual(
        byName.body.data.map((f: { id: string }) => f.id),
        [root.id],
      );

      const renamed = await server.api.post('/api/v2/folder/update', {
        json: { folderId: child.id, data: { name: '2026 Q1', pinned: true, visibility: 'EVERYONE' } },
      });
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      assert.equal(renamed.body.name, '2026 Q1');
      assert.equal(renamed.body.pinned, true);
      const pinnedFirst = await server.api.get('/api/v2/folder?type=DOCUMENT&perPage=100');
      assert.equal(pinnedFirst.body.data[0].id, child.id, 'pinned folders come first');
      const moved = await server.api.post('/api/v2/folder/update', {
        json: { folderId: child.id, data: { parentId: null } },
      });
      assert.equal(moved.body.parentId, null);

      const deleted = await server.api.post('/api/v2/folder/delete', { json: { folderId: child.id } });
      assert.deepEqual(deleted.body, { success: true });
      const again = await server.api.post('/api/v2/folder/delete', { json: { folderId: child.id } });
      assert.equal(again.status, 404);
    });

    test('refusals: bad input 400, unknown parent 404, other type 400, loops 400, visibility 400; nothing changes', async () => {
      const a = await create({ name: 'A' });
      const b = await create({ name: 'B', parentId: a.id });
      const c = await create({ name: 'C', parentId: b.id });
      const tpl = await create({ name: 'T', type: 'TEMPLATE' });
      const before = await folderCount();

      for (const json of [{}, { name: '' }, { name: 'x', type: 'OTHER' }, { name: 'x'.repeat(300) }]) {
        const res = await server.api.post('/api/v2/folder/create', { json });
        assert.equal(res.status, 400, JSON.stringify(json));
        assert.equal(res.body.code, 'VALIDATION_ERROR');
        assert.ok(res.body.issues.length > 0);
      }
      const unknownParent = await server.api.post('/api/v2/folder/create', {
        json: { name: 'x', parentId: 'folder_nope' },
      });
      assert.equal(unknownParent.status, 404);
      assert.deepEqual(unknownParent.body.issues[0].path, ['parentId']);
      const wrongType = await server.api.post('/api/v2/folder/create', { json: { name: 'x', parentId: tpl.id } });
      assert.equal(wrongType.status, 400);
      assert.equal(wrongType.body.code, 'FOLDER_TYPE_MISMATCH');

      for (const parentId of [a.id, c.id]) {
        const loop = await server.api.post('/api/v2/folder/update', { json: { folderId: a.id, data: { parentId } } });
        assert.equal(loop.status, 400, JSON.stringify(loop.body));
        assert.equal(loop.body.code, 'FOLDER_CYCLE');
        assert.deepEqual(loop.body.issues[0].path, ['data', 'parentId']);
      }
      const intoTemplate = await server.api.post('/api/v2/folder/update', {
        json: { folderId: b.id, data: { parentId: tpl.id } },
      });
      assert.equal(intoTemplate.body.code, 'FOLDER_TYPE_MISMATCH');
      const visibility = await server.api.post('/api/v2/folder/update', {
        json: { folderId: b.id, data: { visibility: 'LEADERS' } },
      });
      assert.equal(visibility.status, 400);
      assert.equal(visibility.body.code, 'VALIDATION_ERROR');
      const unknown = await server.api.post('/api/v2/folder/update', { json: { folderId: 'folder_x', data: {} } });
      assert.equal(unknown.status, 404);

      assert.equal(await folderCount(), before, 'nothing was created or deleted');
      const bNow = (await server.api.get(`/api/v2/folder?parentId=${a.id}`)).body.data[0];
      assert.equal(bNow.id, b.id);
      assert.equal(bNow.visibility, 'EVERYONE');
      const cNow = (await server.api.get(`/api/v2/folder?parentId=${b.id}`)).body.data[0];
      assert.equal(cNow.id, c.id, 'the tree is as it was');
    });

    test('auth: no token 401, read token may list but not write (403)', async () => {
      const folder = await create({ name: 'Auth' });
      assert.equal((await server.anon.get('/api/v2/folder')).status, 401);
      assert.equal((await server.anon.post('/api/v2/folder/create', { json: { name: 'x' } })).status, 401);
      const reader = await server.newPlatform(undefined, 'read');
      assert.equal((await reader.get('/api/v2/folder')).status, 200);
      for (const [path, json] of [
        ['/api/v2/folder/create', { name: 'x' }],
        ['/api/v2/folder/update', { folderId: folder.id, data: { name: 'y' } }],
        ['/api/v2/folder/delete', { folderId: folder.id }],
      ] as const) {
        const res = await reader.post(path, { json });
        assert.equal(res.status, 403, path);
      }
    });

    test("another platform's folder is a 404 everywhere and nothing changes", async () => {
      const mine = await create({ name: 'Mine' });
      const other = await server.newPlatform();
      const before = await folderCount();
      const envelopesBefore = await countRows(server, 'envelope');
      assert.equal((await other.get('/api/v2/folder')).body.data.length, 0, 'B sees none of A’s folders');
      assert.equal((await other.get(`/api/v2/folder?parentId=${mine.id}`)).body.count, 0);
      assert.equal(
        (await other.post('/api/v2/folder/update', { json: { folderId: mine.id, data: { name: 'hacked' } } })).status,
        404,
      );
      assert.equal((await other.post('/api/v2/folder/delete', { json: { folderId: mine.id } })).status, 404);
      assert.equal((await other.post('/api/v2/folder/create', { json: { name: 'x', parentId: mine.id } })).status, 404);
      const filed = await createDocument(other, typicalPayload({ folderId: mine.id }));
      assert.equal(filed.status, 404);
      assert.deepEqual(filed.body.issues[0].path, ['payload', 'folderId']);
      // B's own folder cannot be placed under A's, nor A's envelope moved into B's folder.
      const theirs = (await other.post('/api/v2/folder/create', { json: { name: 'Theirs' } })).body;
      assert.equal(
        (await other.post('/api/v2/folder/update', { json: { folderId: theirs.id, data: { parentId: mine.id } } }))
          .status,
        404,
      );
      const doc = await createDocument(server.api);
      const move = await server.api.post('/api/v2/envelope/update', {
        json: { envelopeId: doc.body.envelopeId, data: { folderId: theirs.id } },
      });
      assert.equal(move.status, 404);
      assert.equal(await folderCount(), before + 1, 'only B’s own folder was created');
      assert.equal(await countRows(server, 'envelope'), envelopesBefore + 1, 'only A’s own document was created');
      const stillMine = (await server.api.get('/api/v2/folder?query=Mine')).body.data[0];
      assert.equal(stillMine.name, 'Mine');
      assert.equal(stillMine.parentId, null);
      const docNow = (await server.api.get(`/api/v2/envelope/${doc.body.envelopeId}`)).body;
      assert.equal(docNow.folderId, null);
    });

    test('envelopes are filed at creation and by update (audited), shown in views, and filtered in GET /envelope', async () => {
      const folder = await create({ name: 'Filed' });
      const templateFolder = await create({ name: 'Templates', type: 'TEMPLATE' });
      const inFolder = await createDocument(server.api, typicalPayload({ folderId: folder.id }));
      assert.equal(inFolder.status, 200, JSON.stringify(inFolder.body));
      const loose = await createDocument(server.api);
      const view = (await server.api.get(`/api/v2/envelope/${inFolder.body.envelopeId}`)).body;
      assert.equal(view.folderId, folder.id);
      const doc = (await server.api.get(`/api/v2/document/${inFolder.body.id}`)).body;
      assert.equal(doc.folderId, folder.id);
      assert.equal(doc.folder.id, folder.id);
      assert.equal(doc.folder.name, 'Filed');

      const listed = async (folderId: string) =>
        (await server.api.get(`/api/v2/envelope?folderId=${folderId}`)).body.data.map((e: { id: string }) => e.id);
      assert.deepEqual(await listed(folder.id), [inFolder.body.envelopeId]);

      const wrongType = await createDocument(server.api, typicalPayload({ folderId: templateFolder.id }));
      assert.equal(wrongType.status, 400);
      assert.equal(wrongType.body.code, 'FOLDER_TYPE_MISMATCH');

      const moved = await server.api.post('/api/v2/envelope/update', {
        json: { envelopeId: loose.body.envelopeId, data: { folderId: folder.id } },
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.equal(moved.body.folderId, folder.id);
      assert.deepEqual((await listed(folder.id)).sort(), [inFolder.body.envelopeId, loose.body.envelopeId].sort());
      const audit = (await server.api.get(`/api/v2/envelope/${loose.body.envelopeId}/audit-log`)).body;
      const entry = audit.data.find((e: { type: string }) => e.type === 'DOCUMENT_META_UPDATED');
      assert.ok(entry, 'the move is in the audit log');
      const wrongMove = await server.api.post('/api/v2/envelope/update', {
        json: { envelopeId: loose.body.envelopeId, data: { folderId: templateFolder.id } },
      });
      assert.equal(wrongMove.body.code, 'FOLDER_TYPE_MISMATCH');

      // A rename shows at once in the (cached) document view.
      await server.api.get(`/api/v2/document/${inFolder.body.id}`);
      await server.api.post('/api/v2/folder/update', { json: { folderId: folder.id, data: { name: 'Renamed' } } });
      assert.equal((await server.api.get(`/api/v2/document/${inFolder.body.id}`)).body.folder.name, 'Renamed');

      const out = await server.api.post('/api/v2/envelope/update', {
        json: { envelopeId: loose.body.envelopeId, data: { folderId: null } },
      });
      assert.equal(out.body.folderId, null);
      assert.deepEqual(await listed(folder.id), [inFolder.body.envelopeId]);
    });

    test('deleting a folder that holds documents is refused (409) and keeps them; empty subfolders go with it', async () => {
      const top = await create({ name: 'Top' });
      const sub = await create({ name: 'Sub', parentId: top.id });
      const pending = await createPendingDocument(server.api, typicalPayload({ folderId: sub.id }));
      const before = await folderCount();
      const refused = await server.api.post('/api/v2/folder/delete', { json: { folderId: top.id } });
      assert.equal(refused.status, 409);
      assert.equal(refused.body.code, 'FOLDER_NOT_EMPTY');
      assert.equal(await folderCount(), before);
      const doc = (await server.api.get(`/api/v2/envelope/${pending.envelopeId}`)).body;
      assert.equal(doc.status, 'PENDING');
      assert.equal(doc.folderId, sub.id);

      // A deleted envelope does not hold the folder: it lets go of it and keeps its row.
      const draft = await createDocument(server.api, typicalPayload({ folderId: sub.id }));
      await server.api.post('/api/v2/envelope/delete', { json: { envelopeId: draft.body.envelopeId } });
      const cancel = await server.api.post('/api/v2/envelope/cancel', { json: { envelopeId: pending.envelopeId } });
      assert.equal(cancel.status, 200, JSON.stringify(cancel.body));
      // A cancelled document is still a document: still refused.
      assert.equal((await server.api.post('/api/v2/folder/delete', { json: { folderId: top.id } })).status, 409);
      await server.api.post('/api/v2/envelope/delete', { json: { envelopeId: pending.envelopeId } });
      const gone = await server.api.post('/api/v2/folder/delete', { json: { folderId: top.id } });
      assert.equal(gone.status, 200, JSON.stringify(gone.body));
      assert.equal(await folderCount(), before - 2, 'the folder and its subfolder are gone');
      const rows = await server.ctx.db
        .selectFrom('envelope')
        .select(['folderId', 'deletedAt'])
        .where('publicId', 'in', [pending.envelopeId, draft.body.envelopeId])
        .execute();
      assert.equal(rows.length, 2, 'the envelopes keep their rows');
      assert.ok(rows.every((r) => r.folderId === null));
    });

    test('a completed document can be filed (audited) and its evidence still verifies', async () => {
      const withWorker = await startTestServer({ database });
      try {
        const folder = (await withWorker.api.post('/api/v2/folder/create', { json: { name: 'Signed' } })).body;
        const doc = await createPendingDocument(withWorker.api);
        for (const url of doc.urls.values()) assert.equal((await signAll(withWorker.anon, tokenOf(url))).status, 200);
        await waitForStatus(withWorker.api, doc.documentId, ['COMPLETED']);
        const titleChange = await withWorker.api.post('/api/v2/envelope/update', {
          json: { envelopeId: doc.envelopeId, data: { title: 'x', folderId: folder.id } },
        });
        assert.equal(titleChange.status, 400, 'other changes of a completed document are still refused');
        const moved = await withWorker.api.post('/api/v2/envelope/update', {
          json: { envelopeId: doc.envelopeId, data: { folderId: folder.id } },
        });
        assert.equal(moved.status, 200, JSON.stringify(moved.body));
        assert.equal(moved.body.folderId, folder.id);
        assert.equal(moved.body.status, 'COMPLETED');
        const audit = (await withWorker.api.get(`/api/v2/envelope/${doc.envelopeId}/audit-log?perPage=100`)).body;
        assert.ok(audit.data.some((e: { type: string }) => e.type === 'DOCUMENT_META_UPDATED'));
        const verdict = await verifyEnvelopeEvidence(withWorker.ctx, { publicId: doc.envelopeId });
        assert.equal(verdict.verdict, 'OK', JSON.stringify(verdict.checks));
        const refused = await withWorker.api.post('/api/v2/folder/delete', { json: { folderId: folder.id } });
        assert.equal(refused.status, 409, 'a folder holding signed evidence is never deleted');
      } finally {
        await withWorker.close();
      }
    });

    test('v1 files a document in a folder and filters its listing by folder', async () => {
      const folder = await create({ name: 'V1' });
      const created = await server.api.post('/api/v1/documents', {
        json: { title: 'v1 doc', recipients: [], folderId: folder.id },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const list = await server.api.get(`/api/v1/documents?folderId=${folder.id}`);
      assert.deepEqual(
        list.body.documents.map((d: { id: number; folderId: string }) => [d.id, d.folderId]),
        [[created.body.documentId, folder.id]],
      );
      const unknown = await server.api.post('/api/v1/documents', { json: { title: 'x', folderId: 'folder_nope' } });
      assert.equal(unknown.status, 404);
    });
  });
}
