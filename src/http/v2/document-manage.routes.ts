import { z } from 'zod';
import { createDocumentForUpload } from '../../domain/envelopes/create-document-for-upload.js';
import { deleteEnvelope } from '../../domain/envelopes/delete-envelope.js';
import { createDocumentDownloadLink } from '../../domain/envelopes/download-link.js';
import { duplicateEnvelope } from '../../domain/envelopes/duplicate-envelope.js';
import { findDocuments, getManyDocuments } from '../../domain/envelopes/find-documents.js';
import { getEnvelopeGraph, type EnvelopeGraph } from '../../domain/envelopes/get-envelope.js';
import { updateEnvelopeData } from '../../domain/envelopes/manage-items.js';
import { redistributeEnvelope } from '../../domain/envelopes/redistribute-envelope.js';
import { resolveDocument } from '../../domain/envelopes/resolve-document.js';
import { documentView } from '../../domain/model/envelope-views.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { answerInTransaction } from '../plugins/idempotency.js';
import { receiveRawPdf, sendLinkedPdf } from '../plugins/capability-urls.js';
import { defineOperation, pdfAnswer } from '../operation.js';
import { ZSuccess } from '../schemas/common.schema.js';
import {
  documentCreationMembers,
  documentRecipientsInput,
  ZDocumentCreatePayload,
  ZDocumentId,
} from './document.schema.js';
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
 * by documentId: the upload URL of the JSON creation (the only v2 route that parses a raw PDF
 * body), find, get-many, update, delete, duplicate, redistribute, the JSON creation whose PDF
 * follows at that upload URL, and the download link.
 */
export const documentManageOperations = [
  defineOperation({
    method: 'PUT',
    url: '/uploads/:token',
    operationId: 'document-upload',
    summary:
      'The PDF of a document made by document/create/beta: raw bytes, Content-Type application/pdf; the URL is the credential (no API token), single use',
    tags,
    public: true,
    upload: 'raw-pdf',
    params: z.object({ token: z.string().min(16).max(128) }),
    response: ZUploadResponse,
    errors: [404, 409, 410, 413, 415],
    handle: (ctx, request, reply) => receiveRawPdf(ctx, request.params.token, request, reply),
  }),

  defineOperation({
    method: 'GET',
    url: '/document',
    operationId: 'document-find',
    summary: 'Find documents: filters, newest first, pages of at most 100',
    tags,
    query: ZDocumentFindQuery,
    response: ZDocumentFindResponse,
    handle: (ctx, request) => {
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
  }),

  defineOperation({
    method: 'POST',
    url: '/document/get-many',
    operationId: 'document-getMany',
    summary: "Several documents by documentId (unknown ids, templates and other platforms' ids are left out)",
    tags,
    body: ZDocumentGetManyBody,
    response: ZDocumentGetManyResponse,
    handle: async (ctx, request) => ({
      data: await getManyDocuments(ctx, principalOf(request), request.body.documentIds),
    }),
  }),

  defineOperation({
    method: 'POST',
    url: '/document/update',
    operationId: 'document-update',
    summary:
      'Change the title, externalId or meta of a DRAFT or PENDING document (signingOrder and distributionMethod only while DRAFT)',
    tags,
    body: ZDocumentUpdateBody,
    response: ZDocumentUpdateResponse,
    errors: [404],
    handle: async (ctx, request) => {
      const { documentId, data = {}, meta } = request.body;
      const { useLegacyFieldInsertion, ...envelopeData } = data;
      const caller = callerOf(request);
      await resolveDocument(ctx, caller.principal.platformId, { documentId });
      await updateEnvelopeData(
        ctx,
        caller,
        documentId,
        { ...envelopeData, legacyFieldInsertion: useLegacyFieldInsertion },
        meta,
      );
      return documentView(await getEnvelopeGraph(ctx.db, caller.principal.platformId, { documentId }));
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/document/delete',
    operationId: 'document-delete',
    summary: 'Delete a document (a DRAFT or PENDING one is cancelled first; evidence of finished ones is kept)',
    tags,
    body: ZDocumentIdBody,
    response: ZSuccess,
    errors: [404],
    handle: async (ctx, request) => {
      await resolveDocument(ctx, principalOf(request).platformId, { documentId: request.body.documentId });
      await deleteEnvelope(ctx, callerOf(request), { documentId: request.body.documentId });
      return { success: true };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/document/duplicate',
    operationId: 'document-duplicate',
    summary: 'A new DRAFT with the same PDF, attachments, meta, recipients and empty fields',
    tags,
    idempotent: 'json',
    body: ZDocumentIdBody,
    response: ZDocumentDuplicateResponse,
    errors: [404],
    handle: async (ctx, request) => {
      await resolveDocument(ctx, principalOf(request).platformId, { documentId: request.body.documentId });
      const copy = await duplicateEnvelope(ctx, callerOf(request), { documentId: request.body.documentId });
      return { id: copy.publicId, documentId: copy.id };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/document/redistribute',
    operationId: 'document-redistribute',
    summary: 'Send the named recipients their link again and renew their expiry (PENDING only)',
    tags,
    idempotent: 'json',
    body: ZDocumentRedistributeBody,
    response: ZSuccess,
    errors: [404],
    handle: async (ctx, request) => {
      await redistributeEnvelope(ctx, callerOf(request), {
        key: { documentId: request.body.documentId },
        recipientIds: request.body.recipients,
      });
      return { success: true };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/document/create/beta',
    operationId: 'document-createDocumentTemporary',
    summary: 'Create a DRAFT document from JSON; PUT its PDF to the answered uploadUrl',
    description:
      'The payload of document/create, as JSON. Fields are checked now as far as they can be without the PDF and placed when it arrives: a PDF without the pages they name is refused (FIELD_OUT_OF_BOUNDS) and the document stays without a PDF. Distributing before the PDF arrived is 400 ENVELOPE_HAS_NO_DOCUMENT.',
    tags,
    idempotent: 'json',
    body: ZDocumentCreatePayload,
    response: ZDocumentCreateBetaResponse,
    handle: async (ctx, request, reply) => {
      const payload = request.body;
      const storeAnswer = answerInTransaction(ctx, request);
      const answerOf = (graph: EnvelopeGraph, uploadUrl: string) => ({ document: documentView(graph), uploadUrl });
      const { graph, uploadUrl } = await createDocumentForUpload(ctx, callerOf(request), {
        api: 'v2',
        ...documentCreationMembers(payload),
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
  }),

  defineOperation({
    method: 'GET',
    url: '/document/:documentId/download-beta',
    operationId: 'document-downloadBeta',
    summary:
      'A short-lived URL that serves the PDF without the API token: version=signed (default; once COMPLETED, else 409) or original',
    tags,
    params: z.object({ documentId: ZDocumentId }),
    query: ZDownloadBetaQuery,
    response: ZDownloadBetaResponse,
    errors: [404, 409],
    handle: (ctx, request) =>
      createDocumentDownloadLink(ctx, principalOf(request), {
        documentId: request.params.documentId,
        version: request.query.version,
        api: 'v2',
      }),
  }),

  defineOperation({
    method: 'GET',
    url: '/downloads/:link',
    operationId: 'document-download-link',
    summary: 'The PDF behind a download-beta URL (no API token; the URL is the credential)',
    tags,
    public: true,
    params: z.object({ link: z.string().min(16).max(2048) }),
    response: pdfAnswer(),
    errors: [404, 409, 410],
    handle: (ctx, request, reply) => sendLinkedPdf(ctx, request.params.link, reply),
  }),
];
