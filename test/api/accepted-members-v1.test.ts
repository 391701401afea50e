import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUIL_B, onePagePdf } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/** v1's members, like v2's (accepted-members.test.ts), have their effect or are refused. */
for (const database of testDatabases()) {
  describe(`v1's accepted members have their effect or are refused (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    const envelope = async (envelopeId: string) => (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;

    test('v1: sendCompletionEmails sets the completion mails; true without sendEmail is refused; meta and fieldMeta are checked', async () => {
      const body = {
        title: 'v1',
        recipients: [{ name: 'Bruno', email: 'bruno@example.com', role: 'SIGNER', cuil: CUIL_B }],
      };
      const refusedMeta = await server.api.post('/api/v1/documents', { json: { ...body, meta: { emailId: 'x' } } });
      assert.equal(refusedMeta.status, 400);
      assert.equal(refusedMeta.body.code, 'EMAIL_SENDER_UNKNOWN');
      assert.deepEqual(refusedMeta.body.issues[0].path, ['meta', 'emailId']);

      const created = await server.api.post('/api/v1/documents', { json: body });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const { documentId, uploadUrl, recipients } = created.body;
      assert.equal(
        (
          await fetch(uploadUrl, {
            method: 'PUT',
            headers: { 'content-type': 'application/pdf' },
            body: new Uint8Array(await onePagePdf()),
          })
        ).status,
        200,
      );
      const field = {
        recipientId: recipients[0].recipientId,
        type: 'RADIO',
        pageNumber: 1,
        pageX: 10,
        pageY: 40,
        pageWidth: 20,
        pageHeight: 5,
      };
      const bad = await server.api.post(`/api/v1/documents/${documentId}/fields`, {
        json: { ...field, fieldMeta: { fontSize: 500 } },
      });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.code, 'VALIDATION_ERROR');
      assert.deepEqual(bad.body.issues[0].path, [0, 'fieldMeta', 'fontSize']);
      const formatted = await server.api.post(`/api/v1/documents/${documentId}/fields`, {
        json: { ...field, type: 'NUMBER', fieldMeta: { numberFormat: '1 234,5' } },
      });
      assert.equal(formatted.status, 400);
      assert.equal(formatted.body.code, 'FIELD_META_NOT_SUPPORTED');
      const fields = await server.api.post(`/api/v1/documents/${documentId}/fields`, {
        json: [
          { ...field, type: 'SIGNATURE' },
          { ...field, pageY: 60, fieldMeta: { values: [{ id: 1, checked: false, value: 'Sí' }] } },
        ],
      });
      assert.equal(fields.status, 200, JSON.stringify(fields.body));

      const contradictory = await server.api.post(`/api/v1/documents/${documentId}/send`, {
        json: { sendEmail: false, sendCompletionEmails: true },
      });
      assert.equal(contradictory.status, 400);
      assert.deepEqual(contradictory.body.issues[0].path, ['sendCompletionEmails']);
      const v2 = (await server.api.get(`/api/v2/document/${documentId}`)).body;
      assert.equal(v2.status, 'DRAFT');
      const sent = await server.api.post(`/api/v1/documents/${documentId}/send`, {
        json: { sendEmail: true, sendCompletionEmails: false },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const settings = (await envelope(v2.envelopeId)).documentMeta.emailSettings;
      assert.equal(settings.documentCompleted, false);
      assert.equal(settings.ownerDocumentCompleted, false);
      assert.equal(settings.recipientSigningRequest, true, 'the other switches keep their value');
    });
  });
}
