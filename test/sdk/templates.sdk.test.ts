import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { onePagePdf } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Documenso's template operations through the official SDK, which validates every answer: the 8
 * template operations and the 12 of template recipients and fields, with the values read back.
 */
for (const database of testDatabases()) {
  describe(`@documenso/sdk-typescript against the templates (${database})`, () => {
    let server: TestServer;
    let sdk: Documenso;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
    });
    after(() => server?.close());

    const pdfBlob = async () => new Blob([Buffer.from(await onePagePdf())], { type: 'application/pdf' });
    const putPdf = (url: string, bytes: Uint8Array) =>
      fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: Buffer.from(bytes) });

    test('create, get, find, get-many, update, duplicate, delete', async () => {
      const created = await sdk.templates.create({
        payload: {
          title: 'Contrato modelo',
          externalId: 'tpl-1',
          type: 'PRIVATE',
          publicTitle: '',
          meta: { subject: 'Firmá el contrato', timezone: 'America/Argentina/Buenos_Aires', language: 'es' },
          attachments: [{ label: 'Anexo', data: 'https://example.com/anexo.pdf' }],
        },
        file: await pdfBlob(),
      });
      assert.equal(typeof created.id, 'number');
      assert.match(created.envelopeId, /^envelope_/);
      const templateId = created.id;

      const template = await sdk.templates.get({ templateId });
      assert.equal(template.id, templateId);
      assert.equal(template.envelopeId, created.envelopeId);
      assert.equal(template.title, 'Contrato modelo');
      assert.equal(template.externalId, 'tpl-1');
      assert.equal(template.type, 'PRIVATE');
      assert.equal(template.templateMeta.subject, 'Firmá el contrato');
      assert.equal(template.templateMeta.timezone, 'America/Argentina/Buenos_Aires');
      assert.equal(template.templateMeta.templateId, templateId);
      assert.equal(template.envelopeItems.length, 1);
      assert.equal(template.templateDocumentData.envelopeItemId, template.envelopeItems[0]!.id);
      assert.equal(template.directLink, null);
      assert.deepEqual(template.recipients, []);

      const envelope = await server.api.get(`/api/v2/envelope/${created.envelopeId}`);
      assert.equal(envelope.body.type, 'TEMPLATE');

      const found = await sdk.templates.find({ query: 'modelo' });
      assert.equal(found.count, 1);
      assert.equal(found.data[0]!.id, templateId);
      assert.equal(found.data[0]!.templateMeta?.signingOrder, 'PARALLEL');
      assert.equal((await sdk.templates.find({ type: 'PUBLIC' })).count, 0, 'a PRIVATE template is not PUBLIC');

      const many = await sdk.template.templateGetMany({ templateIds: [templateId, 999_999] });
      assert.deepEqual(
        many.data.map((t) => t.id),
        [templateId],
      );

      const updated = await sdk.templates.update({
        templateId,
        data: { title: 'Contrato modelo v2', externalId: null, useLegacyFieldInsertion: true },
        meta: { subject: 'Nuevo asunto' },
      });
      assert.equal(updated.title, 'Contrato modelo v2');
      assert.equal(updated.useLegacyFieldInsertion, true, 'the older field layout, kept (issue 35)');
      assert.equal(updated.externalId, null);
      assert.equal((await sdk.templates.get({ templateId })).templateMeta.subject, 'Nuevo asunto');

      const copy = await sdk.templates.duplicate({ templateId });
      assert.notEqual(copy.id, templateId);
      assert.equal(copy.useLegacyFieldInsertion, true, 'a copy keeps the layout');
      assert.equal(copy.title, 'Contrato modelo v2');
      const copied = await sdk.templates.get({ templateId: copy.id });
      assert.equal(copied.templateMeta.subject, 'Nuevo asunto');

      assert.equal((await sdk.templates.delete({ templateId })).success, true);
      await assert.rejects(
        sdk.templates.get({ templateId }),
        (error: unknown) => (error as { statusCode?: number }).statusCode === 404,
      );
      assert.deepEqual(
        (await sdk.templates.find({})).data.map((t) => t.id),
        [copy.id],
      );
    });

    test('public templates: type PUBLIC, publicTitle and publicDescription stored on create and update, read back', async () => {
      const created = await sdk.templates.create({
        payload: {
          title: 'Alta de socio',
          type: 'PUBLIC',
          publicTitle: 'Hágase socio',
          publicDescription: 'Complete y firme su alta en línea.',
        },
        file: await pdfBlob(),
      });
      const got = await sdk.templates.get({ templateId: created.id });
      assert.deepEqual(
        [got.type, got.publicTitle, got.publicDescription],
        ['PUBLIC', 'Hágase socio', 'Complete y firme su alta en línea.'],
      );
      const publicOnes = await sdk.templates.find({ type: 'PUBLIC' });
      assert.deepEqual(
        publicOnes.data.map((t) => t.id),
        [created.id],
        'the type filter finds it',
      );

      const updated = await sdk.templates.update({
        templateId: created.id,
        data: { type: 'ORGANISATION', publicTitle: 'Socios', publicDescription: '' },
      });
      assert.deepEqual([updated.type, updated.publicTitle, updated.publicDescription], ['ORGANISATION', 'Socios', '']);
      assert.equal((await sdk.templates.find({ type: 'PUBLIC' })).count, 0);
      const envelope = await sdk.envelopes.update({ envelopeId: created.envelopeId, data: { templateType: 'PUBLIC' } });
      assert.equal(envelope.templateType, 'PUBLIC');
      const asEnvelope = await sdk.envelopes.get({ envelopeId: created.envelopeId });
      assert.deepEqual([asEnvelope.templateType, asEnvelope.publicTitle], ['PUBLIC', 'Socios']);
      // A document has no template type: refused, not ignored.
      const document = await sdk.envelopes.create({
        payload: { title: 'Un documento', type: 'DOCUMENT' },
        files: [{ fileName: 'a.pdf', content: await pdfBlob() }],
      });
      const refused = await server.api.post('/api/v2/envelope/update', {
        json: { envelopeId: document.id, data: { templateType: 'PUBLIC', publicTitle: 'No' } },
      });
      assert.deepEqual([refused.status, refused.body.code], [400, 'VALIDATION_ERROR']);
      assert.deepEqual(
        refused.body.issues.map((i: { path: string[] }) => i.path.join('.')),
        ['data.templateType', 'data.publicTitle'],
      );
      assert.equal((await sdk.envelopes.get({ envelopeId: document.id })).templateType, 'PRIVATE', 'unchanged');
    });

    test('create/beta → PUT the PDF → the template has its item', async () => {
      const created = await sdk.template.templateCreateTemplateTemporary({
        title: 'Beta template',
        meta: { subject: 'Hola' },
      });
      assert.equal(created.template.title, 'Beta template');
      assert.deepEqual(created.template.envelopeItems, []);
      assert.equal(created.template.templateMeta.subject, 'Hola');
      const uploaded = await putPdf(created.uploadUrl, await onePagePdf());
      assert.equal(uploaded.status, 200);
      const template = await sdk.templates.get({ templateId: created.template.id });
      assert.equal(template.envelopeItems.length, 1);
    });

    test('recipients (placeholders allowed) and fields: create, create-many, get, update, update-many, delete', async () => {
      const templateId = (await sdk.templates.create({ payload: { title: 'Parts' }, file: await pdfBlob() })).id;

      const many = await sdk.templates.recipients.createMany({
        templateId,
        recipients: [
          { email: '', name: '', role: 'SIGNER', signingOrder: 1 },
          { email: 'Legal@Example.com', name: 'Legal', role: 'CC' },
        ],
      });
      assert.equal(many.recipients.length, 2);
      const [placeholder, legal] = many.recipients;
      assert.equal(placeholder!.email, '', 'a template recipient may be a placeholder');
      assert.equal(placeholder!.templateId, templateId);
      assert.equal(legal!.email, 'legal@example.com');
      assert.equal(placeholder!.token, '', 'a template recipient has no signing token');

      const approver = await sdk.templates.recipients.create({
        templateId,
        recipient: { email: 'boss@example.com', name: 'Boss', role: 'APPROVER' },
      });
      assert.equal(approver.role, 'APPROVER');
      assert.equal(approver.templateId, templateId);

      const renamed = await sdk.templates.recipients.update({
        templateId,
        recipient: { id: placeholder!.id, name: 'Cliente' },
      });
      assert.equal(renamed.name, 'Cliente');
      const updated = await sdk.templates.recipients.updateMany({
        templateId,
        recipients: [
          { id: placeholder!.id, signingOrder: 2 },
          { id: approver.id, email: 'jefa@example.com' },
        ],
      });
      assert.deepEqual(
        updated.recipients.map((r) => [r.id, r.signingOrder, r.email]),
        [
          [placeholder!.id, 2, ''],
          [approver.id, null, 'jefa@example.com'],
        ],
      );
      const got = await sdk.templates.recipients.get({ recipientId: placeholder!.id });
      assert.equal(got.name, 'Cliente');

      const signature = await sdk.templates.fields.create({
        templateId,
        field: {
          type: 'SIGNATURE',
          recipientId: placeholder!.id,
          pageNumber: 1,
          pageX: 10,
          pageY: 20,
          width: 25,
          height: 6,
        },
      });
      assert.deepEqual([signature.page, signature.positionX, signature.positionY], [1, 10, 20]);
      assert.equal(signature.templateId, templateId);
      const created = await sdk.templates.fields.createMany({
        templateId,
        fields: [
          {
            type: 'TEXT',
            recipientId: placeholder!.id,
            pageNumber: 1,
            pageX: 10,
            pageY: 40,
            width: 30,
            height: 5,
            fieldMeta: { type: 'text', label: 'Cargo' },
          },
          { type: 'NUMBER', recipientId: approver.id, pageNumber: 1, pageX: 50, pageY: 40, width: 10, height: 5 },
        ],
      });
      const [text, number] = created.fields;
      assert.equal((text!.fieldMeta as { label?: string }).label, 'Cargo');
      assert.equal((await sdk.templates.fields.get({ fieldId: text!.id })).positionY, 40);
      const moved = await sdk.templates.fields.update({
        templateId,
        field: { id: signature.id, type: 'SIGNATURE', pageY: 30 },
      });
      assert.equal(moved.positionY, 30);
      const changed = await sdk.templates.fields.updateMany({
        templateId,
        fields: [
          { id: text!.id, type: 'TEXT', pageX: 55 },
          { id: number!.id, type: 'NUMBER', height: 4 },
        ],
      });
      assert.deepEqual(
        changed.fields.map((f) => [f.positionX, f.height]),
        [
          [55, 5],
          [50, 4],
        ],
      );
      assert.equal((await sdk.templates.fields.delete({ fieldId: number!.id })).success, true);
      assert.equal((await sdk.templates.recipients.delete({ recipientId: legal!.id })).success, true);

      const template = await sdk.templates.get({ templateId });
      assert.deepEqual(template.recipients.map((r) => r.id).sort(), [placeholder!.id, approver.id].sort());
      assert.deepEqual(template.fields.map((f) => f.id).sort(), [signature.id, text!.id].sort());
      const listed = (await sdk.templates.find({})).data.find((t) => t.id === templateId)!;
      assert.equal(listed.recipients.length, 2);
      assert.equal(listed.fields.length, 2);
    });
  });
}
