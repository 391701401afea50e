import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CUIL_A, createDocument, createPendingDocument, multipartBody, onePagePdf } from '../helpers/documents.js';
import type { HttpClient } from '../helpers/http-client.js';
import { signAll, tokenOf } from '../helpers/signing.js';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

/**
 * The refusals of Documenso's document routes for recipients, fields and attachments: every
 * operation without a token, with a read token, with unknown ids, with another platform's ids
 * and with a template's ids; issue paths in the request's own member names; batches all or
 * nothing; recipients locked once they acted. Each refusal leaves the document as it was: its
 * envelope view, its attachments and its audit log are read back.
 */

interface Ids {
  documentId: number;
  recipientId: number;
  fieldId: number;
  fieldType: string;
  attachmentId: string;
}

interface Operation {
  method: 'GET' | 'POST';
  path: string;
  json?: unknown;
}

/** Every one of the 16 operations, with a request that would succeed on these ids. */
function operations(ids: Ids): Operation[] {
  const { documentId, recipientId, fieldId, fieldType, attachmentId } = ids;
  const recipient = { email: 'nuevo@example.com', name: 'Nuevo', role: 'SIGNER' };
  const field = { type: 'NAME', recipientId, pageNumber: 1, pageX: 1, pageY: 1, width: 5, height: 5 };
  const link = { label: 'Anexo', data: 'https://example.com/anexo' };
  return [
    { method: 'GET', path: `/api/v2/document/recipient/${recipientId}` },
    { method: 'POST', path: '/api/v2/document/recipient/create', json: { documentId, recipient } },
    { method: 'POST', path: '/api/v2/document/recipient/create-many', json: { documentId, recipients: [recipient] } },
    {
      method: 'POST',
      path: '/api/v2/document/recipient/update',
      json: { documentId, recipient: { id: recipientId, name: 'Otro' } },
    },
    {
      method: 'POST',
      path: '/api/v2/document/recipient/update-many',
      json: { documentId, recipients: [{ id: recipientId, name: 'Otro' }] },
    },
    { method: 'POST', path: '/api/v2/document/recipient/delete', json: { recipientId } },
    { method: 'GET', path: `/api/v2/document/field/${fieldId}` },
    { method: 'POST', path: '/api/v2/document/field/create', json: { documentId, field } },
    { method: 'POST', path: '/api/v2/document/field/create-many', json: { documentId, fields: [field] } },
    {
      method: 'POST',
      path: '/api/v2/document/field/update',
      json: { documentId, field: { id: fieldId, type: fieldType, pageX: 2 } },
    },
    {
      method: 'POST',
      path: '/api/v2/document/field/update-many',
      json: { documentId, fields: [{ id: fieldId, type: fieldType, pageX: 2 }] },
    },
    { method: 'POST', path: '/api/v2/document/field/delete', json: { fieldId } },
    { method: 'GET', path: `/api/v2/document/attachment?documentId=${documentId}` },
    { method: 'POST', path: '/api/v2/document/attachment/create', json: { documentId, data: link } },
    { method: 'POST', path: '/api/v2/document/attachment/update', json: { id: attachmentId, data: link } },
    { method: 'POST', path: '/api/v2/document/attachment/delete', json: { id: attachmentId } },
  ];
}

const call = (client: HttpClient, op: Operation) =>
  client.request(op.method, op.path, op.json === undefined ? {} : { json: op.json });

