import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../domain/context.js';
import { documentView } from '../../domain/model/envelope-views.js';
import { tokenRevealFor } from '../../domain/model/signing-links.js';
import { useTemplate, type UseTemplateResult } from '../../domain/templates/use-template.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { answerInTransaction, idempotencyGate } from '../plugins/idempotency.js';
import { documentOnlyValidator, parsePayload, readMultipart } from '../plugins/multipart.js';
import { errorResponses } from '../schemas/common.schema.js';
import { ZDocument } from '../schemas/views.schema.js';
import {
  ZEnvelopeUseBody,
  ZEnvelopeUsePayload,
  ZEnvelopeUseResponse,
  ZTemplateUseBody,
} from './template-use.schema.js';

/** `POST /template/use`: a document from a template, answered in the full document shape. */
export function registerTemplateUseRoute(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/template/use',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'template-createDocumentFromTemplate',
        summary: 'Create a document from a template (and send it with distributeDocument)',
        description:
          'Recipients are mapped onto the template’s by id; prefillFields fill template fields (read-only for the signer, printed in the final PDF).',
        tags: ['Templates'],
        body: ZTemplateUseBody,
        response: { 200: ZDocument, ...errorResponses(404) },
      },
    },
    async (request) => {
      const body = request.body;
      const reveal = tokenRevealFor(ctx, principalOf(request));
      const answerOf = (used: UseTemplateResult) => documentView(used.graph, reveal);
      const storeAnswer = answerInTransaction(ctx, request);
      const swapsPdf = Boolean(body.customDocumentDataId) || (body.customDocumentData?.length ?? 0) > 0;
      const used = await useTemplate(ctx, callerOf(request), {
        template: { documentId: body.templateId },
        recipients: body.recipients,
        distributeDocument: body.distributeDocument,
        externalId: body.externalId,
        folderId: body.folderId,
        override: body.override,
        attachments: body.attachments,
        prefillFields: body.prefillFields,
        formValues: body.formValues,
        customDocument: swapsPdf
          ? { path: [body.customDocumentDataId ? 'customDocumentDataId' : 'customDocumentData'] }
          : undefined,
        requestPath: [],
        withinTransaction: storeAnswer && ((trx, result) => storeAnswer(trx, answerOf(result))),
      });
      return answerOf(used);
    },
  );
}

/** `POST /envelope/use` (multipart, like envelope/create): registered where multipart bodies are parsed. */
export function registerEnvelopeUseRoute(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/envelope/use',
    {
      validatorCompiler: documentOnlyValidator,
      config: { idempotent: 'multipart' },
      schema: {
        operationId: 'envelope-use',
        summary: 'Create a document from a template envelope (and send it with distributeDocument)',
        description:
          'multipart/form-data: a `payload` part (JSON). Replacement `files` are not supported yet. Answers the new envelope’s id and, when distributed, each acting recipient’s private signing URL.',
        tags: ['Envelopes'],
        consumes: ['multipart/form-data'],
        body: ZEnvelopeUseBody,
        response: { 200: ZEnvelopeUseResponse, ...errorResponses(404, 413) },
      },
    },
    async (request, reply) => {
      const body = await readMultipart(ctx, request, ['files', 'files[]']);
      // Replacement files are refused below; their bytes are never kept.
      const fileHashes = body.files.map((f) => f.staged.sha256);
      await Promise.all(body.files.map((f) => f.staged.discard()));
      if (await idempotencyGate(ctx, request, reply, { payload: body.payload, files: fileHashes })) return reply;
      const payload = await parsePayload(ZEnvelopeUsePayload, body);
      const answerOf = (used: UseTemplateResult) => ({ id: used.graph.envelope.publicId, recipients: used.links });
      const storeAnswer = answerInTransaction(ctx, request);
      const swapsPdf = fileHashes.length > 0 || (payload.customDocumentData?.length ?? 0) > 0;
      const used = await useTemplate(ctx, callerOf(request), {
        template: { publicId: payload.envelopeId },
        recipients: payload.recipients ?? [],
        distributeDocument: payload.distributeDocument,
        externalId: payload.externalId,
        folderId: payload.folderId,
        override: payload.override,
        attachments: payload.attachments,
        prefillFields: payload.prefillFields,
        formValues: payload.formValues,
        customDocument: swapsPdf
          ? { path: fileHashes.length > 0 ? ['files'] : ['payload', 'customDocumentData'] }
          : undefined,
        requestPath: ['payload'],
        withinTransaction: storeAnswer && ((trx, result) => storeAnswer(trx, answerOf(result))),
      });
      return answerOf(used);
    },
  );
}
