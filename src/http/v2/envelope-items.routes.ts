import { recordIdList } from '../../lib/record-id.js';
import { tokenRevealFor } from '../../domain/model/signing-links.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../domain/context.js';
import { createEnvelope } from '../../domain/envelopes/create-envelope.js';
import {
  createItems,
  deleteItem,
  downloadEnvelopeItem,
  updateEnvelopeData,
  updateItems,
} from '../../domain/envelopes/manage-items.js';
import { duplicateEnvelope } from '../../domain/envelopes/duplicate-envelope.js';
import { envelopeView } from '../../domain/model/envelope-views.js';
import { getEnvelopeGraph } from '../../domain/envelopes/get-envelope.js';
import { AppError } from '../../errors.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { answerInTransaction, idempotencyGate } from '../plugins/idempotency.js';
import { documentOnlyValidator, parsePayload, readMultipart } from '../plugins/multipart.js';
import { errorResponses, ZSuccess } from '../schemas/common.schema.js';
import { sendPdf } from '../views/send-pdf.js';
import {
  ZEnvelope,
  ZEnvelopeIdBody,
  ZEnvelopeIdString,
  ZEnvelopeCreateBody,
  ZEnvelopeCreatePayload,
  ZEnvelopeLite,
  ZEnvelopeUpdateBody,
  ZItemDeleteBody,
  ZItemDownloadQuery,
  ZItemParams,
  ZItemUpdateManyBody,
  ZItemUpdateManyResponse,
} from './envelope.schema.js';

const tags = ['Envelopes'];
const PDF = {
  200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
};

/** The envelope uploads (creation with several PDFs, more PDFs): registered where multipart bodies are parsed. */
export function registerEnvelopeUploadRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/envelope/create',
    {
      validatorCompiler: documentOnlyValidator,
      config: { idempotent: 'multipart' },
      schema: {
        operationId: 'envelope-create',
        summary: 'Create an envelope from one or more PDFs, with recipients whose fields name their file (identifier)',
        description: 'multipart/form-data: a `payload` part (JSON) and one or more `files` (or `files[]`) parts.',
        tags,
        consumes: ['multipart/form-data'],
        body: ZEnvelopeCreateBody,
        response: { 200: z.object({ id: z.string() }), ...errorResponses(413) },
      },
    },
    async (request, reply) => {
      const body = await readMultipart(ctx, request, ['files', 'files[]', 'file']);
      const discard = () => Promise.all(body.files.map((f) => f.staged.discard()));
      const replayed = await idempotencyGate(ctx, request, reply, {
        payload: body.payload,
        files: body.files.map((f) => f.staged.sha256),
      }).catch(async (error: unknown) => {
        await discard();
        throw error;
      });
      if (replayed) {
        await discard();
        return reply;
      }
      const payload = await parsePayload(ZEnvelopeCreatePayload, body).catch(async (error: unknown) => {
        await discard();
        throw error;
      });
      if (body.files.length === 0)
        throw new AppError('INVALID_MULTIPART', 'Send at least one PDF in a "files" part', {
          issues: [{ message: 'files: Required', path: ['files'] }],
        });
      const answerOf = (g: Awaited<ReturnType<typeof createEnvelope>>) => ({ id: g.envelope.publicId });
      const storeAnswer = answerInTransaction(ctx, request);
      const graph = await createEnvelope(ctx, callerOf(request), {
        type: payload.type,
        title: payload.title,
        externalId: payload.externalId,
        visibility: payload.visibility,
        globalAccessAuth: payload.globalAccessAuth,
        globalActionAuth: payload.globalActionAuth,
        formValues: payload.formValues,
        folderId: payload.folderId,
        delegatedDocumentOwner: payload.delegatedDocumentOwner,
        meta: payload.meta,
        attachments: payload.attachments,
        files: body.files,
        recipients: (payload.recipients ?? []).map((recipient, ri) => ({
          ...recipient,
          path: ['payload', 'recipients', ri],
          fields: (recipient.fields ?? []).map((f, fi) => ({
            type: f.type,
            fieldMeta: 'fieldMeta' in f ? (f.fieldMeta as Record<string, unknown> | undefined) : undefined,
            item: f.identifier,
            page: f.page,
            positionX: f.positionX,
            positionY: f.positionY,
            width: f.width,
            height: f.height,
            path: ['payload', 'recipients', ri, 'fields', fi],
          })),
        })),
        withinTransaction: storeAnswer && ((trx, created) => storeAnswer(trx, answerOf(created))),
      });
      return answerOf(graph);
    },
  );

  r.post(
    '/envelope/item/create-many',
    {
      validatorCompiler: documentOnlyValidator,
      config: { idempotent: 'multipart' },
      schema: {
        operationId: 'envelope-item-create-many',
        summary: 'Add PDFs to a DRAFT envelope',
        description: 'multipart/form-data: `payload` `{envelopeId}` and one or more `files` (or `files[]`).',
        tags,
        consumes: ['multipart/form-data'],
        body: z.object({
          payload: z.object({ envelopeId: ZEnvelopeIdString }),
          files: z.array(z.string().meta({ format: 'binary' })),
        }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.string(),
                title: z.string(),
                envelopeId: z.string(),
                order: z.number().int(),
                documentDataId: z.string(),
              }),
            ),
          }),
          ...errorResponses(404, 413),
        },
      },
    },
    async (request, reply) => {
      const body = await readMultipart(ctx, request, ['files', 'files[]', 'file']);
      const discard = () => Promise.all(body.files.map((f) => f.staged.discard()));
      try {
        if (
          await idempotencyGate(ctx, request, reply, {
            payload: body.payload,
            files: body.files.map((f) => f.staged.sha256),
          })
        ) {
          await discard();
          return reply;
        }
        const payload = await parsePayload(z.object({ envelopeId: ZEnvelopeIdString }), body);
        if (body.files.length === 0)
          throw new AppError('INVALID_MULTIPART', 'Send at least one PDF in a "files" part', {
            issues: [{ message: 'files: Required', path: ['files'] }],
          });
        return { data: await createItems(ctx, callerOf(request), payload.envelopeId, body.files) };
      } catch (error) {
        await discard();
        throw error;
      }
    },
  );
}

