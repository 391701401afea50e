import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createPendingDocument, multipartBody, onePagePdf } from '../helpers/documents.js';
import { call, documentState, draftWithParts, operations, type Ids } from '../helpers/document-parts.js';
import { signAll, tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Who may reach Documenso's document routes for recipients, fields and attachments, and when a
 * document takes changes: every operation without a token, with a read token, with unknown ids,
 * with another platform's ids and with a template's ids; recipients locked once they acted;
 * final documents. Each refusal leaves the document as it was: its envelope view, attachments
 * and audit log are read back. Bad input and batches: document-parts-input.test.ts.
 */
for (const database of testDatabases()) {
  describe(`document recipients, fields and attachments: access and state (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    test('every operation: 401 without a token, 403 for a read token on writes, 404 for unknown ids', async () => {
      const { envelopeId, ids } = await draftWithParts(server);
      const before = await documentState(server, envelopeId);
      const reader = await server.newPlatform('default', 'read');
      for (const op of operations(ids)) {
        const anonymous = await call(server.anon, op);
        assert.equal(anonymous.status, 401, `${op.method} ${op.path}`);
        assert.equal(anonymous.body.code, 'UNAUTHORIZED');
        const read = await call(reader, op);
        assert.equal(read.status, op.method === 'GET' ? 200 : 403, `read token: ${op.method} ${op.path}`);
      }
      const unknown = { documentId: 999_999, recipientId: 999_998, fieldId: 999_997, attachmentId: 'attachment_nope' };
      for (const op of operations({ ...ids, ...unknown })) {
        const res = await call(server.api, op);
        assert.equal(res.status, 404, `${op.method} ${op.path} ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 'NOT_FOUND');
      }
      assert.deepEqual(await documentState(server, envelopeId), before);
    });

    test("another platform's ids: 404 on every operation, and nothing of the owner's changed", async () => {
      const { envelopeId, ids } = await draftWithParts(server);
      const before = await documentState(server, envelopeId);
      const other = await server.newPlatform();
      for (const op of operations(ids)) {
        const res = await call(other, op);
        assert.equal(res.status, 404, `${op.method} ${op.path} ${JSON.stringify(res.body)}`);
      }
      assert.deepEqual(await documentState(server, envelopeId), before);
    });

    test("the document routes act on documents: a template's id and parts are 404", async () => {
      const payload = {
        title: 'Plantilla',
        type: 'TEMPLATE',
        recipients: [
          {
            email: 'ana@example.com',
            name: 'Ana',
            role: 'SIGNER',
            fields: [{ type: 'SIGNATURE', page: 1, positionX: 1, positionY: 1, width: 10, height: 5 }],
          },
        ],
      };
      const created = await server.api.post('/api/v2/envelope/create', {
        body: multipartBody(payload, [{ field: 'files', bytes: await onePagePdf() }]),
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const envelopeId = created.body.id as string;
      const attachment = await server.api.post('/api/v2/envelope/attachment/create', {
        json: { envelopeId, data: { label: 'Anexo', data: 'https://example.com/a' } },
      });
      const template = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;
      assert.match(template.secondaryId, /^template_\d+$/);
      const before = await documentState(server, envelopeId);
      const ids: Ids = {
        documentId: Number(template.secondaryId.slice('template_'.length)),
        recipientId: template.recipients[0].id,
        fieldId: template.fields[0].id,
        fieldType: template.fields[0].type,
        attachmentId: attachment.body.id,
      };
      for (const op of operations(ids)) {
        const res = await call(server.api, op);
        assert.equal(res.status, 404, `${op.method} ${op.path} ${JSON.stringify(res.body)}`);
      }
      assert.deepEqual(await documentState(server, envelopeId), before);
    });

    test('once a recipient acted it is locked; a final document takes no changes', async () => {
      const { documentId, envelopeId, urls } = await createPendingDocument(server.api);
      const env = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;
      const ana = env.recipients.find((r: { email: string }) => r.email === 'ana@example.com');
      const bruno = env.recipients.find((r: { email: string }) => r.email === 'bruno@example.com');
      const anaField = env.fields.find((f: { recipientId: number }) => f.recipientId === ana.id);
      assert.equal((await signAll(server.anon, tokenOf(urls.get('ana@example.com')!))).status, 200);
      const before = await documentState(server, envelopeId);
      const box = { pageNumber: 1, pageX: 1, pageY: 1, width: 5, height: 5 };
      for (const [op, code] of [
        [{ path: 'recipient/update', json: { documentId, recipient: { id: ana.id, name: 'X' } } }, 'RECIPIENT_LOCKED'],
        [
          { path: 'recipient/update-many', json: { documentId, recipients: [{ id: ana.id, name: 'X' }] } },
          'RECIPIENT_LOCKED',
        ],
        [{ path: 'recipient/delete', json: { recipientId: ana.id } }, 'RECIPIENT_LOCKED'],
        [
          { path: 'field/create', json: { documentId, field: { ...box, type: 'NAME', recipientId: ana.id } } },
          'RECIPIENT_LOCKED',
        ],
        [
          { path: 'field/update', json: { documentId, field: { id: anaField.id, type: anaField.type, pageX: 2 } } },
          'FIELD_LOCKED',
        ],
        [{ path: 'field/delete', json: { fieldId: anaField.id } }, 'FIELD_LOCKED'],
      ] as const) {
        const res = await server.api.post(`/api/v2/document/${op.path}`, { json: op.json });
        assert.equal(res.status, 400, `${op.path}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, code, op.path);
      }
      assert.deepEqual(await documentState(server, envelopeId), before);

      const renamed = await server.api.post('/api/v2/document/recipient/update', {
        json: { documentId, recipient: { id: bruno.id, name: 'Bruno D.' } },
      });
      assert.equal(renamed.status, 200, 'who has not acted can still change while PENDING');
      assert.equal(renamed.body.name, 'Bruno D.');

      assert.equal((await server.api.post('/api/v2/envelope/cancel', { json: { envelopeId } })).status, 200);
      const cancelled = await documentState(server, envelopeId);
      for (const op of operations({
        documentId,
        recipientId: bruno.id,
        fieldId: env.fields.find((f: { recipientId: number }) => f.recipientId === bruno.id).id,
        fieldType: 'SIGNATURE',
        attachmentId: 'attachment_nope',
      }).filter((o) => o.method === 'POST' && !o.path.includes('attachment/'))) {
        const res = await call(server.api, op);
        assert.equal(res.status, 400, `${op.path}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 'ENVELOPE_CANCELLED', op.path);
      }
      const attach = await server.api.post('/api/v2/document/attachment/create', {
        json: { documentId, data: { label: 'Tarde', data: 'https://example.com/t' } },
      });
      assert.equal(attach.body.code, 'ENVELOPE_CANCELLED');
      assert.deepEqual(await documentState(server, envelopeId), cancelled);
    });

    test('create routes replay their first answer for a repeated Idempotency-Key', async () => {
      const { envelopeId, ids } = await draftWithParts(server);
      const json = { documentId: ids.documentId, recipient: { email: 'ida@example.com', name: 'Ida', role: 'VIEWER' } };
      const headers = { 'idempotency-key': 'doc-recipient-1' };
      const first = await server.api.post('/api/v2/document/recipient/create', { json, headers });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      const again = await server.api.post('/api/v2/document/recipient/create', { json, headers });
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(again.body, first.body);
      const view = (await documentState(server, envelopeId)).view;
      assert.equal(view.recipients.filter((r: { email: string }) => r.email === 'ida@example.com').length, 1);
    });
  });
}
