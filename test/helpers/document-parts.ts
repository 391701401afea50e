import assert from 'node:assert/strict';
import { createDocument } from './documents.js';
import type { HttpClient } from './http-client.js';
import type { TestServer } from './test-server.js';

/** Shared by the tests of the document routes for recipients, fields and attachments. */
export interface Ids {
  documentId: number;
  recipientId: number;
  fieldId: number;
  fieldType: string;
  attachmentId: string;
}

export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  json?: unknown;
}

/** Every one of the 16 operations, with a request that would succeed on these ids. */
export function operations(ids: Ids): Operation[] {
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

export const call = (client: HttpClient, op: Operation) =>
  client.request(op.method, op.path, op.json === undefined ? {} : { json: op.json });

/** A DRAFT document with an attachment: its ids, Ana (SIGNER with fields), Carla (CC), Ana's first field. */
export async function draftWithParts(server: TestServer) {
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
export async function documentState(server: TestServer, envelopeId: string) {
  const [view, attachments, log] = await Promise.all([
    server.api.get(`/api/v2/envelope/${envelopeId}`),
    server.api.get(`/api/v2/envelope/attachment?envelopeId=${envelopeId}`),
    server.api.get(`/api/v2/envelope/${envelopeId}/audit-log?perPage=100`),
  ]);
  return { view: view.body, attachments: attachments.body, auditEntries: log.body.count };
}
