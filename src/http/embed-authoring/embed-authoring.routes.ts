import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { getDocumentOptions } from '../../domain/app-documents/get-document-options.js';
import { getEditorDocument } from '../../domain/app-documents/get-editor-document.js';
import { getEditorPdf } from '../../domain/app-documents/get-editor-pdf.js';
import { runEditorChange, type EditorChange } from '../../domain/app-documents/run-editor-change.js';
import { createAuthoringEnvelope } from '../../domain/embed-authoring/create-authoring-envelope.js';
import { distributeAuthoringDocument } from '../../domain/embed-authoring/distribute-authoring-document.js';
import { AppError } from '../../errors.js';
import {
  ZEditorDocument,
  ZEditorFieldDelete,
  ZEditorFieldsCreate,
  ZEditorFieldUpdate,
  ZEditorRecipientCreate,
  ZEditorRecipientDelete,
  ZEditorRecipientUpdate,
  ZEditorSettings,
} from '../app/editor.schema.js';
import { ZAppDocumentOptions } from '../app/new-document.schema.js';
import { defineOperation, pdfAnswer, type Operation } from '../operation.js';
import { callerOf } from '../plugins/caller.js';
import { parsePayload, readMultipart } from '../plugins/multipart.js';
import { fieldMetaOf } from '../schemas/common.schema.js';
import { sendPdf } from '../views/send-pdf.js';
import {
  ZEmbedDistributeAnswer,
  ZEmbedEnvelopeParams,
  ZEmbedItemParams,
  ZEmbedNewEnvelopeAnswer,
  ZEmbedNewEnvelopeBody,
  ZEmbedNewEnvelopePayload,
} from './embed-authoring.schema.js';

/** Where the embedded editor's source speaks (registered with API-token auth: presign tokens). */
export const EMBED_AUTHORING_API = '/api/embed-authoring';

const tags = ['Embedded editor'];
type Params = z.output<typeof ZEmbedEnvelopeParams>;
const typeOf = (params: Params) => (params.kind === 'templates' ? 'TEMPLATE' : 'DOCUMENT');

function change<B extends z.ZodType>(
  suffix: string,
  operationId: string,
  summary: string,
  body: B,
  toChange: (body: z.output<B>) => EditorChange,
): Operation {
  return defineOperation({
    method: 'POST',
    url: `/:kind/:envelopeId/editor${suffix}`,
    operationId,
    summary,
    tags,
    params: ZEmbedEnvelopeParams,
    body,
    response: ZEditorDocument,
    errors: [404],
    handle: (ctx, request) =>
      runEditorChange(
        ctx,
        callerOf(request),
        request.params.envelopeId,
        typeOf(request.params),
        toChange(request.body as z.output<B>),
      ),
  });
}

/**
 * The embedded editor's operations, with a presign token as the bearer: the web app editor's reads
 * and changes (the API's use cases through run-editor-change.ts), a creation from one PDF, and Send.
 * A token scoped to one envelope reaches only it (plugins/authenticate.ts refuses any other
 * `envelopeId`, and a creation, which names none); an unscoped one reaches its platform, as on the
 * API. No answer carries a signing URL or a token.
 */
