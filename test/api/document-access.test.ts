import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createDocument, multipartBody, onePagePdf, typicalPayload } from '../helpers/documents.js';
import type { HttpClient } from '../helpers/http-client.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/** Every document endpoint: no token 401, read token on writes 403, unknown id 404, another platform's id 404 without data. */
for (const database of testDatabases()) {
  describe(`document endpoints: authentication, scope and isolation (${database})`, () => {
    let server: TestServer;
    let other: HttpClient;
    let reader: HttpClient;
    let documentId: number;
    before(async () => {
      server = await startTestServer({ database });
      other = await server.newPlatform('other');
      reader = await server.newPlatform('default', 'read');
      documentId = (await createDocument(server.api)).body.id;
    });
    after(() => server.close());

    const reads = () => [
      `/api/v2/document/${documentId}`,
      `/api/v2/document/${documentId}/download?version=original`,
      `/api/v2/document/${documentId}/certificate`,
    ];

    test('no token: 401 on every endpoint, before the body is read', async () => {
      for (const path of reads()) assert.equal((await server.anon.get(path)).status, 401, path);
      const create = await server.anon.post('/api/v2/document/create', {
        body: multipartBody(typicalPayload(), [{ field: 'file', bytes: await onePagePdf() }]),
      });
      assert.equal(create.status, 401);
      const distribute = await server.anon.post('/api/v2/document/distribute', {
        body: 'not even json',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(distribute.status, 401, 'authentication comes before body parsing');
    });

    test('a read-scope token reads but may not write (403)', async () => {
      assert.equal((await reader.get(`/api/v2/document/${documentId}`)).status, 200);
      const create = await createDocument(reader);
      assert.equal(create.status, 403);
      assert.equal(create.body.code, 'FORBIDDEN');
      const distribute = await reader.post('/api/v2/document/distribute', { json: { documentId } });
      assert.equal(distribute.status, 403);
    });

    test('unknown ids are 404 NOT_FOUND', async () => {
      for (const path of [
        '/api/v2/document/999999',
        '/api/v2/document/999999/download',
        '/api/v2/document/999999/certificate',
      ]) {
        const res = await server.api.get(path);
        assert.equal(res.status, 404, path);
        assert.equal(res.body.code, 'NOT_FOUND');
      }
      const res = await server.api.post('/api/v2/document/distribute', { json: { documentId: 999999 } });
      assert.equal(res.status, 404);
    });

    test("another platform's id answers 404 and never its data", async () => {
      for (const path of reads()) {
        const res = await other.get(path);
        assert.equal(res.status, 404, path);
        assert.ok(!res.bytes.toString('latin1').includes('Contrato'), 'no data leaks');
      }
      const res = await other.post('/api/v2/document/distribute', { json: { documentId } });
      assert.equal(res.status, 404);
      assert.equal(
        (await server.api.get(`/api/v2/document/${documentId}`)).body.status,
        'DRAFT',
        'the other platform changed nothing',
      );
    });

    test('non-numeric ids are 400', async () => {
      const res = await server.api.get('/api/v2/document/abc');
      assert.equal(res.status, 400);
      assert.equal(res.body.code, 'VALIDATION_ERROR');
    });
  });
}
