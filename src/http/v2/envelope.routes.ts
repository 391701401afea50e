import { recipientLinks, tokenRevealFor } from '../../domain/model/signing-links.js';
import { cancelEnvelope } from '../../domain/envelopes/cancel-envelope.js';
import { deleteEnvelope } from '../../domain/envelopes/delete-envelope.js';
import { distributeEnvelope } from '../../domain/envelopes/distribute-envelope.js';
import { envelopeView } from '../../domain/model/envelope-views.js';
import { replyEnvelopeView } from '../views/reply-envelope-view.js';
import { findEnvelopes } from '../../domain/envelopes/find-envelopes.js';
import { listAuditLog } from '../../domain/envelopes/list-audit-log.js';
import { redistributeEnvelope } from '../../domain/envelopes/redistribute-envelope.js';
import { defineOperation } from '../operation.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { ZSuccess } from '../schemas/common.schema.js';
import {
  ZAuditLogQuery,
  ZAuditLogResponse,
  ZEnvelope,
  ZEnvelopeDistributeBody,
  ZEnvelopeFindQuery,
  ZEnvelopeFindResponse,
  ZEnvelopeIdBody,
  ZEnvelopeIdParams,
  ZEnvelopeRedistributeBody,
  ZEnvelopeSigningResponse,
} from './envelope.schema.js';

const tags = ['Envelopes'];

/** The envelope lifecycle: read, find, distribute, redistribute, cancel, delete, audit log. */
export const envelopeOperations = [
  defineOperation({
    method: 'GET',
    url: '/envelope',
    operationId: 'envelope-find',
    summary: 'Find envelopes: filters, newest first, pages of at most 100',
    tags,
    query: ZEnvelopeFindQuery,
    response: ZEnvelopeFindResponse,
    handle: (ctx, request) => {
      const { hasExpiredRecipients, orderByColumn: _orderByColumn, ...filters } = request.query;
      return findEnvelopes(ctx, principalOf(request), {
        ...filters,
        hasExpiredRecipients: hasExpiredRecipients === undefined ? undefined : hasExpiredRecipients === 'true',
      });
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/envelope/:envelopeId',
    operationId: 'envelope-get',
    summary: 'An envelope with its items, recipients and fields',
    tags,
    params: ZEnvelopeIdParams,
    response: ZEnvelope,
    errors: [404],
    handle: (ctx, request, reply) => {
      const principal = principalOf(request);
      const reveal = tokenRevealFor(ctx, principal);
      return replyEnvelopeView(
        ctx,
        request,
        reply,
        principal.platformId,
        { publicId: request.params.envelopeId },
        // Two cached renderings: with signing tokens (see tokenRevealFor) and without.
        reveal ? 'envelope:with-tokens' : 'envelope',
        (graph) => envelopeView(graph, principal.platformName, reveal),
      );
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/distribute',
    operationId: 'envelope-distribute',
    summary:
      'Send the envelope: DRAFT → PENDING; answers every recipient, each acting one with its private signing URL (a CC with token and signingUrl ""), as Documenso does. Repeating it changes nothing.',
    tags,
    idempotent: 'json',
    body: ZEnvelopeDistributeBody,
    response: ZEnvelopeSigningResponse,
    errors: [404],
    handle: async (ctx, request) => {
      const result = await distributeEnvelope(ctx, callerOf(request), {
        key: { publicId: request.body.envelopeId },
        meta: request.body.meta,
      });
      const reveal = tokenRevealFor(ctx, principalOf(request));
      const recipients = recipientLinks(ctx, result.graph.recipients, reveal);
      return { success: true, id: result.graph.envelope.publicId, recipients };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/redistribute',
    operationId: 'envelope-redistribute',
    summary: 'Send the named recipients their link again and renew their expiry (PENDING only)',
    description:
      'Recipients added after distribution get their first link this way. Links already handed out keep working.',
    tags,
    idempotent: 'json',
    body: ZEnvelopeRedistributeBody,
    response: ZEnvelopeSigningResponse,
    errors: [404],
    handle: async (ctx, request) => {
      const result = await redistributeEnvelope(ctx, callerOf(request), {
        key: { publicId: request.body.envelopeId },
        recipientIds: request.body.recipients,
      });
      return { success: true, id: result.graph.envelope.publicId, recipients: result.links };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/cancel',
    operationId: 'envelope-cancel',
    summary:
      'Cancel a DRAFT or PENDING envelope: links stop working, recipients are told; cancelling again is 400 ENVELOPE_CANCELLED',
    tags,
    body: ZEnvelopeIdBody,
    response: ZSuccess,
    errors: [404],
    handle: async (ctx, request) => {
      await cancelEnvelope(ctx, callerOf(request), { publicId: request.body.envelopeId });
      return { success: true };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/delete',
    operationId: 'envelope-delete',
    summary: 'Delete an envelope (a PENDING one is cancelled first; evidence of finished ones is kept)',
    tags,
    body: ZEnvelopeIdBody,
    response: ZSuccess,
    errors: [404],
    handle: async (ctx, request) => {
      await deleteEnvelope(ctx, callerOf(request), { publicId: request.body.envelopeId });
      return { success: true };
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/envelope/:envelopeId/audit-log',
    operationId: 'envelope-audit-log',
    summary: 'The audit log as paged JSON, oldest first by default',
    tags,
    params: ZEnvelopeIdParams,
    query: ZAuditLogQuery,
    response: ZAuditLogResponse,
    errors: [404],
    handle: (ctx, request) =>
      listAuditLog(ctx, principalOf(request), request.params.envelopeId, {
        page: request.query.page,
        perPage: request.query.perPage,
        direction: request.query.orderByDirection,
      }),
  }),
];
