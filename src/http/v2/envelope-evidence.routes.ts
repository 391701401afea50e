import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAuditLogPdf } from '../../domain/completion/get-audit-log-pdf.js';
import { getCertificate } from '../../domain/completion/get-certificate.js';
import { getCompletionStatus } from '../../domain/completion/get-completion-status.js';
import type { Ctx } from '../../domain/context.js';
import { getEnvelopeGraph } from '../../domain/envelopes/get-envelope.js';
import { principalOf } from '../plugins/authenticate.js';
import { errorResponses } from '../schemas/common.schema.js';
import { sendPdf } from '../views/send-pdf.js';

const PDF_RESPONSE = {
  200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
};
const ZEnvelopeIdParams = z.object({ envelopeId: z.string().min(1).max(64).describe('The envelope id, `envelope_…`') });

/** The evidence of an envelope as files: its completion certificate and its audit log. */
export function registerEnvelopeEvidenceRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/envelope/:envelopeId/certificate/download',
    {
      schema: {
        operationId: 'envelope-certificate-download',
        summary: 'The completion certificate, a separate sealed PDF; 409 until the envelope is COMPLETED or REJECTED',
        tags: ['Envelopes'],
        params: ZEnvelopeIdParams,
        response: { ...PDF_RESPONSE, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const graph = await getEnvelopeGraph(ctx.db, principalOf(request).platformId, {
        publicId: request.params.envelopeId,
      });
      return sendPdf(reply, getCertificate(ctx, graph));
    },
  );

  r.get(
    '/envelope/:envelopeId/audit-log/download',
    {
      schema: {
        operationId: 'envelope-audit-log-download',
        summary:
          'The audit log so far as a sealed PDF (every entry with time, IP, user agent and its hash; the chain head)',
        tags: ['Envelopes'],
        params: ZEnvelopeIdParams,
        response: { ...PDF_RESPONSE, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const graph = await getEnvelopeGraph(ctx.db, principalOf(request).platformId, {
        publicId: request.params.envelopeId,
      });
      return sendPdf(reply, await getAuditLogPdf(ctx, graph));
    },
  );

  r.get(
    '/envelope/:envelopeId/completion',
    {
      schema: {
        operationId: 'envelope-completion-status',
        summary:
          'Firma extension: where the envelope is in the completion pipeline (render, seal), with the last error while it is retried',
        tags: ['Envelopes'],
        params: ZEnvelopeIdParams,
        response: {
          200: z
            .object({
              envelopeId: z.string(),
              status: z.string(),
              completedAt: z.string().nullable(),
              state: z.enum(['NOT_READY', 'QUEUED', 'RUNNING', 'RETRYING', 'FAILED', 'DONE']),
              attempts: z.number().int(),
              nextAttemptAt: z.string().nullable(),
              lastError: z.string().nullable(),
            })
            .meta({ id: 'CompletionStatus' }),
          ...errorResponses(404),
        },
      },
    },
    async (request) => {
      const graph = await getEnvelopeGraph(ctx.db, principalOf(request).platformId, {
        publicId: request.params.envelopeId,
      });
      return getCompletionStatus(ctx, graph);
    },
  );
}