/** Envelope updates and its items. */
export function registerEnvelopeItemRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/envelope/get-many',
    {
      schema: {
        operationId: 'envelope-get-many',
        summary: "Several envelopes by id in one call (unknown or other platforms' ids are left out)",
        tags,
        body: z.object({
          ids: z.discriminatedUnion('type', [
            z.object({ type: z.literal('envelopeId'), ids: z.array(ZEnvelopeIdString).min(1).max(100) }),
            z.object({ type: z.literal('documentId'), ids: recordIdList(1, 100) }),
            z.object({ type: z.literal('templateId'), ids: recordIdList(1, 100) }),
          ]),
        }),
        response: { 200: z.object({ data: z.array(ZEnvelope) }), ...errorResponses() },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const data = [];
      const { ids } = request.body;
      for (const id of [...new Set<string | number>(ids.ids)]) {
        const key = typeof id === 'string' ? { publicId: id } : { documentId: id };
        const graph = await getEnvelopeGraph(ctx.db, principal.platformId, key).catch(() => null);
        if (
          graph &&
          ids.type !== 'envelopeId' &&
          graph.envelope.type !== (ids.type === 'documentId' ? 'DOCUMENT' : 'TEMPLATE')
        )
          continue;
        if (graph) data.push(envelopeView(graph, principal.platformName, tokenRevealFor(ctx, principal)));
      }
      return { data };
    },
  );

  r.post(
    '/envelope/duplicate',
    {
      config: { idempotent: 'json' },
      schema: {
        operationId: 'envelope-duplicate',
        summary:
          'A new DRAFT with the same PDFs, attachments and meta, and (by default) its recipients and empty fields',
        tags,
        body: ZEnvelopeIdBody.extend({
          includeRecipients: z.boolean().default(true),
          includeFields: z.boolean().default(true),
        }),
        response: { 200: z.object({ id: z.string() }), ...errorResponses(404) },
      },
    },
    async (request) => {
      const copy = await duplicateEnvelope(
        ctx,
        callerOf(request),
        { publicId: request.body.envelopeId },
        { recipients: request.body.includeRecipients, fields: request.body.includeFields },
      );
      return { id: copy.publicId };
    },
  );

  r.post(
    '/envelope/update',
    {
      schema: {
        operationId: 'envelope-update',
        summary:
          'Change the title, externalId or meta of a DRAFT or PENDING envelope (signingOrder and distributionMethod only while DRAFT)',
        tags,
        body: ZEnvelopeUpdateBody,
        response: { 200: ZEnvelopeLite, ...errorResponses(404) },
      },
    },
    async (request) =>
      updateEnvelopeData(ctx, callerOf(request), request.body.envelopeId, request.body.data ?? {}, request.body.meta),
  );

  r.post(
    '/envelope/item/update-many',
    {
      schema: {
        operationId: 'envelope-item-update-many',
        summary: 'Rename or reorder items (order ≥ 1, title 1–255)',
        tags,
        body: ZItemUpdateManyBody,
        response: { 200: ZItemUpdateManyResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({
      data: await updateItems(ctx, callerOf(request), request.body.envelopeId, request.body.data),
    }),
  );

  r.post(
    '/envelope/item/delete',
    {
      schema: {
        operationId: 'envelope-item-delete',
        summary: 'Remove an item and its fields (DRAFT only)',
        tags,
        body: ZItemDeleteBody,
        response: { 200: ZSuccess, ...errorResponses(404) },
      },
    },
    async (request) => {
      await deleteItem(ctx, callerOf(request), request.body.envelopeId, request.body.envelopeItemId);
      return { success: true };
    },
  );

  r.get(
    '/envelope/item/:envelopeItemId/download',
    {
      schema: {
        operationId: 'envelope-item-download',
        summary:
          '`signed` (default; only when COMPLETED), `pending` (only while PENDING, never final) or `original` (byte for byte); 409 otherwise',
        tags,
        params: ZItemParams,
        querystring: ZItemDownloadQuery,
        response: { ...PDF, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await downloadEnvelopeItem(ctx, principalOf(request), request.params.envelopeItemId, request.query.version),
      ),
  );
}
