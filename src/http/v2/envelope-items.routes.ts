import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../domain/context.js';
import { createEnvelope } from '../../domain/envelopes/create-envelope.js';
import { deleteItem, downloadEnvelopeItem, updateEnvelopeData, updateItems } from '../../domain/envelopes/manage-items.js';
import { AppError } from '../../errors.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { idempotencyGate } from '../plugins/idempotency.js';
import { documentOnlyValidator, parsePayload, readMultipart } from '../plugins/multipart.js';
import { errorResponses, ZSuccess } from '../schemas/common.schema.js';
import { sendPdf } from './document.routes.js';
import { ZEnvelopeCreateBody, ZEnvelopeCreatePayload, ZEnvelopeLite, ZEnvelopeUpdateBody, ZItemDeleteBody, ZItemDownloadQuery, ZItemParams, ZItemUpdateManyBody, ZItemUpdateManyResponse } from './envelope.schema.js';

const tags = ['Envelopes'];
const PDF = { 200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } } };

/** Envelope creation with several PDFs, envelope updates, and its items. */
export function registerEnvelopeItemRoutes(app: FastifyInstance, ctx: Ctx): void {
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
      const replayed = await idempotencyGate(ctx, request, reply, { payload: body.payload, files: body.files.map((f) => f.staged.sha256) }).catch(async (error: unknown) => {
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
      if (body.files.length === 0) throw new AppError('INVALID_MULTIPART', 'Send at least one PDF in a "files" part', { issues: [{ message: 'files: Required', path: ['files'] }] });
      const graph = await createEnvelope(ctx, callerOf(request), {
        type: payload.type,
        title: payload.title,
        externalId: payload.externalId,
        visibility: payload.visibility,
        globalAccessAuth: payload.globalAccessAuth,
        globalActionAuth: payload.globalActionAuth,
        formValues: payload.formValues,
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
      });
      return { id: graph.envelope.publicId };
    },
  );

  r.post(
    '/envelope/update',
    { schema: { operationId: 'envelope-update', summary: 'Change the title, externalId, visibility or auth options of a DRAFT or PENDING envelope', tags, body: ZEnvelopeUpdateBody, response: { 200: ZEnvelopeLite, ...errorResponses(404) } } },
    async (request) => updateEnvelopeData(ctx, callerOf(request), request.body.envelopeId, request.body.data ?? {}),
  );

  r.post(
    '/envelope/item/update-many',
    { schema: { operationId: 'envelope-item-update-many', summary: 'Rename or reorder items (order ≥ 1, title 1–255)', tags, body: ZItemUpdateManyBody, response: { 200: ZItemUpdateManyResponse, ...errorResponses(404) } } },
    async (request) => ({ data: await updateItems(ctx, callerOf(request), request.body.envelopeId, request.body.data) }),
  );

  r.post(
    '/envelope/item/delete',
    { schema: { operationId: 'envelope-item-delete', summary: 'Remove an item and its fields (DRAFT only)', tags, body: ZItemDeleteBody, response: { 200: ZSuccess, ...errorResponses(404) } } },
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
        summary: '`signed` (default; only when COMPLETED), `pending` (only while PENDING, never final) or `original` (byte for byte); 409 otherwise',
        tags,
        params: ZItemParams,
        querystring: ZItemDownloadQuery,
        response: { ...PDF, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => sendPdf(reply, await downloadEnvelopeItem(ctx, principalOf(request), request.params.envelopeItemId, request.query.version)),
  );
}