export const embedAuthoringOperations: Operation[] = [
  defineOperation({
    method: 'GET',
    // Under the envelope's path: a scoped token reaches only operations that name its envelope.
    url: '/:kind/:envelopeId/document-options',
    operationId: 'embed-getDocumentOptions',
    summary: 'The platform’s identity rule, for the recipients panel to check IDs as they are typed',
    tags,
    params: ZEmbedEnvelopeParams,
    response: ZAppDocumentOptions,
    handle: (ctx, request) => getDocumentOptions(ctx, callerOf(request)),
  }),
  defineOperation({
    method: 'POST',
    url: '/envelopes',
    operationId: 'embed-createEnvelope',
    summary: 'Create a DRAFT document or template from one PDF (the API’s create), for the embedded editor',
    tags,
    upload: 'multipart',
    body: ZEmbedNewEnvelopeBody,
    response: ZEmbedNewEnvelopeAnswer,
    errors: [404, 413],
    handle: async (ctx, request) => {
      const caller = callerOf(request);
      const body = await readMultipart(ctx, request, ['file']);
      const payload = await parsePayload(ZEmbedNewEnvelopePayload, body);
      const [file, ...more] = body.files;
      if (!file || more.length > 0) {
        await Promise.all(body.files.map((f) => f.staged.discard()));
        throw new AppError('INVALID_MULTIPART', 'Send exactly one PDF in the "file" part', {
          issues: [{ message: 'file: Required', path: ['file'] }],
        });
      }
      return createAuthoringEnvelope(ctx, caller, {
        type: payload.type,
        title: payload.title,
        externalId: payload.externalId ?? null,
        folderId: payload.folderId ?? null,
        file,
      });
    },
  }),
  defineOperation({
    method: 'GET',
    url: '/:kind/:envelopeId/editor',
    operationId: 'embed-getEditor',
    summary: 'The document or template as the editor shows it',
    tags,
    params: ZEmbedEnvelopeParams,
    response: ZEditorDocument,
    errors: [404],
    handle: (ctx, request) =>
      getEditorDocument(ctx, callerOf(request), request.params.envelopeId, typeOf(request.params)),
  }),
  defineOperation({
    method: 'GET',
    url: '/:kind/:envelopeId/editor/items/:itemId/pdf',
    operationId: 'embed-getEditorPdf',
    summary: 'One PDF as uploaded, for the editor to draw its pages',
    tags,
    params: ZEmbedItemParams,
    response: pdfAnswer(),
    errors: [404],
    handle: async (ctx, request, reply) => {
      const { envelopeId, itemId } = request.params;
      const pdf = await getEditorPdf(ctx, callerOf(request), envelopeId, typeOf(request.params), itemId);
      return sendPdf(reply, pdf);
    },
  }),
  change('/recipients', 'embed-addRecipient', 'Add a recipient', ZEditorRecipientCreate, (recipient) => ({
    kind: 'createRecipient',
    recipient,
  })),
  change('/recipients/update', 'embed-updateRecipient', 'Change a recipient', ZEditorRecipientUpdate, (recipient) => ({
    kind: 'updateRecipient',
    recipient,
  })),
  change('/recipients/delete', 'embed-removeRecipient', 'Remove a recipient', ZEditorRecipientDelete, (body) => ({
    kind: 'deleteRecipient',
    recipientId: body.recipientId,
  })),
  change('/fields', 'embed-addFields', 'Place fields, in percent of the page', ZEditorFieldsCreate, (body) => ({
    kind: 'createFields',
    fields: body.fields.map((f) => ({ ...f, fieldMeta: fieldMetaOf(f) })),
  })),
  change('/fields/update', 'embed-updateField', 'Move, resize or re-describe a field', ZEditorFieldUpdate, (field) => ({
    kind: 'updateField',
    field: { ...field, fieldMeta: fieldMetaOf(field) },
  })),
  change('/fields/delete', 'embed-removeField', 'Remove a field', ZEditorFieldDelete, (body) => ({
    kind: 'deleteField',
    fieldId: body.fieldId,
  })),
  change('/settings', 'embed-updateSettings', 'Change the title and the settings', ZEditorSettings, (body) => ({
    kind: 'updateSettings',
    title: body.title,
    meta: body.meta,
  })),
  defineOperation({
    method: 'POST',
    url: '/:kind/:envelopeId/distribute',
    operationId: 'embed-distribute',
    summary: 'Send a DRAFT document (the API’s distribute); answers its status, never signing URLs',
    tags,
    params: ZEmbedEnvelopeParams,
    response: ZEmbedDistributeAnswer,
    errors: [404],
    handle: (ctx, request: FastifyRequest<{ Params: Params }>) =>
      distributeAuthoringDocument(ctx, callerOf(request), request.params.envelopeId, typeOf(request.params)),
  }),
];