for (const database of testDatabases()) {
  // Issue paths: schema refusals name the part of the request (body, querystring) first, as on
  // every route; the use cases' refusals name the members from the body's top.
  describe(`document recipients, fields and attachments: refusals (${database})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database, worker: false });
    });
    after(() => server?.close());

    /** A DRAFT document with an attachment; its ids, and Ana (SIGNER with fields) and Carla (CC). */
    async function draft() {
      const created = await createDocument(server.api);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const envelopeId = created.body.envelopeId as string;
      const attachment = await server.api.post('/api/v2/envelope/attachment/create', {
        json: { envelopeId, data: { label: 'Anexo', data: 'https://example.com/a' } },
      });
      const env = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;
      const ana = env.recipients.find((r: { email: string }) => r.email === 'ana@example.com');
      const carla = env.recipients.find((r: { role: string }) => r.role === 'CC');
      const anaField = env.fields.find((f: { recipientId: number }) => f.recipientId === ana.id);
      const ids: Ids = {
        documentId: created.body.id,
        recipientId: ana.id,
        fieldId: anaField.id,
        fieldType: anaField.type,
        attachmentId: attachment.body.id,
      };
      return { envelopeId, ids, ana, carla, anaField };
    }

    /** What a refusal must leave untouched: the envelope view, its attachments, its audit log. */
    async function state(envelopeId: string) {
      const [view, attachments, log] = await Promise.all([
        server.api.get(`/api/v2/envelope/${envelopeId}`),
        server.api.get(`/api/v2/envelope/attachment?envelopeId=${envelopeId}`),
        server.api.get(`/api/v2/envelope/${envelopeId}/audit-log?perPage=100`),
      ]);
      return { view: view.body, attachments: attachments.body, auditEntries: log.body.count };
    }

    test('every operation: 401 without a token, 403 for a read token on writes, 404 for unknown ids', async () => {
      const { envelopeId, ids } = await draft();
      const before = await state(envelopeId);
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
      assert.deepEqual(await state(envelopeId), before);
    });

    test("another platform's ids: 404 on every operation, and nothing of the owner's changed", async () => {
      const { envelopeId, ids } = await draft();
      const before = await state(envelopeId);
      const other = await server.newPlatform();
      for (const op of operations(ids)) {
        const res = await call(other, op);
        assert.equal(res.status, 404, `${op.method} ${op.path} ${JSON.stringify(res.body)}`);
      }
      assert.deepEqual(await state(envelopeId), before);
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
      const before = await state(envelopeId);
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
      assert.deepEqual(await state(envelopeId), before);
    });

    test('bad input: 400 whose issues name the members as sent, and nothing changes', async () => {
      const { envelopeId, ids, ana, carla, anaField } = await draft();
      const { documentId } = ids;
      const before = await state(envelopeId);
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
          'a verification method Firma does not enforce',
          {
            method: 'POST',
            path: '/document/recipient/create-many',
            json: {
              documentId,
              recipients: [
                { email: 'x@example.com', name: 'X', role: 'SIGNER' },
                { email: 'y@example.com', name: 'Y', role: 'SIGNER', accessAuth: ['ACCOUNT'] },
              ],
            },
          },
          'AUTH_METHOD_NOT_SUPPORTED',
          ['recipients', 1, 'accessAuth'],
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
          'a fieldMeta member Firma does not honour',
          {
            method: 'POST',
            path: '/document/field/create',
            json: {
              documentId,
              field: { ...box, type: 'TEXT', recipientId: ana.id, fieldMeta: { type: 'text', overflow: 'crop' } },
            },
          },
          'FIELD_META_NOT_SUPPORTED',
          ['field', 'fieldMeta', 'overflow'],
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
      assert.deepEqual(await state(envelopeId), before);
    });

    test('batches are all or nothing: one bad entry changes nothing', async () => {
      const { envelopeId, ids, ana, anaField } = await draft();
      const { documentId } = ids;
      const before = await state(envelopeId);
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
      assert.deepEqual(await state(envelopeId), before);
    });

    test('once a recipient acted it is locked; a final document takes no changes', async () => {
      const { documentId, envelopeId, urls } = await createPendingDocument(server.api);
      const env = (await server.api.get(`/api/v2/envelope/${envelopeId}`)).body;
      const ana = env.recipients.find((r: { email: string }) => r.email === 'ana@example.com');
      const bruno = env.recipients.find((r: { email: string }) => r.email === 'bruno@example.com');
      const anaField = env.fields.find((f: { recipientId: number }) => f.recipientId === ana.id);
      assert.equal((await signAll(server.anon, tokenOf(urls.get('ana@example.com')!))).status, 200);
      const before = await state(envelopeId);
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
      assert.deepEqual(await state(envelopeId), before);

      const renamed = await server.api.post('/api/v2/document/recipient/update', {
        json: { documentId, recipient: { id: bruno.id, name: 'Bruno D.' } },
      });
      assert.equal(renamed.status, 200, 'who has not acted can still change while PENDING');
      assert.equal(renamed.body.name, 'Bruno D.');

      assert.equal((await server.api.post('/api/v2/envelope/cancel', { json: { envelopeId } })).status, 200);
      const cancelled = await state(envelopeId);
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
      assert.deepEqual(await state(envelopeId), cancelled);
    });
  });
}
