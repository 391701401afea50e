import type { FastifyRequest } from 'fastify';
import { downloadMemberFile } from '../../domain/app-documents/download-member-file.js';
import { findMemberEnvelopes } from '../../domain/app-documents/find-member-envelopes.js';
import { getMemberEnvelope } from '../../domain/app-documents/get-member-envelope.js';
import { memberCaller } from '../../domain/app-documents/member-caller.js';
import { runMemberAction, type MemberAction } from '../../domain/app-documents/run-member-action.js';
import type { Ctx } from '../../domain/context.js';
import { defineOperation, pdfAnswer, type Operation } from '../operation.js';
import { requestMeta } from '../plugins/caller.js';
import { sendPdf } from '../views/send-pdf.js';
import { ZPlatformParams } from './app.schema.js';
import {
  ZAppDone,
  ZAppDownloadParams,
  ZAppDownloadQuery,
  ZAppEnvelopeDetail,
  ZAppEnvelopeList,
  ZAppEnvelopeParams,
  ZAppEnvelopeQuery,
  ZAppListQuery,
  ZAppResendBody,
} from './documents.schema.js';
import { accountOf } from './session-auth.js';

const tags = ['Documents'];

type EnvelopeType = 'DOCUMENT' | 'TEMPLATE';
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The member acting on the platform the path names (404 when they are not one of its members). */
const callerFor = (ctx: Ctx, request: FastifyRequest<{ Params: { platformId: number } }>) =>
  memberCaller(ctx, accountOf(request), request.params.platformId, requestMeta(request));

/** The list and page operations of documents or templates (the same rules, another type). */
function readOperations(type: EnvelopeType, path: 'documents' | 'templates', noun: string): Operation[] {
  return [
    defineOperation({
      method: 'GET',
      url: `/platforms/:platformId/${path}`,
      operationId: `app-list${capitalised(path)}`,
      summary: `The ${noun}s of a platform the member may see, newest first, searched and filtered, a page at a time`,
      description:
        'Visibility decides: ADMIN sees all; MANAGER what is for EVERYONE or MANAGER_AND_ABOVE; MEMBER what is for EVERYONE; anyone what they own or are a recipient of.',
      tags,
      params: ZPlatformParams,
      query: ZAppListQuery,
      response: ZAppEnvelopeList,
      errors: [404],
      handle: async (ctx, request) => findMemberEnvelopes(ctx, await callerFor(ctx, request), type, request.query),
    }),
    defineOperation({
      method: 'GET',
      url: `/platforms/:platformId/${path}/:envelopeId`,
      operationId: `app-get${capitalised(noun)}`,
      summary: `A ${noun} with its recipients’ status and times, its files and its audit trail in words`,
      tags,
      params: ZAppEnvelopeParams,
      query: ZAppEnvelopeQuery,
      response: ZAppEnvelopeDetail,
      errors: [404],
      handle: async (ctx, request) =>
        getMemberEnvelope(ctx, await callerFor(ctx, request), request.params.envelopeId, type, request.query.language),
    }),
  ];
}

/** An action operation: POST (or DELETE) on the envelope, through the API's own use case. */
function actionOperation(
  type: EnvelopeType,
  path: 'documents' | 'templates',
  verb: string,
  summary: string,
  action: MemberAction,
): Operation {
  return defineOperation({
    method: verb === 'delete' ? 'DELETE' : 'POST',
    url: `/platforms/:platformId/${path}/:envelopeId${verb === 'delete' ? '' : `/${verb}`}`,
    operationId: `app-${verb}${capitalised(path.slice(0, -1))}`,
    summary,
    tags,
    params: ZAppEnvelopeParams,
    response: ZAppDone,
    errors: [404, 409],
    handle: async (ctx, request) =>
      runMemberAction(ctx, await callerFor(ctx, request), request.params.envelopeId, type, action),
  });
}

/**
 * The web app's documents and templates: lists, the document page, its actions and downloads, for
 * a platform's members, as visibility allows (another platform, or what they may not see: 404 and
 * nothing changes). Every action runs the use case the API runs, so both do the same thing.
 */
export const documentOperations: Operation[] = [
  ...readOperations('DOCUMENT', 'documents', 'document'),
  actionOperation('DOCUMENT', 'documents', 'distribute', 'Send a draft to its recipients', { kind: 'distribute' }),
  defineOperation({
    method: 'POST',
    url: '/platforms/:platformId/documents/:envelopeId/resend',
    operationId: 'app-resendDocument',
    summary: 'Remind: send the link again (and renew its expiry) to the recipients named, or to everyone still to act',
    tags,
    params: ZAppEnvelopeParams,
    body: ZAppResendBody,
    response: ZAppDone,
    errors: [404],
    handle: async (ctx, request) =>
      runMemberAction(ctx, await callerFor(ctx, request), request.params.envelopeId, 'DOCUMENT', {
        kind: 'resend',
        recipientIds: request.body.recipientIds,
      }),
  }),
  actionOperation('DOCUMENT', 'documents', 'cancel', 'Cancel a draft or pending document', { kind: 'cancel' }),
  actionOperation('DOCUMENT', 'documents', 'duplicate', 'Copy a document as a new draft owned by the member', {
    kind: 'duplicate',
  }),
  actionOperation('DOCUMENT', 'documents', 'delete', 'Delete a document (a pending one is cancelled first)', {
    kind: 'delete',
  }),
  defineOperation({
    method: 'GET',
    url: '/platforms/:platformId/documents/:envelopeId/files/:file',
    operationId: 'app-downloadDocumentFile',
    summary: 'Download the original upload, the sealed PDF (once final) or the completion certificate',
    tags,
    params: ZAppDownloadParams,
    query: ZAppDownloadQuery,
    response: pdfAnswer(),
    errors: [404, 409],
    handle: async (ctx, request, reply) => {
      const { envelopeId, file } = request.params;
      const caller = await callerFor(ctx, request);
      return sendPdf(reply, await downloadMemberFile(ctx, caller, envelopeId, file, request.query.itemId));
    },
  }),
  ...readOperations('TEMPLATE', 'templates', 'template'),
  actionOperation('TEMPLATE', 'templates', 'duplicate', 'Copy a template as a new one owned by the member', {
    kind: 'duplicate',
  }),
  actionOperation('TEMPLATE', 'templates', 'delete', 'Delete a template (documents made from it stay)', {
    kind: 'delete',
  }),
];
