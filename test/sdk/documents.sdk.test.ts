import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { CUIL_A, onePagePdf } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/** Documenso's official SDK, pointed at Firma by its base URL only, must not raise validation errors. */
for (const database of testDatabases()) {
  describe(`@documenso/sdk-typescript against the document flow (${database})`, () => {
    let server: TestServer;
    let sdk: Documenso;
    before(async () => {
      server = await startTestServer({ database });
      sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
    });
    after(() => server.close());

    test('creates, reads and distributes a document', async () => {
      const created = await sdk.documents.create({
        payload: {
          title: 'SDK contract',
          externalId: 'sdk-1',
          recipients: [
            {
              email: 'sdk-signer@example.com',
              name: 'SDK Signer',
              role: 'SIGNER',
              fields: [
                { type: 'SIGNATURE', pageNumber: 1, pageX: 10, pageY: 80, width: 30, height: 8 },
                {
                  type: 'TEXT',
                  pageNumber: 1,
                  pageX: 10,
                  pageY: 60,
                  width: 30,
                  height: 5,
                  fieldMeta: { type: 'text', label: 'Note' },
                },
                {
                  type: 'CHECKBOX',
                  pageNumber: 1,
                  pageX: 10,
                  pageY: 40,
                  width: 30,
                  height: 10,
                  fieldMeta: { type: 'checkbox', values: [{ id: 1, checked: false, value: 'I agree' }] },
                },
              ],
            },
            { email: 'sdk-cc@example.com', name: 'CC', role: 'CC' },
          ],
          meta: {
            subject: 'Please sign',
            timezone: 'America/Argentina/Buenos_Aires',
            dateFormat: 'dd/MM/yyyy',
            emailSettings: {},
          },
        },
        file: new Blob([Buffer.from(await onePagePdf())], { type: 'application/pdf' }),
      });
      assert.equal(typeof created.id, 'number');
      assert.match(created.envelopeId, /^envelope_/);

      const doc = await sdk.documents.get({ documentId: created.id });
      assert.equal(doc.status, 'DRAFT');
      assert.equal(doc.recipients.length, 2);
      assert.equal(doc.fields.length, 3);
      assert.equal(doc.documentMeta.timezone, 'America/Argentina/Buenos_Aires');

      // The SDK has no cuil member: set it over plain HTTP, as docs/identity-rules.md tells SDK users.
      const signer = doc.recipients.find((r) => r.role === 'SIGNER')!;
      await server.ctx.db.updateTable('recipient').set({ cuil: CUIL_A }).where('id', '=', signer.id).execute();

      const distributed = await sdk.documents.distribute({
        documentId: created.id,
        meta: { distributionMethod: 'NONE' },
      });
      assert.equal(distributed.status, 'PENDING');
      assert.equal(distributed.envelopeId, created.envelopeId);
    });

    test('errors surface as the SDK’s typed errors with Firma’s code', async () => {
      await assert.rejects(sdk.documents.get({ documentId: 987654 }), (error: unknown) => {
        const e = error as { statusCode?: number; code?: string; name?: string };
        assert.equal(e.statusCode, 404);
        assert.equal(e.code, 'NOT_FOUND');
        return true;
      });
      const bad = new Documenso({ apiKey: 'api_wrong', serverURL: `${server.url}/api/v2` });
      await assert.rejects(
        bad.documents.get({ documentId: 1 }),
        (error: unknown) => (error as { statusCode?: number }).statusCode === 401,
      );
    });
  });
}
