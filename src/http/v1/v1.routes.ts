import { z } from 'zod';
import type { Ctx } from '../../domain/context.js';
import { distributeEnvelope } from '../../domain/envelopes/distribute-envelope.js';
import { findDocuments } from '../../domain/envelopes/find-documents.js';
import { getEnvelopeGraph, type EnvelopeGraph, type FieldRow } from '../../domain/envelopes/get-envelope.js';
import { fieldMembers } from '../../domain/model/field-view.js';
import { signingLinks, tokenRevealFor, type TokenReveal } from '../../domain/model/signing-links.js';
import { addV1Fields } from '../../domain/v1/add-v1-fields.js';
import { createDocumentForUpload } from '../../domain/envelopes/create-document-for-upload.js';
import { createDownloadUrl } from '../../domain/model/download-link.js';
import { AppError, notFound } from '../../errors.js';
import { pick } from '../../lib/pick.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { receiveRawPdf, sendLinkedPdf } from '../plugins/capability-urls.js';
import { defineOperation, pdfAnswer } from '../operation.js';
import {
  ZV1CreateBody,
  ZV1CreateResponse,
  ZV1Document,
  ZV1DocumentParams,
  ZV1DownloadResponse,
  ZV1FieldsBody,
  ZV1FieldsResponse,
  ZV1ListQuery,
  ZV1ListResponse,
  ZV1SendBody,
  ZV1SendResponse,
} from './v1.schema.js';

const tags = ['Documents (v1)'];

/** v1 knows documents only: a template's id is not found here, as in the v1 list. */
async function v1DocumentGraph(ctx: Ctx, platformId: number, documentId: number) {
  const graph = await getEnvelopeGraph(ctx.db, platformId, { documentId });
  if (graph.envelope.type !== 'DOCUMENT') throw notFound('Document');
  return graph;
}

/**
 * The legacy v1 API: an adapter over the same domain use cases as v2 (create, distribute,
 * download), with v1's shapes. The only v1-specific pieces are the upload URL and the download
 * link, which are capabilities Firma issues itself. Registered in list order (the upload URL
 * second, where v1's document lists it): see registerOperationsInPlace.
 */
