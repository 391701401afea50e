import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../domain/context.js';
import {
  createFields,
  deleteField,
  getField,
  updateFields,
  type FieldCreateInput,
} from '../../domain/envelopes/manage-fields.js';
import {
  createRecipients,
  deleteRecipient,
  getRecipient,
  updateRecipients,
} from '../../domain/envelopes/manage-recipients.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { errorResponses, ZSuccess } from '../schemas/common.schema.js';
import type { ZFieldCreate } from './envelope-parts.schema.js';
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
  ZAttachmentCreateBody,
  ZAttachmentDeleteBody,
  ZAttachmentFindQuery,
  ZAttachmentList,
  ZAttachmentUpdateBody,
  ZRejectOnBehalfBody,
} from './envelope-parts.schema.js';
import { z } from 'zod';
import { authenticateApiToken } from '../../domain/auth/authenticate-api-token.js';
import {
  createAttachment,
  deleteAttachment,
  listAttachments,
  updateAttachment,
} from '../../domain/envelopes/manage-attachments.js';
import { rejectOnBehalf } from '../../domain/envelopes/reject-on-behalf.js';

const tags = ['Envelope recipients and fields'];

/** A create-many entry as the use case takes it: at coordinates or on a placeholder (the schema checked which). */
function fieldCreateInput(f: z.infer<typeof ZFieldCreate>): FieldCreateInput {
  const { placeholder, matchAll, page, positionX, positionY, width, height, ...rest } = f;
  const base = {
    ...rest,
    fieldMeta: 'fieldMeta' in rest ? (rest.fieldMeta as Record<string, unknown> | undefined) : undefined,
  };
  if (placeholder !== undefined) return { ...base, placeholder, matchAll, width, height };
  return { ...base, page: page!, positionX: positionX!, positionY: positionY!, width: width!, height: height! };
}

/** Recipients and fields of an envelope, one by one or in all-or-nothing batches. */
export function registerEnvelopePartRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/envelope/recipient/:recipientId',
    {
      schema: {
        operationId: 'envelope-recipient-get',
        summary: 'A recipient with its fields and CUIL',
        tags,
        params: ZRecipientIdParams,
        response: { 200: ZRecipientGetResponse, ...errorResponses(404) },
      },
    },
    async (request) => getRecipient(ctx, principalOf(request), request.params.recipientId),
  );
  r.post(
    '/envelope/recipient/create-many',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'envelope-recipient-create-many',
        summary: 'Add recipients (on a PENDING envelope they get their link on redistribute)',
        tags,
        body: ZRecipientCreateManyBody,
        response: { 200: ZRecipientCreateManyResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({
      data: await createRecipients(ctx, callerOf(request), request.body.envelopeId, request.body.data),
    }),
  );
  r.post(
    '/envelope/recipient/update-many',
    {
      schema: {
        operationId: 'envelope-recipient-update-many',
        summary: 'Change recipients who have not acted yet (cuil up to 20 characters, e.g. 20-12345678-6)',
        tags,
        body: ZRecipientUpdateManyBody,
        response: { 200: ZRecipientUpdateManyResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({
      data: await updateRecipients(ctx, callerOf(request), request.body.envelopeId, request.body.data),
    }),
  );
  r.post(
    '/envelope/recipient/delete',
    {
      schema: {
        operationId: 'envelope-recipient-delete',
        summary: 'Remove a recipient who has not acted yet, with its fields',
        tags,
        body: ZRecipientDeleteBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      await deleteRecipient(ctx, callerOf(request), request.body.recipientId);
      return { success: true };
    },
  );

  r.post(
    '/envelope/recipient/:recipientId/reject',
    {
      schema: {
        operationId: 'envelope-recipient-reject',
        summary:
          "Record a recipient's refusal on their behalf (given by phone or in person); the document becomes REJECTED",
        tags,
        params: ZRecipientIdParams,
        body: ZRejectOnBehalfBody,
        response: { 200: ZRecipientGetResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await rejectOnBehalf(ctx, callerOf(request), request.params.recipientId, request.body.reason);
      return getRecipient(ctx, principalOf(request), request.params.recipientId);
    },
  );

  r.get(
    '/envelope/attachment',
    {
      config: { public: true },
      schema: {
        operationId: 'envelope-attachment-find',
        summary: "An envelope's attachments, for the API token or for a recipient's signing token (`token`)",
        tags: ['Envelope attachments'],
        querystring: ZAttachmentFindQuery,
        response: { 200: ZAttachmentList, ...errorResponses(404) },
      },
    },
    async (request) => {
      if (request.query.token)
        return listAttachments(ctx, request.query.envelopeId, { signingToken: request.query.token });
      const principal = await authenticateApiToken(ctx, request.headers.authorization);
      return listAttachments(ctx, request.query.envelopeId, { principal });
    },
  );
  r.post(
    '/envelope/attachment/create',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'envelope-attachment-create',
        summary: 'Add a link attachment',
        tags: ['Envelope attachments'],
        body: ZAttachmentCreateBody,
        response: { 200: z.object({ id: z.string() }), ...errorResponses(404) },
      },
    },
    async (request) => createAttachment(ctx, callerOf(request), request.body.envelopeId, request.body.data),
  );
  r.post(
    '/envelope/attachment/update',
    {
      schema: {
        operationId: 'envelope-attachment-update',
        summary: 'Change an attachment',
        tags: ['Envelope attachments'],
        body: ZAttachmentUpdateBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      await updateAttachment(ctx, callerOf(request), request.body.id, request.body.data);
      return { success: true };
    },
  );
  r.post(
    '/envelope/attachment/delete',
    {
      schema: {
        operationId: 'envelope-attachment-delete',
        summary: 'Remove an attachment',
        tags: ['Envelope attachments'],
        body: ZAttachmentDeleteBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      await deleteAttachment(ctx, callerOf(request), request.body.id);
      return { success: true };
    },
  );

  r.get(
    '/envelope/field/:fieldId',
    {
      schema: {
        operationId: 'envelope-field-get',
        summary: 'A field',
        tags,
        params: ZFieldIdParams,
        response: { 200: ZFieldGetResponse, ...errorResponses(404) },
      },
    },
    async (request) => getField(ctx, principalOf(request), request.params.fieldId),
  );
  r.post(
    '/envelope/field/create-many',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'envelope-field-create-many',
        summary: 'Add fields (all or nothing)',
        tags,
        body: ZFieldCreateManyBody,
        response: { 200: ZFieldsResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({
      data: await createFields(
        ctx,
        callerOf(request),
        request.body.envelopeId,
        request.body.data.map(fieldCreateInput),
      ),
    }),
  );
  r.post(
    '/envelope/field/update-many',
    {
      schema: {
        operationId: 'envelope-field-update-many',
        summary: 'Move or change fields that hold no value yet',
        tags,
        body: ZFieldUpdateManyBody,
        response: { 200: ZFieldsResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({
      data: await updateFields(
        ctx,
        callerOf(request),
        request.body.envelopeId,
        request.body.data.map((f) => ({
          ...f,
          fieldMeta: 'fieldMeta' in f ? (f.fieldMeta as Record<string, unknown> | undefined) : undefined,
        })),
      ),
    }),
  );
  r.post(
    '/envelope/field/delete',
    {
      schema: {
        operationId: 'envelope-field-delete',
        summary: 'Remove a field that holds no value yet',
        tags,
        body: ZFieldDeleteBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      await deleteField(ctx, callerOf(request), request.body.fieldId);
      return { success: true };
    },
  );
}
