import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../domain/context.js';
import { createFields, deleteField, getField, updateFields } from '../../domain/envelopes/manage-fields.js';
import { createRecipients, deleteRecipient, getRecipient, updateRecipients } from '../../domain/envelopes/manage-recipients.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { errorResponses, ZSuccess } from '../schemas/common.schema.js';
import {
  ZFieldCreateManyBody,
  ZFieldDeleteBody,
  ZFieldGetResponse,
  ZFieldIdParams,
  ZFieldsResponse,
  ZFieldUpdateManyBody,
  ZRecipientCreateManyBody,
  ZRecipientCreateManyResponse,
  ZRecipientDeleteBody,
  ZRecipientGetResponse,
  ZRecipientIdParams,
  ZRecipientUpdateManyBody,
  ZRecipientUpdateManyResponse,
} from './envelope-parts.schema.js';

const tags = ['Envelope recipients and fields'];

/** Recipients and fields of an envelope, one by one or in all-or-nothing batches. */
export function registerEnvelopePartRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/envelope/recipient/:recipientId',
    { schema: { operationId: 'envelope-recipient-get', summary: 'A recipient with its fields and CUIL', tags, params: ZRecipientIdParams, response: { 200: ZRecipientGetResponse, ...errorResponses(404) } } },
    async (request) => getRecipient(ctx, principalOf(request), request.params.recipientId),
  );
  r.post(
    '/envelope/recipient/create-many',
    {
      config: { idempotent: 'json' },
      schema: { operationId: 'envelope-recipient-create-many', summary: 'Add recipients (on a PENDING envelope they get their link on redistribute)', tags, body: ZRecipientCreateManyBody, response: { 200: ZRecipientCreateManyResponse, ...errorResponses(404) } },
    },
    async (request) => ({ data: await createRecipients(ctx, callerOf(request), request.body.envelopeId, request.body.data) }),
  );
  r.post(
    '/envelope/recipient/update-many',
    { schema: { operationId: 'envelope-recipient-update-many', summary: 'Change recipients who have not acted yet (cuil up to 20 characters, e.g. 20-12345678-6)', tags, body: ZRecipientUpdateManyBody, response: { 200: ZRecipientUpdateManyResponse, ...errorResponses(404) } } },
    async (request) => ({ data: await updateRecipients(ctx, callerOf(request), request.body.envelopeId, request.body.data) }),
  );
  r.post(
    '/envelope/recipient/delete',
    { schema: { operationId: 'envelope-recipient-delete', summary: 'Remove a recipient who has not acted yet, with its fields', tags, body: ZRecipientDeleteBody, response: { 200: ZSuccess, ...errorResponses(404) } } },
    async (request) => {
      await deleteRecipient(ctx, callerOf(request), request.body.recipientId);
      return { success: true };
    },
  );

  r.get(
    '/envelope/field/:fieldId',
    { schema: { operationId: 'envelope-field-get', summary: 'A field', tags, params: ZFieldIdParams, response: { 200: ZFieldGetResponse, ...errorResponses(404) } } },
    async (request) => getField(ctx, principalOf(request), request.params.fieldId),
  );
  r.post(
    '/envelope/field/create-many',
    { config: { idempotent: 'json' }, schema: { operationId: 'envelope-field-create-many', summary: 'Add fields (all or nothing)', tags, body: ZFieldCreateManyBody, response: { 200: ZFieldsResponse, ...errorResponses(404) } } },
    async (request) => ({
      data: await createFields(
        ctx,
        callerOf(request),
        request.body.envelopeId,
        request.body.data.map((f) => ({ ...f, fieldMeta: 'fieldMeta' in f ? (f.fieldMeta as Record<string, unknown> | undefined) : undefined })),
      ),
    }),
  );
  r.post(
    '/envelope/field/update-many',
    { schema: { operationId: 'envelope-field-update-many', summary: 'Move or change fields that hold no value yet', tags, body: ZFieldUpdateManyBody, response: { 200: ZFieldsResponse, ...errorResponses(404) } } },
    async (request) => ({
      data: await updateFields(
        ctx,
        callerOf(request),
        request.body.envelopeId,
        request.body.data.map((f) => ({ ...f, fieldMeta: 'fieldMeta' in f ? (f.fieldMeta as Record<string, unknown> | undefined) : undefined })),
      ),
    }),
  );
  r.post(
    '/envelope/field/delete',
    { schema: { operationId: 'envelope-field-delete', summary: 'Remove a field that holds no value yet', tags, body: ZFieldDeleteBody, response: { 200: ZSuccess, ...errorResponses(404) } } },
    async (request) => {
      await deleteField(ctx, callerOf(request), request.body.fieldId);
      return { success: true };
    },
  );
}
