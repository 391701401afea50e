import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../domain/context.js';
import {
  createAttachment,
  deleteAttachment,
  listAttachments,
  updateAttachment,
} from '../../domain/envelopes/manage-attachments.js';
import {
  createFields,
  deleteField,
  getField,
  updateFields,
  type FieldRequestShape,
} from '../../domain/envelopes/manage-fields.js';
import {
  createRecipients,
  deleteRecipient,
  getRecipient,
  updateRecipients,
} from '../../domain/envelopes/manage-recipients.js';
import { resolveDocument } from '../../domain/envelopes/resolve-document.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { errorResponses, ZSuccess } from '../schemas/common.schema.js';
import { ZFieldLegacy, ZRecipientLegacy } from '../schemas/views.schema.js';
import {
  ZDocumentAttachmentCreateBody,
  ZDocumentAttachmentFindQuery,
  ZDocumentFieldCreateBody,
  ZDocumentFieldCreateManyBody,
  ZDocumentFieldsResponse,
  ZDocumentFieldUpdateBody,
  ZDocumentFieldUpdateManyBody,
  ZDocumentRecipient,
  ZDocumentRecipientCreateBody,
  ZDocumentRecipientCreateManyBody,
  ZDocumentRecipientCreateManyResponse,
  ZDocumentRecipientUpdateBody,
  ZDocumentRecipientUpdateManyBody,
  ZDocumentRecipientUpdateManyResponse,
} from './document-parts.schema.js';
import {
  ZAttachmentDeleteBody,
  ZAttachmentList,
  ZAttachmentUpdateBody,
  ZFieldDeleteBody,
  ZFieldIdParams,
  ZRecipientDeleteBody,
  ZRecipientIdParams,
} from './envelope-parts.schema.js';

const DOCUMENT_NAMES = { page: 'pageNumber', positionX: 'pageX', positionY: 'pageY' } as const;
const oneField: FieldRequestShape = { at: () => ['field'], names: DOCUMENT_NAMES };
const manyFields: FieldRequestShape = { at: (index) => ['fields', index], names: DOCUMENT_NAMES };
const oneRecipient = () => ['recipient'];
const manyRecipients = (index: number) => ['recipients', index];

type DocumentFieldCreate = z.output<typeof ZDocumentFieldCreateBody>['field'];
type DocumentFieldUpdate = z.output<typeof ZDocumentFieldUpdateBody>['field'];

/** The document flow's geometry names mapped onto the envelope use cases' input. */
function fieldCreateInput({ pageNumber, pageX, pageY, ...f }: DocumentFieldCreate) {
  return {
    ...f,
    page: pageNumber,
    positionX: pageX,
    positionY: pageY,
    fieldMeta: 'fieldMeta' in f ? (f.fieldMeta as Record<string, unknown> | undefined) : undefined,
  };
}
function fieldUpdateInput({ pageNumber, pageX, pageY, ...f }: DocumentFieldUpdate) {
  return {
    ...f,
    page: pageNumber,
    positionX: pageX,
    positionY: pageY,
    fieldMeta: 'fieldMeta' in f ? (f.fieldMeta as Record<string, unknown> | undefined) : undefined,
  };
}

/**
 * Documenso's document routes for recipients, fields and attachments: thin adapters that name the
 * document by its numeric id (`resolveDocument`, documents of the caller's platform only) and run
 * the envelope use cases, so every rule (all or nothing, locked once a recipient acted, final
 * states, CUIL) is the envelope routes' own. Single-item variants run the batch use case with one
 * entry, in its one transaction.
 */
