import { fieldMetaOf } from '../schemas/common.schema.js';
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
import { AppError } from '../../errors.js';
import { defineOperation } from '../operation.js';
import { ZSuccess } from '../schemas/common.schema.js';
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
  ZRecipientCode,
  ZRecipientCodeBody,
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
import { issueRecipientCode } from '../../domain/envelopes/issue-recipient-code.js';

const tags = ['Envelope recipients and fields'];

/** A create-many entry as the use case takes it: at coordinates or on a placeholder (the schema checked which). */
function fieldCreateInput(f: z.infer<typeof ZFieldCreate>): FieldCreateInput {
  const { placeholder, matchAll, page, positionX, positionY, width, height, ...rest } = f;
  const base = { ...rest, fieldMeta: fieldMetaOf(rest) };
  if (placeholder !== undefined) return { ...base, placeholder, matchAll, width, height };
  return { ...base, page: page!, positionX: positionX!, positionY: positionY!, width: width!, height: height! };
}

const attachmentTags = ['Envelope attachments'];

/** Recipients and fields of an envelope, one by one or in all-or-nothing batches; its link attachments. */
export const envelopePartOperations = [
  defineOperation({
    method: 'GET',
    url: '/envelope/recipient/:recipientId',
    operationId: 'envelope-recipient-get',
    summary: 'A recipient with its fields and CUIL',
    tags,
    params: ZRecipientIdParams,
    response: ZRecipientGetResponse,
    errors: [404],
    handle: (ctx, request) => getRecipient(ctx, principalOf(request), request.params.recipientId),
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/recipient/create-many',
    operationId: 'envelope-recipient-create-many',
    summary: 'Add recipients (on a PENDING envelope they get their link on redistribute)',
    tags,
    idempotent: 'json',
    body: ZRecipientCreateManyBody,
    response: ZRecipientCreateManyResponse,
    errors: [404],
    handle: async (ctx, request) => ({
      data: await createRecipients(ctx, callerOf(request), request.body.envelopeId, request.body.data),
    }),
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/recipient/update-many',
    operationId: 'envelope-recipient-update-many',
    summary: 'Change recipients who have not acted yet (cuil up to 20 characters, e.g. 20-12345678-6)',
    tags,
    body: ZRecipientUpdateManyBody,
    response: ZRecipientUpdateManyResponse,
    errors: [404],
    handle: async (ctx, request) => ({
      data: await updateRecipients(ctx, callerOf(request), request.body.envelopeId, request.body.data),
    }),
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/recipient/delete',
    operationId: 'envelope-recipient-delete',
    summary: 'Remove a recipient who has not acted yet, with its fields',
    tags,
    body: ZRecipientDeleteBody,
    response: ZSuccess,
    errors: [404],
    handle: async (ctx, request) => {
      await deleteRecipient(ctx, callerOf(request), request.body.recipientId);
      return { success: true };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/recipient/:recipientId/reject',
    operationId: 'envelope-recipient-reject',
    summary:
      "Record a recipient's refusal on their behalf (given by phone or in person); the document becomes REJECTED",
    tags,
    params: ZRecipientIdParams,
    body: ZRejectOnBehalfBody,
    response: ZRecipientGetResponse,
    errors: [404, 409],
    handle: async (ctx, request) => {
      await rejectOnBehalf(ctx, callerOf(request), request.params.recipientId, request.body.reason);
      return getRecipient(ctx, principalOf(request), request.params.recipientId);
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/recipient/:recipientId/2fa-code',
    operationId: 'envelope-recipient-2fa-code',
    summary:
      'A 6-digit code (EXTERNAL_TWO_FACTOR_AUTH) for the sender to deliver through its own channel; valid 10 minutes, replaces the previous one',
    tags,
    params: ZRecipientIdParams,
    body: ZRecipientCodeBody,
    response: ZRecipientCode,
    errors: [404, 409],
    handle: (ctx, request) => {
      if (request.body.recipientId !== request.params.recipientId)
        throw new AppError('VALIDATION_ERROR', 'The body names another recipient than the path', {
          issues: [{ path: ['recipientId'], message: 'recipientId: must equal the recipient of the path' }],
        });
      return issueRecipientCode(ctx, callerOf(request), request.body);
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/envelope/attachment',
    operationId: 'envelope-attachment-find',
    summary: "An envelope's attachments, for the API token or for a recipient's signing token (`token`)",
    tags: attachmentTags,
    authenticatesItself: true,
    query: ZAttachmentFindQuery,
    response: ZAttachmentList,
    errors: [404],
    handle: async (ctx, request) => {
      if (request.query.token)
        return listAttachments(ctx, request.query.envelopeId, { signingToken: request.query.token });
      const principal = await authenticateApiToken(ctx, request.headers.authorization);
      return listAttachments(ctx, request.query.envelopeId, { principal });
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/attachment/create',
    operationId: 'envelope-attachment-create',
    summary: 'Add a link attachment',
    tags: attachmentTags,
    idempotent: 'json',
    body: ZAttachmentCreateBody,
    response: z.object({ id: z.string() }),
    errors: [404],
    handle: (ctx, request) => createAttachment(ctx, callerOf(request), request.body.envelopeId, request.body.data),
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/attachment/update',
    operationId: 'envelope-attachment-update',
    summary: 'Change an attachment',
    tags: attachmentTags,
    body: ZAttachmentUpdateBody,
    response: ZSuccess,
    errors: [404],
    handle: async (ctx, request) => {
      await updateAttachment(ctx, callerOf(request), request.body.id, request.body.data);
      return { success: true };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/attachment/delete',
    operationId: 'envelope-attachment-delete',
    summary: 'Remove an attachment',
    tags: attachmentTags,
    body: ZAttachmentDeleteBody,
    response: ZSuccess,
    errors: [404],
    handle: async (ctx, request) => {
      await deleteAttachment(ctx, callerOf(request), request.body.id);
      return { success: true };
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/envelope/field/:fieldId',
    operationId: 'envelope-field-get',
    summary: 'A field',
    tags,
    params: ZFieldIdParams,
    response: ZFieldGetResponse,
    errors: [404],
    handle: (ctx, request) => getField(ctx, principalOf(request), request.params.fieldId),
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/field/create-many',
    operationId: 'envelope-field-create-many',
    summary: 'Add fields (all or nothing)',
    tags,
    idempotent: 'json',
    body: ZFieldCreateManyBody,
    response: ZFieldsResponse,
    errors: [404],
    handle: async (ctx, request) => ({
      data: await createFields(
        ctx,
        callerOf(request),
        request.body.envelopeId,
        request.body.data.map(fieldCreateInput),
      ),
    }),
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/field/update-many',
    operationId: 'envelope-field-update-many',
    summary: 'Move or change fields that hold no value yet',
    tags,
    body: ZFieldUpdateManyBody,
    response: ZFieldsResponse,
    errors: [404],
    handle: async (ctx, request) => ({
      data: await updateFields(
        ctx,
        callerOf(request),
        request.body.envelopeId,
        request.body.data.map((f) => ({ ...f, fieldMeta: fieldMetaOf(f) })),
      ),
    }),
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/field/delete',
    operationId: 'envelope-field-delete',
    summary: 'Remove a field that holds no value yet',
    tags,
    body: ZFieldDeleteBody,
    response: ZSuccess,
    errors: [404],
    handle: async (ctx, request) => {
      await deleteField(ctx, callerOf(request), request.body.fieldId);
      return { success: true };
    },
  }),
];
