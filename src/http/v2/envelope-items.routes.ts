import type { FastifyReply } from 'fastify';
import { recordIdList } from '../../lib/record-id.js';
import { tokenRevealFor } from '../../domain/model/signing-links.js';
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
import { defineOperation, pdfAnswer, type OperationRequest } from '../operation.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { answerInTransaction, idempotencyGate } from '../plugins/idempotency.js';
import { parsePayload, readMultipart } from '../plugins/multipart.js';
import { ZSuccess } from '../schemas/common.schema.js';
import { sendPdf } from '../views/send-pdf.js';
import { fieldMetaOf } from '../schemas/common.schema.js';
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
const ZItemCreatePayload = z.object({ envelopeId: ZEnvelopeIdString });
const ZGetManyBody = z.object({
  ids: z.discriminatedUnion('type', [
    z.object({ type: z.literal('envelopeId'), ids: z.array(ZEnvelopeIdString).min(1).max(100) }),
    z.object({ type: z.literal('documentId'), ids: recordIdList(1, 100) }),
    z.object({ type: z.literal('templateId'), ids: recordIdList(1, 100) }),
  ]),
});

/** The recipients of envelope/create as the use case takes them: each field names its file (`identifier`). */
function envelopeRecipientsInput(recipients: z.output<typeof ZEnvelopeCreatePayload>['recipients']) {
  return (recipients ?? []).map((recipient, ri) => ({
    ...recipient,
    path: ['payload', 'recipients', ri],
    fields: (recipient.fields ?? []).map((f, fi) => ({
      type: f.type,
      fieldMeta: fieldMetaOf(f),
      item: f.identifier,
      page: f.page,
      positionX: f.positionX,
      positionY: f.positionY,
      width: f.width,
      height: f.height,
      path: ['payload', 'recipients', ri, 'fields', fi],
    })),
  }));
}

/** envelope/create: the files staged, replayed under its Idempotency-Key, or made into a DRAFT. */
async function createEnvelopeFromUpload(
  ctx: Ctx,
  request: OperationRequest<undefined, undefined, undefined, typeof ZEnvelopeCreateBody>,
  reply: FastifyReply,
) {
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
    ...payload,
    files: body.files,
    recipients: envelopeRecipientsInput(payload.recipients),
    withinTransaction: storeAnswer && ((trx, created) => storeAnswer(trx, answerOf(created))),
  });
  return answerOf(graph);
}

/** The envelopes of envelope/get-many the caller's platform holds, of the type the ids name. */
async function envelopesByIds(
  ctx: Ctx,
  request: OperationRequest<undefined, undefined, undefined, typeof ZGetManyBody>,
) {
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
}

/**
 * The envelope uploads (creation with several PDFs, more PDFs), then envelope updates and its
 * items. The uploads are registered where multipart bodies are parsed (see registerOperations).
 */
export const envelopeItemOperations = [
  defineOperation({
    method: 'POST',
    url: '/envelope/create',
    operationId: 'envelope-create',
    summary: 'Create an envelope from one or more PDFs, with recipients whose fields name their file (identifier)',
    description: 'multipart/form-data: a `payload` part (JSON) and one or more `files` (or `files[]`) parts.',
    tags,
    upload: 'multipart',
    idempotent: 'multipart',
    body: ZEnvelopeCreateBody,
    response: z.object({ id: z.string() }),
    errors: [413],
    handle: createEnvelopeFromUpload,
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/item/create-many',
    operationId: 'envelope-item-create-many',
    summary: 'Add PDFs to a DRAFT envelope',
    description: 'multipart/form-data: `payload` `{envelopeId}` and one or more `files` (or `files[]`).',
    tags,
    upload: 'multipart',
    idempotent: 'multipart',
    body: z.object({
      payload: ZItemCreatePayload,
      files: z.array(z.string().meta({ format: 'binary' })),
    }),
    response: z.object({
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
    errors: [404, 413],
    handle: async (ctx, request, reply) => {
      const body = await readMultipart(ctx, request, ['files', 'files[]', 'file']);
      const discard = () => Promise.all(body.files.map((f) => f.staged.discard()));
      try {
        const fingerprint = { payload: body.payload, files: body.files.map((f) => f.staged.sha256) };
        if (await idempotencyGate(ctx, request, reply, fingerprint)) {
          await discard();
          return reply;
        }
        const payload = await parsePayload(ZItemCreatePayload, body);
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
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/get-many',
    operationId: 'envelope-get-many',
    summary: "Several envelopes by id in one call (unknown or other platforms' ids are left out)",
    tags,
    body: ZGetManyBody,
    response: z.object({ data: z.array(ZEnvelope) }),
    handle: envelopesByIds,
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/duplicate',
    operationId: 'envelope-duplicate',
    summary: 'A new DRAFT with the same PDFs, attachments and meta, and (by default) its recipients and empty fields',
    tags,
    idempotent: 'json',
    body: ZEnvelopeIdBody.extend({
      includeRecipients: z.boolean().default(true),
      includeFields: z.boolean().default(true),
    }),
    response: z.object({ id: z.string() }),
    errors: [404],
    handle: async (ctx, request) => {
      const copy = await duplicateEnvelope(
        ctx,
        callerOf(request),
        { publicId: request.body.envelopeId },
        { recipients: request.body.includeRecipients, fields: request.body.includeFields },
      );
      return { id: copy.publicId };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/update',
    operationId: 'envelope-update',
    summary:
      'Change the title, externalId or meta of a DRAFT or PENDING envelope (signingOrder and distributionMethod only while DRAFT)',
    tags,
    body: ZEnvelopeUpdateBody,
    response: ZEnvelopeLite,
    errors: [404],
    handle: (ctx, request) =>
      updateEnvelopeData(ctx, callerOf(request), request.body.envelopeId, request.body.data ?? {}, request.body.meta),
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/item/update-many',
    operationId: 'envelope-item-update-many',
    summary: 'Rename or reorder items (order ≥ 1, title 1–255)',
    tags,
    body: ZItemUpdateManyBody,
    response: ZItemUpdateManyResponse,
    errors: [404],
    handle: async (ctx, request) => ({
      data: await updateItems(ctx, callerOf(request), request.body.envelopeId, request.body.data),
    }),
  }),

  defineOperation({
    method: 'POST',
    url: '/envelope/item/delete',
    operationId: 'envelope-item-delete',
    summary: 'Remove an item and its fields (DRAFT only)',
    tags,
    body: ZItemDeleteBody,
    response: ZSuccess,
    errors: [404],
    handle: async (ctx, request) => {
      await deleteItem(ctx, callerOf(request), request.body.envelopeId, request.body.envelopeItemId);
      return { success: true };
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/envelope/item/:envelopeItemId/download',
    operationId: 'envelope-item-download',
    summary:
      '`signed` (default; only when COMPLETED), `pending` (only while PENDING, never final) or `original` (byte for byte); 409 otherwise',
    tags,
    params: ZItemParams,
    query: ZItemDownloadQuery,
    response: pdfAnswer(),
    errors: [404, 409],
    handle: async (ctx, request, reply) =>
      sendPdf(
        reply,
        await downloadEnvelopeItem(ctx, principalOf(request), request.params.envelopeItemId, request.query.version),
      ),
  }),
];
