import { z } from 'zod';
import type { Ctx } from '../../domain/context.js';
import {
  createAttachment,
  deleteAttachment,
  listAttachments,
  updateAttachment,
} from '../../domain/envelopes/manage-attachments.js';
import { resolveDocument } from '../../domain/envelopes/resolve-document.js';
import { defineOperation } from '../operation.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { ZSuccess } from '../schemas/common.schema.js';
import { ZDocumentAttachmentCreateBody, ZDocumentAttachmentFindQuery } from './document-parts.schema.js';
import { ZAttachmentDeleteBody, ZAttachmentList, ZAttachmentUpdateBody } from './envelope-parts.schema.js';
import { legacyPartOperations } from './legacy-parts.routes.js';

const attachmentTags = ['Document attachments'];
const documentOf = (ctx: Ctx, platformId: number, documentId: number) =>
  resolveDocument(ctx, platformId, { documentId });

/**
 * Documenso's document routes for recipients, fields (`legacy-parts.routes.ts`, shared with
 * templates) and attachments: thin adapters that name the document by its numeric id
 * (`resolveDocument`, documents of the caller's platform only) and run the envelope use cases.
 */
export const documentPartOperations = [
  ...legacyPartOperations('document'),

  defineOperation({
    method: 'GET',
    url: '/document/attachment',
    operationId: 'document-attachment-find',
    summary: "A document's attachments",
    tags: attachmentTags,
    query: ZDocumentAttachmentFindQuery,
    response: ZAttachmentList,
    errors: [404],
    handle: async (ctx, request) => {
      const principal = principalOf(request);
      const envelopeId = await documentOf(ctx, principal.platformId, request.query.documentId);
      return listAttachments(ctx, envelopeId, { principal });
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/document/attachment/create',
    operationId: 'document-attachment-create',
    summary: 'Add a link attachment',
    tags: attachmentTags,
    idempotent: 'json',
    body: ZDocumentAttachmentCreateBody,
    response: z.object({ id: z.string() }),
    errors: [404],
    handle: async (ctx, request) => {
      const caller = callerOf(request);
      const envelopeId = await documentOf(ctx, caller.principal.platformId, request.body.documentId);
      return createAttachment(ctx, caller, envelopeId, request.body.data);
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/document/attachment/update',
    operationId: 'document-attachment-update',
    summary: 'Change an attachment',
    tags: attachmentTags,
    body: ZAttachmentUpdateBody,
    response: ZSuccess,
    errors: [404],
    handle: async (ctx, request) => {
      const caller = callerOf(request);
      await resolveDocument(ctx, caller.principal.platformId, { attachmentId: request.body.id });
      await updateAttachment(ctx, caller, request.body.id, request.body.data);
      return { success: true };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/document/attachment/delete',
    operationId: 'document-attachment-delete',
    summary: 'Remove an attachment',
    tags: attachmentTags,
    body: ZAttachmentDeleteBody,
    response: ZSuccess,
    errors: [404],
    handle: async (ctx, request) => {
      const caller = callerOf(request);
      await resolveDocument(ctx, caller.principal.platformId, { attachmentId: request.body.id });
      await deleteAttachment(ctx, caller, request.body.id);
      return { success: true };
    },
  }),
];
