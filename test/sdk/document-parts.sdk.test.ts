import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Documenso } from '@documenso/sdk-typescript';
import { CUIL_A, CUIL_B, createDocument } from '../helpers/documents.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Documenso's document routes for recipients, fields and attachments through the official SDK:
 * each of the 16 operations, with the values read back. The CUIL, which the SDK has no member
 * for, goes over plain HTTP on the same routes.
 */
for (const database of testDatabases()) {
  describe(`@documenso/sdk-typescript against the document parts (${database})`, () => {
    let server: TestServer;
    let sdk: Documenso;
    before(async () => {
      server = await startTestServer({ database, worker: false });
      sdk = new Documenso({ apiKey: server.api.token!, serverURL: `${server.url}/api/v2` });
    });
    after(() => server?.close());

    test('recipients: create, create-many, get, update, update-many, delete; CUIL over plain HTTP', async () => {
      const documentId = (await createDocument(server.api)).body.id as number;

      const many = await sdk.documents.recipients.createMany({
        documentId,
        recipients: [
          { email: 'Dora@Example.com', name: 'Dora', role: 'SIGNER', signingOrder: 2 },
          { email: 'eli@example.com', name: 'Eli', role: 'VIEWER' },
        ],
      });
      assert.equal(many.recipients.length, 2);
      const [dora, eli] = many.recipients;
      assert.equal(dora!.email, 'dora@example.com', 'lower-cased as Documenso does');
      assert.equal(dora!.signingOrder, 2);
      assert.equal(dora!.documentId, documentId);
      assert.equal(eli!.role, 'VIEWER');
      assert.equal(dora!.token, '', 'signing tokens never appear');

      const fede = await sdk.documents.recipients.create({
        documentId,
        recipient: { email: 'fede@example.com', name: 'Fede', role: 'APPROVER' },
      });
      assert.equal(fede.name, 'Fede');
      assert.equal(fede.role, 'APPROVER');
      assert.equal(fede.signingStatus, 'NOT_SIGNED');
      assert.equal(fede.documentId, documentId);

      const document = await sdk.documents.get({ documentId });
      const ana = document.recipients.find((r) => r.email === 'ana@example.com')!;
      const gotAna = await sdk.documents.recipients.get({ recipientId: ana.id });
      assert.equal(gotAna.name, 'Ana García');
      assert.equal(gotAna.fields.length, 2);
      assert.deepEqual(gotAna.fields.map((f) => f.type).sort(), ['SIGNATURE', 'TEXT']);
      assert.equal((await server.api.get(`/api/v2/document/recipient/${ana.id}`)).body.cuil, CUIL_A);

      const renamed = await sdk.documents.recipients.update({
        documentId,
        recipient: { id: dora!.id, name: 'Dora M.', role: 'APPROVER' },
      });
      assert.equal(renamed.name, 'Dora M.');
      assert.equal(renamed.role, 'APPROVER');
      assert.deepEqual(renamed.fields, []);
      const updated = await sdk.documents.recipients.updateMany({
        documentId,
        recipients: [
          { id: dora!.id, role: 'SIGNER', signingOrder: 3 },
          { id: fede.id, email: 'federico@example.com' },
        ],
      });
      assert.deepEqual(
        updated.recipients.map((r) => [r.id, r.role, r.signingOrder, r.email]),
        [
          [dora!.id, 'SIGNER', 3, 'dora@example.com'],
          [fede.id, 'APPROVER', null, 'federico@example.com'],
        ],
      );
      assert.equal(updated.recipients[0]!.name, 'Dora M.', 'members not sent stay as they were');

      // The SDK has no cuil member: set and read it with plain HTTP on the same routes.
      const withCuil = await server.api.post('/api/v2/document/recipient/update', {
        json: { documentId, recipient: { id: dora!.id, cuil: '27-00000000-6' } },
      });
      assert.equal(withCuil.status, 200, JSON.stringify(withCuil.body));
      assert.equal(withCuil.body.cuil, CUIL_B, 'stored as its 11 digits');
      const created = await server.api.post('/api/v2/document/recipient/create', {
        json: { documentId, recipient: { email: 'gala@example.com', name: 'Gala', role: 'SIGNER', cuil: CUIL_A } },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal(created.body.cuil, CUIL_A);
      assert.equal((await sdk.documents.recipients.get({ recipientId: dora!.id })).name, 'Dora M.');

      assert.equal((await sdk.documents.recipients.delete({ recipientId: eli!.id })).success, true);
      await assert.rejects(
        sdk.documents.recipients.get({ recipientId: eli!.id }),
        (error: unknown) => (error as { statusCode?: number }).statusCode === 404,
      );
      const emails = (await sdk.documents.get({ documentId })).recipients.map((r) => r.email).sort();
      assert.deepEqual(emails, [
        'ana@example.com',
        'bruno@example.com',
        'carla@example.com',
        'dora@example.com',
        'federico@example.com',
        'gala@example.com',
      ]);
    });

    test('fields: create, create-many, get, update, update-many, delete, in the document geometry', async () => {
      const documentId = (await createDocument(server.api)).body.id as number;
      const document = await sdk.documents.get({ documentId });
      const bruno = document.recipients.find((r) => r.email === 'bruno@example.com')!;

      const signature = await sdk.documents.fields.create({
        documentId,
        field: { type: 'SIGNATURE', recipientId: bruno.id, pageNumber: 1, pageX: 10, pageY: 20, width: 25, height: 6 },
      });
      assert.deepEqual(
        [signature.page, signature.positionX, signature.positionY, signature.width, signature.height],
        [1, 10, 20, 25, 6],
      );
      assert.equal(signature.recipientId, bruno.id);
      assert.equal(signature.documentId, documentId);
      assert.equal(signature.envelopeItemId, document.envelopeItems[0]!.id);
      assert.equal(signature.inserted, false);

      const created = await sdk.documents.fields.createMany({
        documentId,
        fields: [
          {
            type: 'TEXT',
            recipientId: bruno.id,
            pageNumber: 1,
            pageX: 10,
            pageY: 40,
            width: 30,
            height: 5,
            fieldMeta: { type: 'text', label: 'Cargo', required: true },
          },
          { type: 'NUMBER', recipientId: bruno.id, pageNumber: 1, pageX: 50, pageY: 40, width: 10, height: 5 },
        ],
      });
      assert.equal(created.fields.length, 2);
      const [text, number] = created.fields;
      assert.equal(text!.fieldMeta?.type, 'text');
      assert.equal((text!.fieldMeta as { label?: string }).label, 'Cargo');
      assert.equal(number!.fieldMeta?.type, 'number', 'the defaults of the spec table when fieldMeta is omitted');

      const got = await sdk.documents.fields.get({ fieldId: text!.id });
      assert.deepEqual([got.type, got.positionX, got.positionY, got.recipientId], ['TEXT', 10, 40, bruno.id]);

      const moved = await sdk.documents.fields.update({
        documentId,
        field: { id: signature.id, type: 'SIGNATURE', pageY: 30 },
      });
      assert.deepEqual([moved.positionX, moved.positionY, moved.width], [10, 30, 25], 'only what was sent moves');
      const changed = await sdk.documents.fields.updateMany({
        documentId,
        fields: [
          { id: text!.id, type: 'TEXT', pageX: 55, fieldMeta: { type: 'text', label: 'Puesto' } },
          { id: number!.id, type: 'NUMBER', height: 4 },
        ],
      });
      assert.deepEqual(
        changed.fields.map((f) => [f.id, f.positionX, f.height]),
        [
          [text!.id, 55, 5],
          [number!.id, 50, 4],
        ],
      );
      assert.equal((changed.fields[0]!.fieldMeta as { label?: string }).label, 'Puesto');

      assert.equal((await sdk.documents.fields.delete({ fieldId: number!.id })).success, true);
      await assert.rejects(
        sdk.documents.fields.get({ fieldId: number!.id }),
        (error: unknown) => (error as { statusCode?: number }).statusCode === 404,
      );
      const fields = (await sdk.documents.get({ documentId })).fields.filter((f) => f.recipientId === bruno.id);
      assert.equal(fields.length, 2 + 2, 'the two it was created with, the signature and the text field');
    });

    test('attachments: create, find, update, delete', async () => {
      const documentId = (await createDocument(server.api)).body.id as number;
      assert.deepEqual((await sdk.documents.attachments.find({ documentId })).data, []);
      const { id } = await sdk.documents.attachments.create({
        documentId,
        data: { label: 'Anexo I', data: 'https://example.com/anexo.pdf' },
      });
      assert.deepEqual((await sdk.documents.attachments.find({ documentId })).data, [
        { id, type: 'link', label: 'Anexo I', data: 'https://example.com/anexo.pdf' },
      ]);
      const updated = await sdk.documents.attachments.update({
        id,
        data: { label: 'Anexo II', data: 'mailto:legal@example.com' },
      });
      assert.equal(updated.success, true);
      assert.deepEqual((await sdk.documents.attachments.find({ documentId })).data, [
        { id, type: 'link', label: 'Anexo II', data: 'mailto:legal@example.com' },
      ]);
      assert.equal((await sdk.documents.attachments.delete({ id })).success, true);
      assert.deepEqual((await sdk.documents.attachments.find({ documentId })).data, []);
    });
  });
}
