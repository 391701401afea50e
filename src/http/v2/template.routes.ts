import { z } from 'zod';
import type { Ctx } from '../../domain/context.js';
import { createDocumentForUpload } from '../../domain/envelopes/create-document-for-upload.js';
import { createEnvelope } from '../../domain/envelopes/create-envelope.js';
import { deleteEnvelope } from '../../domain/envelopes/delete-envelope.js';
import { duplicateEnvelope } from '../../domain/envelopes/duplicate-envelope.js';
import { findTemplates, getManyTemplates } from '../../domain/envelopes/find-documents.js';
import { getEnvelopeGraph, type EnvelopeGraph } from '../../domain/envelopes/get-envelope.js';
import { updateEnvelopeData } from '../../domain/envelopes/manage-items.js';
import { resolveDocument } from '../../domain/envelopes/resolve-document.js';
import { tokenRevealFor } from '../../domain/model/signing-links.js';
import { templateLiteView, templateView } from '../../domain/model/template-view.js';
import { AppError, notFound } from '../../errors.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { answerInTransaction, idempotencyGate } from '../plugins/idempotency.js';
import { parsePayload, readMultipart } from '../plugins/multipart.js';
import { defineOperation } from '../operation.js';
import { ZSuccess } from '../schemas/common.schema.js';
import { replyEnvelopeView } from '../views/reply-envelope-view.js';
import {
  ZTemplate,
  ZTemplateCreateBetaResponse,
  ZTemplateCreateBody,
  ZTemplateCreatePayload,
  ZTemplateCreateResponse,
  ZTemplateFindQuery,
  ZTemplateFindResponse,
  ZTemplateGetManyBody,
  ZTemplateGetManyResponse,
  ZTemplateIdBody,
  ZTemplateIdParam,
  ZTemplateLite,
  ZTemplateUpdateBody,
} from './template.schema.js';

const tags = ['Templates'];
type Payload = z.output<typeof ZTemplateCreatePayload>;

/** The envelope members of a template creation. */
function creationMembers(p: Payload) {
  return {
    type: 'TEMPLATE' as const,
    title: p.title,
    externalId: p.externalId ?? undefined,
    visibility: p.visibility,
    globalAccessAuth: p.globalAccessAuth,
    globalActionAuth: p.globalActionAuth,
    folderId: p.folderId,
    meta: p.meta,
    attachments: p.attachments,
    templateType: p.type,
    publicTitle: p.publicTitle,
    publicDescription: p.publicDescription,
    // Documenso's template creation takes no recipients: they are added by the recipient routes.
    recipients: [],
  };
}

const templateOf = (ctx: Ctx, platformId: number, templateId: number) =>
  resolveDocument(ctx, platformId, { documentId: templateId }, 'TEMPLATE');

