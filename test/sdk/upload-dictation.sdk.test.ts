import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { CUIL_A, CUIL_B, createDocument } from '../helpers/documents.js';
import { CONSENT, tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { dataUrl, SIGNATURE_JPEG } from '../support/signature-images.js';

/**
 * Issue 35, items 4 and 5 seen through Documenso's SDK: the meta members set with it are kept,
 * and after an uploaded signature and a dictated next signer the document and its audit log (a
 * RECIPIENT_UPDATED entry by a recipient, a field inserted with an uploaded image) still pass
 * the SDK's validation.
 */
for (const database of testDatabases()) {
  describe(`@documenso/sdk-typescript after an upload and a dictated next signer (${database})`, () => {
    let server: TestServer;
    let sdk: Documenso;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
    });
    after(() => server?.close());

    test('meta set by the SDK, then the signer uploads and dictates; document and audit log stay SDK-valid', async () => {
      const sig = (pageY: number) => ({ type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY, width: 30, height: 8 });
      const created = await createDocument(server.api, {
        title: 'Contrato',
        recipients: [
          { email: 'ana@example.com', name: 'Ana', role: 'SIGNER', cuil: CUIL_A, signingOrder: 1, fields: [sig(10)] },
          {
            email: 'bruno@example.com',
            name: 'Bruno',
            role: 'SIGNER',
            cuil: CUIL_B,
            signingOrder: 2,
            fields: [sig(40)],
          },
        ],
      });
      const documentId = created.body.id as number;
      await sdk.documents.update({
        documentId,
        meta: { allowDictateNextSigner: true, uploadSignatureEnabled: true, signingOrder: 'SEQUENTIAL' },
      });
      const meta = (await sdk.documents.get({ documentId })).documentMeta;
      assert.deepEqual([meta.allowDictateNextSigner, meta.uploadSignatureEnabled], [true, true]);

      const sent = await server.api.post('/api/v2/document/distribute', {
        json: { documentId, meta: { distributionMethod: 'NONE' }, includeSigningUrls: true },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const url = (sent.body.recipients as { email: string; signingUrl: string }[]).find(
        (r) => r.email === 'ana@example.com',
      )!.signingUrl;
      const token = tokenOf(url);
      const view = await server.anon.get(`/api/v2/signing/${token}`);
      const put = await server.anon.post(`/api/v2/signing/${token}/field/${view.body.fields[0].id}`, {
        json: { signature: { type: 'uploaded', image: dataUrl(SIGNATURE_JPEG, 'jpeg') } },
      });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      const done = await server.anon.post(`/api/v2/signing/${token}/complete`, {
        json: { ...CONSENT, nextSigner: { name: 'Carla', email: 'carla@example.com', cuil: '20111111112' } },
      });
      assert.equal(done.status, 200, JSON.stringify(done.body));

      const document = await sdk.documents.get({ documentId });
      assert.ok(document.recipients.some((r) => r.email === 'carla@example.com' && r.name === 'Carla'));
      const envelopeId = created.body.envelopeId as string;
      const log = await sdk.envelope.envelopeAuditLogFind({ envelopeId, perPage: 100 });
      assert.ok(
        log.data.some((e) => e.type === 'RECIPIENT_UPDATED'),
        JSON.stringify(log.data.map((e) => e.type)),
      );
    });
  });
}
