import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../domain/context.js';
import { createDocumentForUpload } from '../../domain/envelopes/create-document-for-upload.js';
import { deleteEnvelope } from '../../domain/envelopes/delete-envelope.js';
import { createDocumentDownloadLink } from '../../domain/envelopes/download-link.js';
import { duplicateEnvelope } from '../../domain/envelopes/duplicate-envelope.js';
import { findDocuments, getManyDocuments } from '../../domain/envelopes/find-documents.js';
import { getEnvelopeGraph, type EnvelopeGraph } from '../../domain/envelopes/get-envelope.js';
import { updateEnvelopeData } from '../../domain/envelopes/manage-items.js';
import { redistributeEnvelope } from '../../domain/envelopes/redistribute-envelope.js';
import { resolveDocument } from '../../domain/envelopes/resolve-document.js';
import { collectUnsupportedDocumentMembers, refuseUnsupported } from '../../domain/envelopes/unsupported-members.js';
import { documentView } from '../../domain/model/envelope-views.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { answerInTransaction } from '../plugins/idempotency.js';
import { acceptRawPdf, receiveRawPdf, sendLinkedPdf } from '../plugins/capability-urls.js';
import { errorResponses, ZSuccess } from '../schemas/common.schema.js';
import { documentRecipientsInput, ZDocumentCreatePayload, ZDocumentId } from './document.schema.js';
import {
  ZDocumentCreateBetaResponse,
  ZDocumentDuplicateResponse,
  ZDocumentFindQuery,
  ZDocumentFindResponse,
  ZDocumentGetManyBody,
  ZDocumentGetManyResponse,
  ZDocumentIdBody,
  ZDocumentRedistributeBody,
  ZDocumentUpdateBody,
  ZDocumentUpdateResponse,
  ZDownloadBetaQuery,
  ZDownloadBetaResponse,
  ZUploadResponse,
} from './document-manage.schema.js';

const tags = ['Documents'];

/**
 * The rest of Documenso's `document` family, as adapters over the envelope use cases addressed
 * by documentId: find, get-many, update, delete, duplicate, redistribute, the JSON creation whose
 * PDF follows at an upload URL, and the download link.
 */