/** Documenso's `template` family: adapters over the envelope use cases, for TEMPLATE envelopes only. */
export const templateOperations = [
  defineOperation({
    method: 'POST',
    url: '/template/create',
    operationId: 'template-create',
    summary: 'Create a template from a PDF (recipients and fields are added by their routes)',
    description: 'multipart/form-data: a `payload` part (JSON) and a `file` part (the PDF).',
    tags,
    upload: 'multipart',
    idempotent: 'multipart',
    body: ZTemplateCreateBody,
    response: ZTemplateCreateResponse,
    errors: [413],
    handle: async (ctx, request, reply) => {
      const body = await readMultipart(ctx, request, ['file']);
      const discard = () => Promise.all(body.files.map((f) => f.staged.discard()));
      const fingerprint = { payload: body.payload, files: body.files.map((f) => f.staged.sha256) };
      if (
        await idempotencyGate(ctx, request, reply, fingerprint).catch(async (error: unknown) => {
          await discard();
          throw error;
        })
      ) {
        await discard();
        return reply;
      }
      let members;
      try {
        members = creationMembers(await parsePayload(ZTemplateCreatePayload, body));
      } catch (error) {
        await discard();
        throw error;
      }
      if (body.files.length !== 1) {
        await discard();
        throw new AppError('INVALID_MULTIPART', 'Send exactly one PDF in the "file" part', {
          issues: [{ message: 'file: Required', path: ['file'] }],
        });
      }
      const answerOf = (g: EnvelopeGraph) => ({ envelopeId: g.envelope.publicId, id: g.envelope.id });
      const storeAnswer = answerInTransaction(ctx, request);
      const graph = await createEnvelope(ctx, callerOf(request), {
        ...members,
        files: [{ ...body.files[0]!, title: members.title }],
        withinTransaction: storeAnswer && ((trx, created) => storeAnswer(trx, answerOf(created))),
      });
      return answerOf(graph);
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/template',
    operationId: 'template-find',
    summary: 'Find templates: newest first, pages of at most 100',
    tags,
    query: ZTemplateFindQuery,
    response: ZTemplateFindResponse,
    handle: (ctx, request) => {
      const { type, ...q } = request.query;
      return findTemplates(ctx, principalOf(request), { ...q, templateType: type });
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/template/:templateId',
    operationId: 'template-get',
    summary: 'A template with its recipients, fields and meta (never the PDF bytes)',
    tags,
    params: z.object({ templateId: ZTemplateIdParam }),
    response: ZTemplate,
    errors: [404],
    handle: (ctx, request, reply) => {
      const principal = principalOf(request);
      const reveal = tokenRevealFor(ctx, principal);
      return replyEnvelopeView(
        ctx,
        request,
        reply,
        principal.platformId,
        { documentId: request.params.templateId },
        reveal ? 'template:with-tokens' : 'template',
        (graph) => {
          // An envelope's type never changes, so a document is never cached under this variant.
          if (graph.envelope.type !== 'TEMPLATE') throw notFound('Template');
          return templateView(graph, principal.platformName, reveal);
        },
      );
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/template/get-many',
    operationId: 'template-getMany',
    summary: "Several templates by templateId (unknown ids, documents and other platforms' ids are left out)",
    tags,
    body: ZTemplateGetManyBody,
    response: ZTemplateGetManyResponse,
    handle: async (ctx, request) => ({
      data: await getManyTemplates(ctx, principalOf(request), request.body.templateIds),
    }),
  }),

  defineOperation({
    method: 'POST',
    url: '/template/create/beta',
    operationId: 'template-createTemplateTemporary',
    summary: 'Create a template from JSON; PUT its PDF to the answered uploadUrl',
    tags,
    idempotent: 'json',
    body: ZTemplateCreatePayload,
    response: ZTemplateCreateBetaResponse,
    handle: async (ctx, request, reply) => {
      const members = creationMembers(request.body);
      const platformName = principalOf(request).platformName;
      const storeAnswer = answerInTransaction(ctx, request);
      const answerOf = (graph: EnvelopeGraph, uploadUrl: string) => ({
        template: templateView(graph, platformName),
        uploadUrl,
      });
      const { graph, uploadUrl } = await createDocumentForUpload(ctx, callerOf(request), {
        ...members,
        api: 'v2',
        requestPath: [],
        withinTransaction:
          storeAnswer &&
          ((trx, created, url) =>
            storeAnswer(trx, JSON.parse(reply.serialize(answerOf(created, url)) as string) as unknown)),
      });
      return answerOf(graph, uploadUrl);
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/template/update',
    operationId: 'template-update',
    summary: 'Change the title, externalId, folder, auth options or meta of a template',
    tags,
    body: ZTemplateUpdateBody,
    response: ZTemplateLite,
    errors: [404],
    handle: async (ctx, request) => {
      const { templateId, data = {}, meta } = request.body;
      const { useLegacyFieldInsertion, type, ...envelopeData } = data;
      const caller = callerOf(request);
      await templateOf(ctx, caller.principal.platformId, templateId);
      await updateEnvelopeData(
        ctx,
        caller,
        templateId,
        { ...envelopeData, templateType: type, legacyFieldInsertion: useLegacyFieldInsertion },
        meta,
      );
      const graph = await getEnvelopeGraph(ctx.db, caller.principal.platformId, { documentId: templateId });
      return templateLiteView(graph.envelope, graph.items[0]);
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/template/delete',
    operationId: 'template-delete',
    summary: 'Delete a template (documents made from it stay as they are)',
    tags,
    body: ZTemplateIdBody,
    response: ZSuccess,
    errors: [404],
    handle: async (ctx, request) => {
      const caller = callerOf(request);
      await templateOf(ctx, caller.principal.platformId, request.body.templateId);
      await deleteEnvelope(ctx, caller, { documentId: request.body.templateId });
      return { success: true };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/template/duplicate',
    operationId: 'template-duplicate',
    summary: 'A new template with the same PDF, meta, attachments, recipients and fields',
    tags,
    idempotent: 'json',
    body: ZTemplateIdBody,
    response: ZTemplateLite,
    errors: [404],
    handle: async (ctx, request) => {
      const caller = callerOf(request);
      await templateOf(ctx, caller.principal.platformId, request.body.templateId);
      const copy = await duplicateEnvelope(ctx, caller, { documentId: request.body.templateId });
      const graph = await getEnvelopeGraph(ctx.db, caller.principal.platformId, { documentId: copy.id });
      return templateLiteView(graph.envelope, graph.items[0]);
    },
  }),
];
