import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';
import { formPdf, textPdf } from '../support/form-fixtures.js';

/**
 * `formValues` and replacement PDFs through Documenso's SDK, whose response validation judges the
 * shapes: documents.create with formValues, templates.use with
 * formValues and customDocumentData, envelopes.use with a replacement file.
 */
for (const database of testDatabases()) {
  describe(`@documenso/sdk-typescript: formValues and replacement PDFs (${database})`, () => {
    let server: TestServer;
    let sdk: Documenso;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
    });
    after(() => server.close());

    const pdfBlob = (bytes: Uint8Array) => new Blob([Buffer.from(bytes)], { type: 'application/pdf' });

    test('documents.create with formValues: documents.get answers them; a wrong one is a typed 400', async () => {
      const formValues = { nombre: 'Ana García', acepta: true, provincia: 'Cordoba' };
      const created = await sdk.documents.create({
        payload: { title: 'Alta SDK', formValues },
        file: pdfBlob(await formPdf()),
      });
      const doc = await sdk.documents.get({ documentId: created.id });
      assert.deepEqual(doc.formValues, formValues);
      await assert.rejects(
        sdk.documents.create({
          payload: { title: 'Mal', formValues: { color: 'rojo' } },
          file: pdfBlob(await formPdf()),
        }),
        (error: unknown) => {
          const e = error as { statusCode?: number; code?: string };
          assert.equal(e.statusCode, 400);
          assert.equal(e.code, 'FORM_FIELD_NOT_FOUND');
          return true;
        },
      );
    });

    test('templates.use with formValues and customDocumentData; envelopes.use with a replacement file', async () => {
      const template = await sdk.envelopes.create({
        payload: {
          title: 'Plantilla con formulario',
          type: 'TEMPLATE',
          recipients: [
            {
              email: 'placeholder@example.com',
              name: 'Titular',
              role: 'SIGNER',
              fields: [
                {
                  type: 'SIGNATURE',
                  identifier: 'alta.pdf',
                  page: 1,
                  positionX: 10,
                  positionY: 80,
                  width: 30,
                  height: 8,
                },
              ],
            },
          ],
        },
        files: [{ fileName: 'alta.pdf', content: await formPdf() }],
      });
      const envelope = await sdk.envelopes.get({ envelopeId: template.id });
      const templateId = Number(envelope.secondaryId.replace('template_', ''));
      const itemId = envelope.envelopeItems[0]!.id;
      const recipients = [{ id: envelope.recipients[0]!.id, email: 'ana@example.com', name: 'Ana' }];

      const filled = await sdk.templates.use({ templateId, recipients, formValues: { nombre: 'Ana', plan: 'anual' } });
      assert.deepEqual(filled.formValues, { nombre: 'Ana', plan: 'anual' });

      const replacement = await sdk.documents.create({
        payload: { title: 'Reemplazo' },
        file: pdfBlob(await textPdf('Otro')),
      });
      const documentDataId = (await sdk.documents.get({ documentId: replacement.id })).documentDataId;
      const replaced = await sdk.templates.use({
        templateId,
        recipients,
        customDocumentData: [{ documentDataId: documentDataId!, envelopeItemId: itemId }],
      });
      assert.equal(replaced.templateId, templateId);
      assert.notEqual(replaced.documentDataId, documentDataId, 'the new document has its own document data');

      const used = await sdk.envelopes.use({
        payload: { envelopeId: template.id, customDocumentData: [{ identifier: 'nuevo.pdf', envelopeItemId: itemId }] },
        files: [{ fileName: 'nuevo.pdf', content: await textPdf('Nuevo') }],
      });
      assert.match(used.id, /^envelope_/);
      assert.deepEqual(
        used.recipients.map((r) => [r.token, r.signingUrl]),
        [['', '']],
        'the new recipient, not distributed: no link',
      );
    });
  });
}