export function registerDocumentPartRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const recipientTags = ['Document recipients'];
  const fieldTags = ['Document fields'];
  const attachmentTags = ['Document attachments'];
  const documentOf = (platformId: number, documentId: number) => resolveDocument(ctx, platformId, { documentId });

  r.get(
    '/document/recipient/:recipientId',
    {
      schema: {
        operationId: 'document-recipient-get',
        summary: "A document's recipient with its fields and CUIL",
        tags: recipientTags,
        params: ZRecipientIdParams,
        response: { 200: ZDocumentRecipient, ...errorResponses(404) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await resolveDocument(ctx, principal.platformId, { recipientId: request.params.recipientId });
      return getRecipient(ctx, principal, request.params.recipientId);
    },
  );
  r.post(
    '/document/recipient/create',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'document-recipient-create',
        summary: 'Add a recipient (on a PENDING document it gets its link on redistribute)',
        tags: recipientTags,
        body: ZDocumentRecipientCreateBody,
        response: { 200: ZRecipientLegacy, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await documentOf(caller.principal.platformId, request.body.documentId);
      const [created] = await createRecipients(ctx, caller, envelopeId, [request.body.recipient], oneRecipient);
      return created!;
    },
  );
  r.post(
    '/document/recipient/create-many',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'document-recipient-create-many',
        summary: 'Add recipients (all or nothing)',
        tags: recipientTags,
        body: ZDocumentRecipientCreateManyBody,
        response: { 200: ZDocumentRecipientCreateManyResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await documentOf(caller.principal.platformId, request.body.documentId);
      return { recipients: await createRecipients(ctx, caller, envelopeId, request.body.recipients, manyRecipients) };
    },
  );
  r.post(
    '/document/recipient/update',
    {
      schema: {
        operationId: 'document-recipient-update',
        summary: 'Change a recipient who has not acted yet (cuil up to 20 characters, e.g. 20-12345678-6)',
        tags: recipientTags,
        body: ZDocumentRecipientUpdateBody,
        response: { 200: ZDocumentRecipient, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await documentOf(caller.principal.platformId, request.body.documentId);
      const [updated] = await updateRecipients(ctx, caller, envelopeId, [request.body.recipient], oneRecipient);
      return updated!;
    },
  );
  r.post(
    '/document/recipient/update-many',
    {
      schema: {
        operationId: 'document-recipient-update-many',
        summary: 'Change recipients who have not acted yet (all or nothing)',
        tags: recipientTags,
        body: ZDocumentRecipientUpdateManyBody,
        response: { 200: ZDocumentRecipientUpdateManyResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await documentOf(caller.principal.platformId, request.body.documentId);
      return { recipients: await updateRecipients(ctx, caller, envelopeId, request.body.recipients, manyRecipients) };
    },
  );
  r.post(
    '/document/recipient/delete',
    {
      schema: {
        operationId: 'document-recipient-delete',
        summary: 'Remove a recipient who has not acted yet, with its fields',
        tags: recipientTags,
        body: ZRecipientDeleteBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await resolveDocument(ctx, caller.principal.platformId, { recipientId: request.body.recipientId });
      await deleteRecipient(ctx, caller, request.body.recipientId);
      return { success: true };
    },
  );

  r.get(
    '/document/field/:fieldId',
    {
      schema: {
        operationId: 'document-field-get',
        summary: "A document's field",
        tags: fieldTags,
        params: ZFieldIdParams,
        response: { 200: ZFieldLegacy, ...errorResponses(404) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await resolveDocument(ctx, principal.platformId, { fieldId: request.params.fieldId });
      return getField(ctx, principal, request.params.fieldId);
    },
  );
  r.post(
    '/document/field/create',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'document-field-create',
        summary: 'Add a field (geometry in percent of the page, pageNumber from 1)',
        tags: fieldTags,
        body: ZDocumentFieldCreateBody,
        response: { 200: ZFieldLegacy, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await documentOf(caller.principal.platformId, request.body.documentId);
      const [created] = await createFields(ctx, caller, envelopeId, [fieldCreateInput(request.body.field)], oneField);
      return created!;
    },
  );
  r.post(
    '/document/field/create-many',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'document-field-create-many',
        summary: 'Add fields (all or nothing)',
        tags: fieldTags,
        body: ZDocumentFieldCreateManyBody,
        response: { 200: ZDocumentFieldsResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await documentOf(caller.principal.platformId, request.body.documentId);
      const inputs = request.body.fields.map(fieldCreateInput);
      return { fields: await createFields(ctx, caller, envelopeId, inputs, manyFields) };
    },
  );
  r.post(
    '/document/field/update',
    {
      schema: {
        operationId: 'document-field-update',
        summary: 'Move or change a field that holds no value yet',
        tags: fieldTags,
        body: ZDocumentFieldUpdateBody,
        response: { 200: ZFieldLegacy, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await documentOf(caller.principal.platformId, request.body.documentId);
      const [updated] = await updateFields(ctx, caller, envelopeId, [fieldUpdateInput(request.body.field)], oneField);
      return updated!;
    },
  );
  r.post(
    '/document/field/update-many',
    {
      schema: {
        operationId: 'document-field-update-many',
        summary: 'Move or change fields that hold no value yet (all or nothing)',
        tags: fieldTags,
        body: ZDocumentFieldUpdateManyBody,
        response: { 200: ZDocumentFieldsResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await documentOf(caller.principal.platformId, request.body.documentId);
      const inputs = request.body.fields.map(fieldUpdateInput);
      return { fields: await updateFields(ctx, caller, envelopeId, inputs, manyFields) };
    },
  );
  r.post(
    '/document/field/delete',
    {
      schema: {
        operationId: 'document-field-delete',
        summary: 'Remove a field that holds no value yet',
        tags: fieldTags,
        body: ZFieldDeleteBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await resolveDocument(ctx, caller.principal.platformId, { fieldId: request.body.fieldId });
      await deleteField(ctx, caller, request.body.fieldId);
      return { success: true };
    },
  );

  r.get(
    '/document/attachment',
    {
      schema: {
        operationId: 'document-attachment-find',
        summary: "A document's attachments",
        tags: attachmentTags,
        querystring: ZDocumentAttachmentFindQuery,
        response: { 200: ZAttachmentList, ...errorResponses(404) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const envelopeId = await documentOf(principal.platformId, request.query.documentId);
      return listAttachments(ctx, envelopeId, { principal });
    },
  );
  r.post(
    '/document/attachment/create',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'document-attachment-create',
        summary: 'Add a link attachment',
        tags: attachmentTags,
        body: ZDocumentAttachmentCreateBody,
        response: { 200: z.object({ id: z.string() }), ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const envelopeId = await documentOf(caller.principal.platformId, request.body.documentId);
      return createAttachment(ctx, caller, envelopeId, request.body.data);
    },
  );
  r.post(
    '/document/attachment/update',
    {
      schema: {
        operationId: 'document-attachment-update',
        summary: 'Change an attachment',
        tags: attachmentTags,
        body: ZAttachmentUpdateBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await resolveDocument(ctx, caller.principal.platformId, { attachmentId: request.body.id });
      await updateAttachment(ctx, caller, request.body.id, request.body.data);
      return { success: true };
    },
  );
  r.post(
    '/document/attachment/delete',
    {
      schema: {
        operationId: 'document-attachment-delete',
        summary: 'Remove an attachment',
        tags: attachmentTags,
        body: ZAttachmentDeleteBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await resolveDocument(ctx, caller.principal.platformId, { attachmentId: request.body.id });
      await deleteAttachment(ctx, caller, request.body.id);
      return { success: true };
    },
  );
}
