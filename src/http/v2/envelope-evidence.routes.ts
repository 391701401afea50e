import { z } from 'zod';
import { getAuditLogPdf } from '../../domain/completion/get-audit-log-pdf.js';
import { getCertificate } from '../../domain/completion/get-certificate.js';
import { getCompletionStatus } from '../../domain/completion/get-completion-status.js';
import type { Ctx } from '../../domain/context.js';
import { getEnvelopeGraph } from '../../domain/envelopes/get-envelope.js';
import { defineOperation, pdfAnswer, type OperationRequest } from '../operation.js';
import { principalOf } from '../plugins/authenticate.js';
import { sendPdf } from '../views/send-pdf.js';

const tags = ['Envelopes'];
const ZEnvelopeIdParams = z.object({ envelopeId: z.string().min(1).max(64).describe('The envelope id, `envelope_…`') });

const newCompletionStatus = () =>
  z
    .object({
      envelopeId: z.string(),
      status: z.string(),
      completedAt: z.string().nullable(),
      state: z.enum(['NOT_READY', 'QUEUED', 'RUNNING', 'RETRYING', 'FAILED', 'DONE']),
      attempts: z.number().int(),
      nextAttemptAt: z.string().nullable(),
      lastError: z.string().nullable(),
    })
    .meta({ id: 'CompletionStatus' });
let completionStatus: ReturnType<typeof newCompletionStatus> | undefined;

/**
 * Made on first registration, not on import: a schema's place among the OpenAPI components is the
 * order in which ids are registered, and this one has always come after every imported module's.
 */
function completionStatusSchema() {
  completionStatus ??= newCompletionStatus();
  return completionStatus;
}

/** The envelope the path names, in the caller's platform (404 otherwise). */
function envelopeOf(ctx: Ctx, request: OperationRequest<typeof ZEnvelopeIdParams, undefined, undefined, undefined>) {
  return getEnvelopeGraph(ctx.db, principalOf(request).platformId, { publicId: request.params.envelopeId });
}

/** The evidence of an envelope as files: its completion certificate and its audit log. */
export const envelopeEvidenceOperations = [
  defineOperation({
    method: 'GET',
    url: '/envelope/:envelopeId/certificate/download',
    operationId: 'envelope-certificate-download',
    summary: 'The completion certificate, a separate sealed PDF; 409 until the envelope is COMPLETED or REJECTED',
    tags,
    params: ZEnvelopeIdParams,
    response: pdfAnswer(),
    errors: [404, 409],
    handle: async (ctx, request, reply) => sendPdf(reply, getCertificate(ctx, await envelopeOf(ctx, request))),
  }),

  defineOperation({
    method: 'GET',
    url: '/envelope/:envelopeId/audit-log/download',
    operationId: 'envelope-audit-log-download',
    summary:
      'The audit log so far as a sealed PDF (every entry with time, IP, user agent and its hash; the chain head)',
    tags,
    params: ZEnvelopeIdParams,
    response: pdfAnswer(),
    errors: [404],
    handle: async (ctx, request, reply) => sendPdf(reply, await getAuditLogPdf(ctx, await envelopeOf(ctx, request))),
  }),

  defineOperation({
    method: 'GET',
    url: '/envelope/:envelopeId/completion',
    operationId: 'envelope-completion-status',
    summary:
      'Firma extension: where the envelope is in the completion pipeline (render, seal), with the last error while it is retried',
    tags,
    params: ZEnvelopeIdParams,
    // A getter: see completionStatusSchema.
    get response() {
      return completionStatusSchema();
    },
    errors: [404],
    handle: async (ctx, request) => getCompletionStatus(ctx, await envelopeOf(ctx, request)),
  }),
];
