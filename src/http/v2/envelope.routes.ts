import { recipientLinks, tokenRevealFor } from '../../domain/model/signing-links.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../domain/context.js';
import { cancelEnvelope } from '../../domain/envelopes/cancel-envelope.js';
import { deleteEnvelope } from '../../domain/envelopes/delete-envelope.js';
import { distributeEnvelope } from '../../domain/envelopes/distribute-envelope.js';
import { envelopeView } from '../../domain/model/envelope-views.js';
import { replyEnvelopeView } from '../views/reply-envelope-view.js';
import { findEnvelopes } from '../../domain/envelopes/find-envelopes.js';
import { listAuditLog } from '../../domain/envelopes/list-audit-log.js';
import { redistributeEnvelope } from '../../domain/envelopes/redistribute-envelope.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { errorResponses, ZSuccess } from '../schemas/common.schema.js';
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
export function registerEnvelopeRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/envelope',
    {
      schema: {
        operationId: 'envelope-find',
        summary: 'Find envelopes: filters, newest first, pages of at most 100',
        tags,
        querystring: ZEnvelopeFindQuery,
        response: { 200: ZEnvelopeFindResponse, ...errorResponses() },
      },
    },
    async (request) => {
      const q = request.query;
      return findEnvelopes(ctx, principalOf(request), {
        page: q.page,
        perPage: q.perPage,
        status: q.status,
        type: q.type,
        source: q.source,
        templateId: q.templateId,
        folderId: q.folderId,
        query: q.query,
        hasExpiredRecipients: q.hasExpiredRecipients === undefined ? undefined : q.hasExpiredRecipients === 'true',
        orderByDirection: q.orderByDirection,
      });
    },
  );

  r.get(
    '/envelope/:envelopeId',
    {
      schema: {
        operationId: 'envelope-get',
        summary: 'An envelope with its items, recipients and fields',
        tags,
        params: ZEnvelopeIdParams,
        response: { 200: ZEnvelope, ...errorResponses(404) },
      },
    },
    (request, reply) => {
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
      ) as unknown as void; // TRANSITIONAL until this family is an operation list
    },
  );

  r.post(
    '/envelope/distribute',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'envelope-distribute',
        summary:
          'Send the envelope: DRAFT → PENDING; answers every recipient, each acting one with its private signing URL (a CC with token and signingUrl ""), as Documenso does. Repeating it changes nothing.',
        tags,
        body: ZEnvelopeDistributeBody,
        response: { 200: ZEnvelopeSigningResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const result = await distributeEnvelope(ctx, callerOf(request), {
        key: { publicId: request.body.envelopeId },
        meta: request.body.meta,
      });
      const reveal = tokenRevealFor(ctx, principalOf(request));
      const recipients = recipientLinks(ctx, result.graph.recipients, reveal);
      return { success: true, id: result.graph.envelope.publicId, recipients };
    },
  );

  r.post(
    '/envelope/redistribute',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'envelope-redistribute',
        summary: 'Send the named recipients their link again and renew their expiry (PENDING only)',
        description:
          'Recipients added after distribution get their first link this way. Links already handed out keep working.',
        tags,
        body: ZEnvelopeRedistributeBody,
        response: { 200: ZEnvelopeSigningResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const result = await redistributeEnvelope(ctx, callerOf(request), {
        key: { publicId: request.body.envelopeId },
        recipientIds: request.body.recipients,
      });
      return { success: true, id: result.graph.envelope.publicId, recipients: result.links };
    },
  );

  r.post(
    '/envelope/cancel',
    {
      schema: {
        operationId: 'envelope-cancel',
        summary:
          'Cancel a DRAFT or PENDING envelope: links stop working, recipients are told; cancelling again is 400 ENVELOPE_CANCELLED',
        tags,
        body: ZEnvelopeIdBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      await cancelEnvelope(ctx, callerOf(request), { publicId: request.body.envelopeId });
      return { success: true };
    },
  );

  r.post(
    '/envelope/delete',
    {
      schema: {
        operationId: 'envelope-delete',
        summary: 'Delete an envelope (a PENDING one is cancelled first; evidence of finished ones is kept)',
        tags,
        body: ZEnvelopeIdBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      await deleteEnvelope(ctx, callerOf(request), { publicId: request.body.envelopeId });
      return { success: true };
    },
  );

  r.get(
    '/envelope/:envelopeId/audit-log',
    {
      schema: {
        operationId: 'envelope-audit-log',
        summary: 'The audit log as paged JSON, oldest first by default',
        tags,
        params: ZEnvelopeIdParams,
        querystring: ZAuditLogQuery,
        response: { 200: ZAuditLogResponse, ...errorResponses(404) },
      },
    },
    async (request) =>
      listAuditLog(ctx, principalOf(request), request.params.envelopeId, {
        page: request.query.page,
        perPage: request.query.perPage,
        direction: request.query.orderByDirection,
      }),
  );
}
