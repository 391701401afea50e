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
import { resolveDocument } from '../../domain/envelopes/resolve-document.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { errorResponses, ZSuccess } from '../schemas/common.schema.js';
import { ZDocumentAttachmentCreateBody, ZDocumentAttachmentFindQuery } from './document-parts.schema.js';
import { ZAttachmentDeleteBody, ZAttachmentList, ZAttachmentUpdateBody } from './envelope-parts.schema.js';
import { registerLegacyPartRoutes } from './legacy-parts.routes.js';

/**
 * Documenso's document routes for recipients, fields (`legacy-parts.routes.ts`, shared with
 * templates) and attachments: thin adapters that name the document by its numeric id
 * (`resolveDocument`, documents of the caller's platform only) and run the envelope use cases.
 */
export function registerDocumentPartRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const attachmentTags = ['Document attachments'];
  const documentOf = (platformId: number, documentId: number) => resolveDocument(ctx, platformId, { documentId });
  registerLegacyPartRoutes(app, ctx, 'document');

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
