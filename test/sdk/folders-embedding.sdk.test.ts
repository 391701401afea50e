import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { createDocument, typicalPayload } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * The folder and embedding operations through Documenso's official SDK: any shape Firma got
 * wrong would surface as an SDK validation error. Also the folder in the legacy document view, and
 * a presign token used as the SDK's apiKey.
 */
for (const database of testDatabases()) {
  describe(`@documenso/sdk-typescript against folders and presign tokens (${database})`, () => {
    let server: TestServer;
    let sdk: Documenso;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
    });
    after(() => server.close());

    test('folders: create → find → update → file a document → get it → delete, with no validation error', async () => {
      const root = await sdk.folders.create({ name: 'SDK root' });
      assert.match(root.id, /^folder_/);
      assert.equal(root.type, 'DOCUMENT');
      const child = await sdk.folders.create({ name: 'SDK child', parentId: root.id, type: 'DOCUMENT' });
      assert.equal(child.parentId, root.id);
      const templates = await sdk.folders.create({ name: 'SDK templates', type: 'TEMPLATE' });
      assert.equal(templates.type, 'TEMPLATE');

      const found = await sdk.folders.find({ parentId: root.id, page: 1, perPage: 10 });
      assert.deepEqual(
        found.data.map((f) => f.id),
        [child.id],
      );
      assert.equal(found.count, 1);
      const byType = await sdk.folders.find({ type: 'TEMPLATE', query: 'SDK' });
      assert.deepEqual(
        byType.data.map((f) => f.id),
        [templates.id],
      );

      const updated = await sdk.folders.update({
        folderId: child.id,
        data: { name: 'SDK child v2', pinned: true, visibility: 'EVERYONE', parentId: null },
      });
      assert.equal(updated.name, 'SDK child v2');
      assert.equal(updated.pinned, true);
      assert.equal(updated.parentId, null);

      const doc = await createDocument(server.api, typicalPayload({ folderId: child.id }));
      assert.equal(doc.status, 200, JSON.stringify(doc.body));
      const legacy = await sdk.documents.get({ documentId: doc.body.id });
      assert.equal(legacy.folderId, child.id);
      assert.equal(legacy.folder?.name, 'SDK child v2');
      const env = await sdk.envelopes.get({ envelopeId: doc.body.envelopeId });
      assert.equal(env.folderId, child.id);
      // SDK 0.9.1 has no envelope find: the filter over plain HTTP.
      const listed = (await server.api.get(`/api/v2/envelope?folderId=${child.id}`)).body;
      assert.deepEqual(
        listed.data.map((e: { id: string }) => e.id),
        [doc.body.envelopeId],
      );
      const moved = await sdk.envelopes.update({ envelopeId: doc.body.envelopeId, data: { folderId: root.id } });
      assert.equal(moved.folderId, root.id);

      const removed = await sdk.folders.delete({ folderId: child.id });
      assert.deepEqual(removed, { success: true });
      const removedTemplates = await sdk.folders.delete({ folderId: templates.id });
      assert.equal(removedTemplates.success, true);
    });

    test('embedding: create and verify presign tokens; a presign token works as the SDK apiKey', async () => {
      const doc = await createDocument(server.api);
      const made = await sdk.embedding.embeddingPresignCreateEmbeddingPresignToken({
        expiresIn: 30,
        scope: `documentId:${doc.body.id}`,
      });
      assert.match(made.token, /^presign_/);
      assert.equal(made.expiresIn, 1800);
      const verified = await sdk.embedding.embeddingPresignVerifyEmbeddingPresignToken({
        token: made.token,
        scope: `envelopeId:${doc.body.envelopeId}`,
      });
      assert.deepEqual(verified, { success: true });
      const wrong = await sdk.embedding.embeddingPresignVerifyEmbeddingPresignToken({ token: 'presign_x' });
      assert.deepEqual(wrong, { success: false });
      const unscoped = await sdk.embedding.embeddingPresignCreateEmbeddingPresignToken({});
      assert.equal(unscoped.expiresIn, 3600);

      const embedded = new Documenso({ apiKey: made.token, serverURL: `${server.url}/api/v2` });
      const env = await embedded.envelopes.get({ envelopeId: doc.body.envelopeId });
      assert.equal(env.id, doc.body.envelopeId);
      await assert.rejects(embedded.folders.find({}), /scoped to one document/);
    });
  });
}
