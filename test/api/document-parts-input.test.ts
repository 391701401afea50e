import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, multipartBody, onePagePdf } from '../helpers/documents.js';
import { call, documentState, draftWithParts, type Operation } from '../helpers/document-parts.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * Bad input on Documenso's document routes for recipients, fields and attachments: 400 whose
 * issues name the members as the client sent them (schema refusals prefix the request part,
 * body or querystring, as on every route; the use cases' refusals start at the body's top),
 * and batches all or nothing. Each refusal is proven to change nothing.
 */
for (const database of testDatabases()) {
  describe(`document recipients, fields and attachments: bad input (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    test('bad input: 400 whose issues name the members as sent, and nothing changes', async () => {
      const { envelopeId, ids, ana, carla, anaField } = await draftWithParts(server);
      const { documentId } = ids;
      const before = await documentState(server, envelopeId);
      const box = { pageNumber: 1, pageX: 1, pageY: 1, width: 5, height: 5 };
      const cases: [string, Operation, string, (string | number)[] | null][] = [
        [
          'recipient without email',
          {
            method: 'POST',
            path: '/document/recipient/create',
            json: { documentId, recipient: { name: 'X', role: 'SIGNER' } },
          },
          'VALIDATION_ERROR',
          ['body', 'recipient', 'email'],
        ],
        [
          'a CUIL with a wrong check digit',
          {
            method: 'POST',
            path: '/document/recipient/create',
            json: { documentId, recipient: { email: 'x@example.com', name: 'X', role: 'SIGNER', cuil: '20123456785' } },
          },
          'VALIDATION_ERROR',
          ['body', 'recipient', 'cuil'],
        ],
        [
          'a recipient with fields cannot become CC',
          {
            method: 'POST',
            path: '/document/recipient/update',
            json: { documentId, recipient: { id: ana.id, role: 'CC' } },
          },
          'FIELD_ROLE_NOT_ALLOWED',
          ['recipient', 'role'],
        ],
        [
          'no recipients',
          { method: 'POST', path: '/document/recipient/update-many', json: { documentId, recipients: [] } },
          'VALIDATION_ERROR',
          ['body', 'recipients'],
        ],
        [
          'a recipient id that is not a number',
          { method: 'POST', path: '/document/recipient/delete', json: { recipientId: 'x' } },
          'VALIDATION_ERROR',
          ['body', 'recipientId'],
        ],
        [
          'a page the document does not have',
          {
            method: 'POST',
            path: '/document/field/create',
            json: { documentId, field: { ...box, type: 'NAME', recipientId: ana.id, pageNumber: 2 } },
          },
          'FIELD_OUT_OF_BOUNDS',
          ['field', 'pageNumber'],
        ],
        [
          'a box past the right edge, second of two',
          {
            method: 'POST',
            path: '/document/field/create-many',
            json: {
              documentId,
              fields: [
                { ...box, type: 'NAME', recipientId: ana.id },
                { ...box, type: 'DATE', recipientId: ana.id, pageX: 95, width: 10 },
              ],
            },
          },
          'FIELD_OUT_OF_BOUNDS',
          ['fields', 1, 'width'],
        ],
        [
          'a CC cannot hold fields',
          {
            method: 'POST',
            path: '/document/field/create',
            json: { documentId, field: { ...box, type: 'NAME', recipientId: carla.id } },
          },
          'FIELD_ROLE_NOT_ALLOWED',
          ['field', 'recipientId'],
        ],
        [
          'a recipient of another document',
          {
            method: 'POST',
            path: '/document/field/create-many',
            json: { documentId, fields: [{ ...box, type: 'NAME', recipientId: 999_999 }] },
          },
          'FIELD_INVALID_REFERENCE',
          ['fields', 0, 'recipientId'],
        ],
        [
          'an overflow mode the spec does not define',
          {
            method: 'POST',
            path: '/document/field/create',
            json: {
              documentId,
              field: { ...box, type: 'TEXT', recipientId: ana.id, fieldMeta: { type: 'text', overflow: 'diagonal' } },
            },
          },
          'VALIDATION_ERROR',
          ['body', 'field', 'fieldMeta', 'overflow'],
        ],
        [
          "a field's type cannot change",
          {
            method: 'POST',
            path: '/document/field/update',
            json: { documentId, field: { id: anaField.id, type: 'NUMBER' } },
          },
          'VALIDATION_ERROR',
          ['field', 'type'],
        ],
        [
          'moved past the bottom edge',
          {
            method: 'POST',
            path: '/document/field/update-many',
            json: { documentId, fields: [{ id: anaField.id, type: anaField.type, pageY: 99 }] },
          },
          'FIELD_OUT_OF_BOUNDS',
          ['fields', 0, 'height'],
        ],
        [
          'no documentId',
          { method: 'GET', path: '/document/attachment' },
          'VALIDATION_ERROR',
          ['querystring', 'documentId'],
        ],
        [
          'a javascript: link',
          {
            method: 'POST',
            path: '/document/attachment/create',
            json: { documentId, data: { label: 'x', data: 'javascript:alert(1)' } },
          },
          'VALIDATION_ERROR',
          ['body', 'data', 'data'],
        ],
        [
          'an empty label',
          {
            method: 'POST',
            path: '/document/attachment/update',
            json: { id: ids.attachmentId, data: { label: ' ', data: 'https://example.com' } },
          },
          'VALIDATION_ERROR',
          ['body', 'data', 'label'],
        ],
      ];
      for (const [name, op, code, path] of cases) {
        const res = await call(server.api, { ...op, path: `/api/v2${op.path}` });
        assert.equal(res.status, 400, `${name}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, code, name);
        if (path)
          assert.ok(
            res.body.issues?.some((i: { path?: unknown[] }) => JSON.stringify(i.path) === JSON.stringify(path)),
            `${name}: ${JSON.stringify(res.body.issues)}`,
          );
      }
      assert.deepEqual(await documentState(server, envelopeId), before);
    });

    test('batches are all or nothing: one bad entry changes nothing', async () => {
      const { envelopeId, ids, ana, anaField } = await draftWithParts(server);
      const { documentId } = ids;
      const before = await documentState(server, envelopeId);
      const box = { pageNumber: 1, pageX: 1, pageY: 1, width: 5, height: 5 };
      const refusals: [Operation, number][] = [
        [
          {
            method: 'POST',
            path: '/api/v2/document/recipient/create-many',
            json: {
              documentId,
              recipients: [
                { email: 'x@example.com', name: 'X', role: 'SIGNER', cuil: CUIL_A },
                { email: 'y@example.com', name: 'Y', role: 'NOBODY' },
              ],
            },
          },
          400,
        ],
        [
          {
            method: 'POST',
            path: '/api/v2/document/recipient/update-many',
            json: {
              documentId,
              recipients: [
                { id: ana.id, name: 'Ana renamed' },
                { id: 999_999, name: 'Nobody' },
              ],
            },
          },
          404,
        ],
        [
          {
            method: 'POST',
            path: '/api/v2/document/field/create-many',
            json: {
              documentId,
              fields: [
                { ...box, type: 'NAME', recipientId: ana.id },
                { ...box, type: 'NAME', recipientId: ana.id, pageNumber: 7 },
              ],
            },
          },
          400,
        ],
        [
          {
            method: 'POST',
            path: '/api/v2/document/field/update-many',
            json: {
              documentId,
              fields: [
                { id: anaField.id, type: anaField.type, pageX: 50 },
                { id: anaField.id + 1, type: 'CHECKBOX', pageX: 50 },
              ],
            },
          },
          400,
        ],
      ];
      for (const [op, status] of refusals) {
        const res = await call(server.api, op);
        assert.equal(res.status, status, `${op.path}: ${JSON.stringify(res.body)}`);
      }
      assert.deepEqual(await documentState(server, envelopeId), before);
    });
    test('a document of several PDFs: field/create names no item, so it is refused rather than guessed', async () => {
      const pdf = await onePagePdf();
      const payload = {
        title: 'Dos PDFs',
        type: 'DOCUMENT',
        recipients: [{ email: 'a@example.com', name: 'A', role: 'SIGNER' }],
      };
      const created = await server.api.post('/api/v2/envelope/create', {
        body: multipartBody(payload, [
          { field: 'files', bytes: pdf, name: 'a.pdf' },
          { field: 'files', bytes: pdf, name: 'b.pdf' },
        ]),
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const envelopeId = created.body.id as string;
      const env = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;
      const before = await documentState(server, envelopeId);
      const res = await server.api.post('/api/v2/document/field/create', {
        json: {
          documentId: Number(env.secondaryId.slice('document_'.length)),
          field: {
            type: 'SIGNATURE',
            recipientId: env.recipients[0].id,
            pageNumber: 1,
            pageX: 1,
            pageY: 1,
            width: 9,
            height: 5,
          },
        },
      });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.code, 'FIELD_ITEM_REQUIRED');
      assert.deepEqual(await documentState(server, envelopeId), before);
    });
  });
}
