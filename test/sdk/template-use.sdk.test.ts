import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { CUIL_A, CUIL_B } from '../helpers/documents.js';
import { createRentalTemplate } from '../helpers/templates.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * `templates.use` and `envelopes.use` through Documenso's SDK: its response validation is the
 * judge of the shapes. The SDK has no CUIL member, so the template's signers carry theirs (set
 * when the template was made), as an SDK user would do.
 */
for (const database of testDatabases()) {
  describe(`@documenso/sdk-typescript: documents from templates (${database})`, () => {
    let server: TestServer;
    let sdk: Documenso;
    let template: Awaited<ReturnType<typeof createRentalTemplate>>;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
      template = await createRentalTemplate(server.api, 'Plantilla SDK', [CUIL_A, CUIL_B]);
    });
    after(() => server.close());

    const recipients = () => [
      { id: template.landlord, email: 'ana@example.com', name: 'Ana García' },
      { id: template.tenant, email: 'bruno@example.com', name: 'Bruno Díaz' },
    ];

    test('templates.use, distributed, with prefill: the full document shape, templateId and tokens', async () => {
      const doc = await sdk.templates.use({
        templateId: template.templateId,
        recipients: recipients(),
        distributeDocument: true,
        externalId: 'sdk-deal-1',
        prefillFields: [
          { type: 'text', id: template.fields.address, value: 'Av. Siempreviva 742', label: 'Domicilio' },
          { type: 'number', id: template.fields.amount, value: '150000' },
          { type: 'dropdown', id: template.fields.period, value: 'Mensual' },
        ],
        override: { title: 'Locación SDK', distributionMethod: 'NONE', dateFormat: 'yyyy-MM-dd' },
      });
      assert.equal(doc.status, 'PENDING');
      assert.equal(doc.source, 'TEMPLATE');
      assert.equal(doc.templateId, template.templateId);
      assert.equal(doc.title, 'Locación SDK');
      assert.equal(doc.externalId, 'sdk-deal-1');
      assert.equal(doc.fields.filter((f) => f.inserted).length, 3);
      assert.ok(
        doc.recipients.every((r) => r.token.length > 20),
        'distributed: every recipient has a token',
      );

      const fetched = await sdk.documents.get({ documentId: doc.id });
      assert.equal(fetched.templateId, template.templateId);
      const log = await sdk.envelope.envelopeAuditLogFind({ envelopeId: doc.envelopeId, perPage: 100 });
      const types = log.data.map((e) => e.type);
      assert.ok(types.includes('DOCUMENT_CREATED'));
      assert.equal(types.filter((t) => t === 'DOCUMENT_FIELD_PREFILLED').length, 3);
      assert.ok(types.includes('DOCUMENT_SENT'));
    });

    test('templates.use without distributing: a DRAFT made from the template', async () => {
      const doc = await sdk.templates.use({ templateId: template.templateId, recipients: recipients() });
      assert.equal(doc.status, 'DRAFT');
      assert.equal(doc.templateId, template.templateId);
      assert.equal(doc.recipients.length, 2);
      assert.equal(doc.fields.length, 6);
    });

    test('envelopes.use (multipart): {id, recipients} with signing URLs when distributed, "" otherwise', async () => {
      const sent = await sdk.envelopes.use({
        payload: {
          envelopeId: template.envelopeId,
          recipients: recipients().map((r, i) => ({ ...r, signingOrder: i + 1 })),
          distributeDocument: true,
          prefillFields: [{ type: 'dropdown', id: template.fields.period, value: 'Anual' }],
          override: { distributionMethod: 'NONE' },
        },
      });
      assert.match(sent.id, /^envelope_/);
      assert.equal(sent.recipients.length, 2);
      for (const r of sent.recipients) assert.ok(r.signingUrl.endsWith(`/sign/${r.token}`));
      const envelope = await sdk.envelopes.get({ envelopeId: sent.id });
      assert.equal(envelope.status, 'PENDING');
      assert.equal(envelope.templateId, template.templateId);

      const draft = await sdk.envelopes.use({ payload: { envelopeId: template.envelopeId } });
      assert.match(draft.id, /^envelope_/);
      assert.deepEqual(
        draft.recipients.map((r) => [r.name, r.token, r.signingUrl]),
        [
          ['Locador', '', ''],
          ['Locatario', '', ''],
        ],
        'the new recipients, not distributed: no links',
      );
      const found = await sdk.envelope.envelopeFind({ templateId: template.templateId, perPage: 100 });
      assert.ok(found.data.some((e) => e.id === draft.id) && found.data.some((e) => e.id === sent.id));
    });
  });
}