export const v1Operations = [
  defineOperation({
    method: 'POST',
    url: '/documents',
    operationId: 'v1-document-create',
    summary: 'Create a document; PUT its PDF to the answered uploadUrl',
    tags,
    idempotent: 'json',
    body: ZV1CreateBody,
    response: ZV1CreateResponse,
    handle: async (ctx, request) => {
      const body = request.body;
      const { graph, uploadUrl } = await createDocumentForUpload(ctx, callerOf(request), {
        api: 'v1',
        title: body.title,
        externalId: body.externalId,
        meta: body.meta,
        folderId: body.folderId,
        requestPath: [],
        recipients: body.recipients.map((recipient, i) => ({
          ...recipient,
          accessAuth: [],
          actionAuth: [],
          path: ['recipients', i],
        })),
      });
      return {
        documentId: graph.envelope.id,
        externalId: graph.envelope.externalId,
        uploadUrl,
        recipients: graph.recipients.map(v1Recipient),
      };
    },
  }),

  // The upload is the raw PDF: streamed to staging, never buffered (the size limit applies while streaming).
  defineOperation({
    method: 'PUT',
    url: '/uploads/:token',
    operationId: 'v1-upload',
    summary:
      'The PDF of a v1 document: raw bytes, Content-Type application/pdf; the URL is the credential (no API token), single use',
    tags,
    public: true,
    upload: 'raw-pdf',
    params: z.object({ token: z.string().min(16).max(128) }),
    response: z.object({ documentId: z.number().int(), pageCount: z.number().int() }),
    errors: [404, 409, 410, 413, 415],
    handle: (ctx, request, reply) => receiveRawPdf(ctx, request.params.token, request, reply),
  }),

  defineOperation({
    method: 'POST',
    url: '/documents/:id/fields',
    operationId: 'v1-fields-create',
    summary: 'Add one field or many; pageWidth/pageHeight are the field size in percent of the page',
    tags,
    idempotent: 'json',
    params: ZV1DocumentParams,
    body: ZV1FieldsBody,
    response: ZV1FieldsResponse,
    errors: [404],
    handle: async (ctx, request) => {
      const fields = await addV1Fields(
        ctx,
        callerOf(request),
        request.params.id,
        Array.isArray(request.body) ? request.body : [request.body],
      );
      return { documentId: request.params.id, fields: fields.map(v1Field) };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/documents/:id/send',
    operationId: 'v1-document-send',
    summary: 'Send the document (sendEmail: false → Firma mails nothing; use the signingUrls)',
    tags,
    idempotent: 'json',
    params: ZV1DocumentParams,
    body: ZV1SendBody,
    response: ZV1SendResponse,
    errors: [404],
    handle: async (ctx, request) => {
      const { sendEmail, sendCompletionEmails } = request.body;
      // With sendEmail false Firma mails nothing at all, so completion mails cannot be asked for.
      if (!sendEmail && sendCompletionEmails === true) {
        throw new AppError(
          'VALIDATION_ERROR',
          'sendCompletionEmails needs sendEmail: with sendEmail false Firma sends no mail',
          { issues: [{ path: ['sendCompletionEmails'], message: 'sendCompletionEmails: true needs sendEmail: true' }] },
        );
      }
      const result = await distributeEnvelope(ctx, callerOf(request), {
        key: { documentId: request.params.id },
        meta: { distributionMethod: sendEmail ? 'EMAIL' : 'NONE' },
        ...(sendCompletionEmails !== undefined
          ? { emailSettings: { documentCompleted: sendCompletionEmails, ownerDocumentCompleted: sendCompletionEmails } }
          : {}),
      });
      return {
        message: result.alreadyDistributed ? 'Document was already sent' : 'Document sent',
        ...v1Document(ctx, result.graph, tokenRevealFor(ctx, principalOf(request))),
      };
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/documents/:id',
    operationId: 'v1-document-get',
    summary: 'A document with its recipients and fields',
    tags,
    params: ZV1DocumentParams,
    response: ZV1Document,
    errors: [404],
    handle: async (ctx, request) => {
      const principal = principalOf(request);
      const graph = await v1DocumentGraph(ctx, principal.platformId, request.params.id);
      return v1Document(ctx, graph, tokenRevealFor(ctx, principal));
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/documents',
    operationId: 'v1-document-list',
    summary: 'Documents, newest first',
    tags,
    query: ZV1ListQuery,
    response: ZV1ListResponse,
    handle: async (ctx, request) => {
      const page = await findDocuments(ctx, principalOf(request), {
        page: request.query.page,
        perPage: request.query.perPage,
        folderId: request.query.folderId,
        orderByDirection: 'desc',
      });
      return {
        documents: page.data.map((d) => ({ ...v1Summary({ ...d, platformId: d.userId }), teamId: d.teamId })),
        totalPages: page.totalPages,
      };
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/documents/:id/download',
    operationId: 'v1-document-download',
    summary: 'When COMPLETED: a short-lived URL serving the sealed PDF without the API token (409 before)',
    tags,
    params: ZV1DocumentParams,
    response: ZV1DownloadResponse,
    errors: [404, 409],
    handle: async (ctx, request) => {
      const principal = principalOf(request);
      const graph = await v1DocumentGraph(ctx, principal.platformId, request.params.id);
      if (graph.envelope.status !== 'COMPLETED')
        throw new AppError(
          'DOCUMENT_NOT_COMPLETED',
          `The document is ${graph.envelope.status}; the download exists once it is COMPLETED`,
        );
      return {
        downloadUrl: createDownloadUrl(ctx, {
          documentId: graph.envelope.id,
          platformId: principal.platformId,
          version: 'signed',
          api: 'v1',
        }),
      };
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/downloads/:link',
    operationId: 'v1-download',
    summary: 'The sealed PDF behind a download URL (no API token; the URL is the credential)',
    tags,
    public: true,
    params: z.object({ link: z.string().min(16).max(2048) }),
    response: pdfAnswer('The sealed PDF'),
    errors: [404, 410],
    handle: (ctx, request, reply) => sendLinkedPdf(ctx, request.params.link, reply),
  }),
];

function v1Recipient(r: EnvelopeGraph['recipients'][number]) {
  return {
    recipientId: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    signingOrder: r.signingOrder,
    signingStatus: r.signingStatus,
    cuil: r.cuil,
  };
}

/** The v2 field's members (the one field presenter), with v1's `documentId`: the envelope's number. */
function v1Field(f: FieldRow) {
  return {
    ...pick(fieldMembers(f), V1_FIELD_MEMBERS),
    documentId: f.envelopeId,
  };
}
const V1_FIELD_MEMBERS = [
  'id',
  'recipientId',
  'type',
  'page',
  'positionX',
  'positionY',
  'width',
  'height',
  'customText',
  'inserted',
  'fieldMeta',
] as const;

/** The document members every v1 answer shares. */
function v1Summary(
  e: Pick<
    EnvelopeGraph['envelope'],
    'id' | 'externalId' | 'platformId' | 'title' | 'status' | 'createdAt' | 'updatedAt' | 'completedAt' | 'folderId'
  >,
) {
  return {
    id: e.id,
    externalId: e.externalId,
    userId: e.platformId,
    teamId: e.platformId,
    folderId: e.folderId,
    title: e.title,
    status: e.status,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    completedAt: e.completedAt,
  };
}

/** `reveal`: the caller's (tokenRevealFor); without one every signingUrl is null. */
function v1Document(ctx: Ctx, g: EnvelopeGraph, reveal: TokenReveal | undefined) {
  const e = g.envelope;
  const links = new Map(
    e.status === 'PENDING' && reveal ? signingLinks(ctx, g.recipients, reveal).map((l) => [l.id, l.signingUrl]) : [],
  );
  return {
    ...v1Summary(e),
    recipients: g.recipients.map((r) => ({ ...v1Recipient(r), signingUrl: links.get(r.id) ?? null })),
    fields: g.fields.map(v1Field),
  };
}