export function registerDocumentManageRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/document',
    {
      schema: {
        operationId: 'document-find',
        summary: 'Find documents: filters, newest first, pages of at most 100',
        tags,
        querystring: ZDocumentFindQuery,
        response: { 200: ZDocumentFindResponse, ...errorResponses() },
      },
    },
    async (request) => {
      const q = request.query;
      return findDocuments(ctx, principalOf(request), {
        page: q.page,
        perPage: q.perPage,
        status: q.status,
        source: q.source,
        templateId: q.templateId,
        folderId: q.folderId,
        query: q.query,
        hasExpiredRecipients: q.hasExpiredRecipients === undefined ? undefined : q.hasExpiredRecipients === 'true',
        orderByDirection: q.orderByDirection,
      });
    },
  );

  r.post(
    '/document/get-many',
    {
      schema: {
        operationId: 'document-getMany',
        summary: "Several documents by documentId (unknown ids, templates and other platforms' ids are left out)",
        tags,
        body: ZDocumentGetManyBody,
        response: { 200: ZDocumentGetManyResponse, ...errorResponses() },
      },
    },
    async (request) => ({ data: await getManyDocuments(ctx, principalOf(request), request.body.documentIds) }),
  );

  r.post(
    '/document/update',
    {
      schema: {
        operationId: 'document-update',
        summary:
          'Change the title, externalId or meta of a DRAFT or PENDING document (signingOrder and distributionMethod only while DRAFT)',
        tags,
        body: ZDocumentUpdateBody,
        response: { 200: ZDocumentUpdateResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { documentId, data = {}, meta } = request.body;
      const { useLegacyFieldInsertion, ...envelopeData } = data;
      refuseUnsupported((issues) => collectUnsupportedDocumentMembers(issues, ['data'], { useLegacyFieldInsertion }));
      const caller = callerOf(request);
      await resolveDocument(ctx, caller.principal.platformId, { documentId });
      await updateEnvelopeData(ctx, caller, documentId, envelopeData, meta);
      return documentView(await getEnvelopeGraph(ctx.db, caller.principal.platformId, { documentId }));
    },
  );

  r.post(
    '/document/delete',
    {
      schema: {
        operationId: 'document-delete',
        summary: 'Delete a document (a DRAFT or PENDING one is cancelled first; evidence of finished ones is kept)',
        tags,
        body: ZDocumentIdBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      await resolveDocument(ctx, principalOf(request).platformId, { documentId: request.body.documentId });
      await deleteEnvelope(ctx, callerOf(request), { documentId: request.body.documentId });
      return { success: true };
    },
  );

  r.post(
    '/document/duplicate',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'document-duplicate',
        summary: 'A new DRAFT with the same PDF, attachments, meta, recipients and empty fields',
        tags,
        body: ZDocumentIdBody,
        response: { 200: ZDocumentDuplicateResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      await resolveDocument(ctx, principalOf(request).platformId, { documentId: request.body.documentId });
      const copy = await duplicateEnvelope(ctx, callerOf(request), { documentId: request.body.documentId });
      return { id: copy.publicId, documentId: copy.id };
    },
  );

  r.post(
    '/document/redistribute',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'document-redistribute',
        summary: 'Send the named recipients their link again and renew their expiry (PENDING only)',
        tags,
        body: ZDocumentRedistributeBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      await redistributeEnvelope(ctx, callerOf(request), {
        key: { documentId: request.body.documentId },
        recipientIds: request.body.recipients,
      });
      return { success: true };
    },
  );

  r.post(
    '/document/create/beta',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'document-createDocumentTemporary',
        summary: 'Create a DRAFT document from JSON; PUT its PDF to the answered uploadUrl',
        description:
          'The payload of document/create, as JSON. Fields are checked now as far as they can be without the PDF and placed when it arrives: a PDF without the pages they name is refused (FIELD_OUT_OF_BOUNDS) and the document stays without a PDF. Distributing before the PDF arrived is 400 ENVELOPE_HAS_NO_DOCUMENT.',
        tags,
        body: ZDocumentCreatePayload,
        response: { 200: ZDocumentCreateBetaResponse, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const payload = request.body;
      const storeAnswer = answerInTransaction(ctx, request);
      const answerOf = (graph: EnvelopeGraph, uploadUrl: string) => ({ document: documentView(graph), uploadUrl });
      const { graph, uploadUrl } = await createDocumentForUpload(ctx, callerOf(request), {
        api: 'v2',
        title: payload.title,
        externalId: payload.externalId,
        visibility: payload.visibility,
        globalAccessAuth: payload.globalAccessAuth,
        globalActionAuth: payload.globalActionAuth,
        formValues: payload.formValues,
        folderId: payload.folderId,
        meta: payload.meta,
        attachments: payload.attachments,
        requestPath: [],
        recipients: documentRecipientsInput(payload.recipients, []),
        // The stored answer is the one the route sends: serialized through its response schema.
        withinTransaction:
          storeAnswer &&
          ((trx, created, url) =>
            storeAnswer(trx, JSON.parse(reply.serialize(answerOf(created, url)) as string) as unknown)),
      });
      return answerOf(graph, uploadUrl);
    },
  );

  r.get(
    '/document/:documentId/download-beta',
    {
      schema: {
        operationId: 'document-downloadBeta',
        summary:
          'A short-lived URL that serves the PDF without the API token: version=signed (default; once COMPLETED, else 409) or original',
        tags,
        params: z.object({ documentId: ZDocumentId }),
        querystring: ZDownloadBetaQuery,
        response: { 200: ZDownloadBetaResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      createDocumentDownloadLink(ctx, principalOf(request), {
        documentId: request.params.documentId,
        version: request.query.version,
        api: 'v2',
      }),
  );

  r.get(
    '/downloads/:link',
    {
      config: { public: true },
      schema: {
        operationId: 'document-download-link',
        summary: 'The PDF behind a download-beta URL (no API token; the URL is the credential)',
        tags,
        security: [],
        params: z.object({ link: z.string().min(16).max(2048) }),
        response: {
          200: {
            description: 'The PDF',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses(404, 409, 410),
        },
      },
    },
    async (request, reply) => sendLinkedPdf(ctx, request.params.link, reply),
  );
}

/**
 * The upload URL of `document/create/beta`: the raw PDF, streamed to staging with the limits of
 * every upload. Registered in a scope of its own, the only v2 one that parses a PDF body.
 */
export function registerDocumentUploadUrlRoute(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  acceptRawPdf(app);

  r.put(
    '/uploads/:token',
    {
      config: { public: true },
      schema: {
        operationId: 'document-upload',
        summary:
          'The PDF of a document made by document/create/beta: raw bytes, Content-Type application/pdf; the URL is the credential (no API token), single use',
        tags,
        security: [],
        params: z.object({ token: z.string().min(16).max(128) }),
        response: { 200: ZUploadResponse, ...errorResponses(404, 409, 410, 413, 415) },
      },
    },
    async (request, reply) => receiveRawPdf(ctx, request.params.token, request, reply),
  );
}
