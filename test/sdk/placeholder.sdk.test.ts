import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { CUIL_A, multipartBody } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { taggedPdf } from '../support/tagged-pdf.js';

/**
 * Placeholder positioning through Documenso's SDK: `envelopes.fields.createMany` with
 * `placeholder` (and `matchAll`) instead of coordinates, the shape its types offer, answered in a
 * shape it validates; a text not in the PDF is the SDK's error with Firma's 400.
 */
for (const database of testDatabases()) {
  describe(`@documenso/sdk-typescript: fields by placeholder (${database})`, () => {
    let server: TestServer;
    let sdk: Documenso;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
    });
    after(() => server.close());

    test('createMany with placeholder and matchAll places fields on the text; a missing text is a 400', async () => {
      const { bytes, boxes } = await taggedPdf([
        {
          tags: [
            { text: '{{signature}}', x: 60, y: 120 },
            { text: '{{initials}}', x: 400, y: 60 },
          ],
        },
        { tags: [{ text: '{{initials}}', x: 400, y: 60 }] },
      ]);
      const created = await server.api.post('/api/v2/envelope/create', {
        body: multipartBody(
          {
            type: 'DOCUMENT',
            title: 'SDK placeholders',
            recipients: [{ name: 'Ana', email: 'ana@example.com', role: 'SIGNER', cuil: CUIL_A }],
          },
          [{ field: 'files', bytes, name: 'contrato.pdf' }],
        ),
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const envelopeId = created.body.id as string;
      const envelope = await sdk.envelopes.get({ envelopeId });
      assert.equal(envelope.fields.length, 0, 'tags without rN make no field');
      const recipientId = envelope.recipients[0]!.id;

      const fields = await sdk.envelopes.fields.createMany({
        envelopeId,
        data: [
          { type: 'SIGNATURE', recipientId, placeholder: '{{signature}}' },
          { type: 'INITIALS', recipientId, placeholder: '{{initials}}', matchAll: true, height: 3 },
        ],
      });
      assert.equal(fields.data.length, 3);
      const [signature, ...initials] = fields.data;
      assert.equal(signature!.page, 1);
      assert.ok(Math.abs(Number(signature!.positionX) - boxes[0]!.positionX) <= 1);
      assert.ok(Math.abs(Number(signature!.positionY) - boxes[0]!.positionY) <= 1);
      assert.deepEqual(
        initials.map((f) => f.page),
        [1, 2],
      );
      assert.deepEqual(
        initials.map((f) => Number(f.height)),
        [3, 3],
      );

      await assert.rejects(
        sdk.envelopes.fields.createMany({
          envelopeId,
          data: [{ type: 'SIGNATURE', recipientId, placeholder: '{{firma}}' }],
        }),
        (e: { statusCode?: number; body?: string }) =>
          e.statusCode === 400 && /PLACEHOLDER_NOT_FOUND/.test(String(e.body)) && /\{\{firma\}\}/.test(String(e.body)),
      );
    });
  });
}
