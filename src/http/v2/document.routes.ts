import { tokenRevealFor } from '../../domain/model/signing-links.js';
import { z } from 'zod';
import { createEnvelope } from '../../domain/envelopes/create-envelope.js';
import { distributeEnvelope } from '../../domain/envelopes/distribute-envelope.js';
import { downloadItem } from '../../domain/envelopes/download-item.js';
import { documentView } from '../../domain/model/envelope-views.js';
import { getDocumentGraph } from '../../domain/envelopes/get-envelope.js';
import { replyEnvelopeView } from '../views/reply-envelope-view.js';
import { getCertificate } from '../../domain/completion/get-certificate.js';
import { AppError, notFound } from '../../errors.js';
import { callerOf } from '../plugins/caller.js';
import { parsePayload, readMultipart } from '../plugins/multipart.js';
import { principalOf } from '../plugins/authenticate.js';
import { answerInTransaction, idempotencyGate } from '../plugins/idempotency.js';
import { defineOperation, pdfAnswer } from '../operation.js';
import { sendPdf } from '../views/send-pdf.js';
import { ZDocument } from '../schemas/views.schema.js';
import {
  ZDocumentCreateBody,
  ZDocumentCreatePayload,
  ZDocumentCreateResponse,
  ZDocumentDistributeBody,
  ZDocumentDistributeResponse,
  ZDocumentId,
  ZDownloadQuery,
  documentCreationMembers,
  documentRecipientsInput,
} from './document.schema.js';

const tags = ['Documents'];

/** The stable v2 document flow: create (an upload), get, distribute, download, certificate. */
export const documentOperations = [
  defineOperation({
    method: 'POST',
    url: '/document/create',
    operationId: 'document-create',
    summary: 'Create a document from a PDF, with recipients and their fields',
    description:
      'multipart/form-data: a `payload` part (JSON) and a `file` part (the PDF). Field geometry is in percent of the page; pageNumber starts at 1.',
    tags,
    upload: 'multipart',
    idempotent: 'multipart',
    body: ZDocumentCreateBody,
    response: ZDocumentCreateResponse,
    errors: [413],
    handle: async (ctx, request, reply) => {
      const body = await readMultipart(ctx, request, ['file']);
      // The fingerprint of a multipart request: its payload and the SHA-256 of each file, never the
      // raw bytes (whose boundary changes on every call).
      const fingerprint = { payload: body.payload, files: body.files.map((f) => f.staged.sha256) };
      if (
        await idempotencyGate(ctx, request, reply, fingerprint).catch(async (error: unknown) => {
          await Promise.all(body.files.map((f) => f.staged.discard()));
          throw error;
        })
      ) {
        await Promise.all(body.files.map((f) => f.staged.discard()));
        return reply;
      }
      const payload = await parsePayload(ZDocumentCreatePayload, body);
      if (body.files.length !== 1) {
        await Promise.all(body.files.map((f) => f.staged.discard()));
        throw new AppError('INVALID_MULTIPART', 'Send exactly one PDF in the "file" part', {
          issues: [{ message: 'file: Required', path: ['file'] }],
        });
      }
      const file = { ...body.files[0]!, title: payload.title };
      const answerOf = (g: Awaited<ReturnType<typeof createEnvelope>>) => ({
        id: g.envelope.id,
        envelopeId: g.envelope.publicId,
      });
      const storeAnswer = answerInTransaction(ctx, request);
      const graph = await createEnvelope(ctx, callerOf(request), {
        type: 'DOCUMENT',
        ...documentCreationMembers(payload),
        files: [file],
        recipients: documentRecipientsInput(payload.recipients, ['payload']),
        withinTransaction: storeAnswer && ((trx, created) => storeAnswer(trx, answerOf(created))),
      });
      return answerOf(graph);
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/document/:documentId',
    operationId: 'document-get',
    summary: 'A document with its status, recipients and fields (never the PDF bytes)',
    tags,
    params: z.object({ documentId: ZDocumentId }),
    response: ZDocument,
    errors: [404],
    handle: (ctx, request, reply) => {
      const principal = principalOf(request);
      const reveal = tokenRevealFor(ctx, principal);
      return replyEnvelopeView(
        ctx,
        request,
        reply,
        principal.platformId,
        { documentId: request.params.documentId },
        // Two cached renderings: with signing tokens (see tokenRevealFor) and without.
        reveal ? 'document:with-tokens' : 'document',
        (graph) => {
          // A template is not a document here (template/{id} serves it); types never change, so
          // a template is never cached under this variant.
          if (graph.envelope.type !== 'DOCUMENT') throw notFound('Document');
          return documentView(graph, reveal);
        },
      );
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/document/distribute',
    operationId: 'document-distribute',
    summary: 'Send the document for signing (DRAFT → PENDING); repeating it on a PENDING document changes nothing',
    tags,
    idempotent: 'json',
    body: ZDocumentDistributeBody,
    response: ZDocumentDistributeResponse,
    errors: [404],
    handle: async (ctx, request) => {
      const { documentId, meta, includeSigningUrls } = request.body;
      const result = await distributeEnvelope(ctx, callerOf(request), { key: { documentId }, meta });
      const { recipients: _recipients, fields: _fields, ...lite } = documentView(result.graph);
      if (!includeSigningUrls) return lite;
      return { ...lite, recipients: result.links.map(({ token: _token, ...link }) => link) };
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/document/:documentId/download',
    operationId: 'document-download',
    summary: 'The final PDF (version=signed, the default, once COMPLETED) or the upload (version=original)',
    tags,
    params: z.object({ documentId: ZDocumentId }),
    query: ZDownloadQuery,
    response: pdfAnswer(),
    errors: [404, 409],
    handle: async (ctx, request, reply) => {
      const graph = await getDocumentGraph(ctx.db, principalOf(request).platformId, request.params.documentId);
      const item = graph.items[0];
      if (!item) throw new AppError('ENVELOPE_HAS_NO_DOCUMENT', 'The document has no PDF yet');
      return sendPdf(reply, await downloadItem(ctx, graph, item, request.query.version));
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/document/:documentId/certificate',
    operationId: 'document-certificate',
    summary: 'The completion certificate, a separate sealed PDF; 409 while DRAFT or PENDING',
    tags,
    params: z.object({ documentId: ZDocumentId }),
    response: pdfAnswer(),
    errors: [404, 409],
    handle: async (ctx, request, reply) => {
      const graph = await getDocumentGraph(ctx.db, principalOf(request).platformId, request.params.documentId);
      return sendPdf(reply, getCertificate(ctx, graph));
    },
  }),
];
