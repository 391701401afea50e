import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { getEditorDocument } from '../../domain/app-documents/get-editor-document.js';
import { getEditorPdf } from '../../domain/app-documents/get-editor-pdf.js';
import { memberCaller } from '../../domain/app-documents/member-caller.js';
import { runEditorChange, type EditorChange } from '../../domain/app-documents/run-editor-change.js';
import type { Ctx } from '../../domain/context.js';
import { defineOperation, pdfAnswer, type Operation } from '../operation.js';
import { requestMeta } from '../plugins/caller.js';
import { sendPdf } from '../views/send-pdf.js';
import { fieldMetaOf } from '../schemas/common.schema.js';
import { ZAppEnvelopeParams } from './documents.schema.js';
import {
  ZEditorDocument,
  ZEditorFieldDelete,
  ZEditorFieldsCreate,
  ZEditorFieldUpdate,
  ZEditorItemParams,
  ZEditorRecipientCreate,
  ZEditorRecipientDelete,
  ZEditorRecipientUpdate,
  ZEditorSettings,
} from './editor.schema.js';
import { accountOf } from './session-auth.js';

type EnvelopeType = 'DOCUMENT' | 'TEMPLATE';
type Path = 'documents' | 'templates';
type Params = z.output<typeof ZAppEnvelopeParams>;

const callerFor = (ctx: Ctx, request: FastifyRequest<{ Params: Params }>) =>
  memberCaller(ctx, accountOf(request), request.params.platformId, requestMeta(request));

/** One editor change: a POST under …/editor whose body the API's own schema checks. */
function changeOperation<B extends z.ZodType>(
  type: EnvelopeType,
  path: Path,
  suffix: string,
  operationId: string,
  summary: string,
  body: B,
  change: (body: z.output<B>) => EditorChange,
): Operation {
  return defineOperation({
    method: 'POST',
    url: `/platforms/:platformId/${path}/:envelopeId/editor${suffix}`,
    operationId,
    summary,
    tags: ['Editor'],
    params: ZAppEnvelopeParams,
    body,
    response: ZEditorDocument,
    errors: [404],
    handle: async (ctx, request) =>
      runEditorChange(
        ctx,
        await callerFor(ctx, request),
        request.params.envelopeId,
        type,
        change(request.body as z.output<B>),
      ),
  });
}

/**
 * The editor's operations for documents or templates: read the draft, then each change through the
 * API's own use case (run-editor-change.ts), answering the draft as it now is.
 */
function editorOperations(type: EnvelopeType, path: Path, noun: 'Document' | 'Template'): Operation[] {
  return [
    defineOperation({
      method: 'GET',
      url: `/platforms/:platformId/${path}/:envelopeId/editor`,
      operationId: `app-get${noun}Editor`,
      summary: `A ${noun.toLowerCase()} as the editor shows it: its PDFs, recipients, fields (in percent of the page) and settings`,
      tags: ['Editor'],
      params: ZAppEnvelopeParams,
      response: ZEditorDocument,
      errors: [404],
      handle: async (ctx, request) =>
        getEditorDocument(ctx, await callerFor(ctx, request), request.params.envelopeId, type),
    }),
    defineOperation({
      method: 'GET',
      url: `/platforms/:platformId/${path}/:envelopeId/editor/items/:itemId/pdf`,
      operationId: `app-get${noun}EditorPdf`,
      summary: `One PDF of the ${noun.toLowerCase()} as uploaded, for the editor to draw its pages`,
      tags: ['Editor'],
      params: ZEditorItemParams,
      response: pdfAnswer(),
      errors: [404],
      handle: async (ctx, request, reply) => {
        const { envelopeId, itemId } = request.params;
        const caller = await callerFor(ctx, request);
        return sendPdf(reply, await getEditorPdf(ctx, caller, envelopeId, type, itemId));
      },
    }),
    changeOperation(
      type,
      path,
      '/recipients',
      `app-add${noun}Recipient`,
      'Add a recipient (the API’s envelope/recipient/create-many, for one)',
      ZEditorRecipientCreate,
      (recipient) => ({ kind: 'createRecipient', recipient }),
    ),
    changeOperation(
      type,
      path,
      '/recipients/update',
      `app-update${noun}Recipient`,
      'Change a recipient (the API’s envelope/recipient/update-many, for one)',
      ZEditorRecipientUpdate,
      (recipient) => ({ kind: 'updateRecipient', recipient }),
    ),
    changeOperation(
      type,
      path,
      '/recipients/delete',
      `app-remove${noun}Recipient`,
      'Remove a recipient and their fields (the API’s envelope/recipient/delete)',
      ZEditorRecipientDelete,
      (body) => ({ kind: 'deleteRecipient', recipientId: body.recipientId }),
    ),
    changeOperation(
      type,
      path,
      '/fields',
      `app-add${noun}Fields`,
      'Place fields, in percent of the page (the API’s envelope/field/create-many; all or nothing)',
      ZEditorFieldsCreate,
      (body) => ({
        kind: 'createFields',
        fields: body.fields.map((f) => ({ ...f, fieldMeta: fieldMetaOf(f) })),
      }),
    ),
    changeOperation(
      type,
      path,
      '/fields/update',
      `app-update${noun}Field`,
      'Move, resize or re-describe a field (the API’s envelope/field/update-many, for one)',
      ZEditorFieldUpdate,
      (field) => ({ kind: 'updateField', field: { ...field, fieldMeta: fieldMetaOf(field) } }),
    ),
    changeOperation(
      type,
      path,
      '/fields/delete',
      `app-remove${noun}Field`,
      'Remove a field (the API’s envelope/field/delete)',
      ZEditorFieldDelete,
      (body) => ({ kind: 'deleteField', fieldId: body.fieldId }),
    ),
    changeOperation(
      type,
      path,
      '/settings',
      `app-update${noun}Settings`,
      'Change the title and the settings (subject, message, language, dates, redirect, distribution) (the API’s envelope/update)',
      ZEditorSettings,
      (body) => ({ kind: 'updateSettings', title: body.title, meta: body.meta }),
    ),
  ];
}

/** The document editor (DRAFT documents only) and the template editor. */
export const editorAppOperations: Operation[] = [
  ...editorOperations('DOCUMENT', 'documents', 'Document'),
  ...editorOperations('TEMPLATE', 'templates', 'Template'),
];
