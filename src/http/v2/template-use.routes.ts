import type { z } from 'zod';
import { documentView } from '../../domain/model/envelope-views.js';
import { recipientLinks, tokenRevealFor } from '../../domain/model/signing-links.js';
import type { UploadedPdf } from '../../domain/uploads/uploaded-pdf.js';
import { IssueCollector } from '../../domain/envelopes/validation-issues.js';
import type { CustomDocumentInput } from '../../domain/templates/template-pdfs.js';
import { useTemplate, type UseTemplateResult } from '../../domain/templates/use-template.js';
import { principalOf } from '../plugins/authenticate.js';
import { callerOf } from '../plugins/caller.js';
import { answerInTransaction, idempotencyGate } from '../plugins/idempotency.js';
import { parsePayload, readMultipart } from '../plugins/multipart.js';
import { defineOperation } from '../operation.js';
import { ZDocument } from '../schemas/views.schema.js';
import {
  ZEnvelopeUseBody,
  ZEnvelopeUsePayload,
  ZEnvelopeUseResponse,
  ZTemplateUseBody,
} from './template-use.schema.js';

type SharedUseMembers = Pick<
  z.output<typeof ZEnvelopeUsePayload>,
  'distributeDocument' | 'externalId' | 'folderId' | 'override' | 'attachments' | 'prefillFields' | 'formValues'
>;

/** The members `/template/use` and `/envelope/use` share, as the use case takes them. */
function sharedUseMembers(body: SharedUseMembers) {
  return {
    distributeDocument: body.distributeDocument,
    externalId: body.externalId,
    folderId: body.folderId,
    override: body.override,
    attachments: body.attachments,
    prefillFields: body.prefillFields,
    formValues: body.formValues,
  };
}

/** A document from a template: `/envelope/use` (multipart, like envelope/create) and `/template/use`. */
export const templateUseOperations = [
  defineOperation({
    method: 'POST',
    url: '/envelope/use',
    operationId: 'envelope-use',
    summary: 'Create a document from a template envelope (and send it with distributeDocument)',
    description:
      'multipart/form-data: a `payload` part (JSON) and optional replacement PDFs in `files`, each named (by file name or index) in payload.customDocumentData with the template item it replaces. Answers the new envelope’s id and every one of its recipients (their new ids), each acting one with its private signing URL once distributed.',
    tags: ['Envelopes'],
    upload: 'multipart',
    idempotent: 'multipart',
    body: ZEnvelopeUseBody,
    response: ZEnvelopeUseResponse,
    errors: [404, 413],
    handle: async (ctx, request, reply) => {
      const body = await readMultipart(ctx, request, ['files', 'files[]']);
      try {
        const fileHashes = body.files.map((f) => f.staged.sha256);
        if (await idempotencyGate(ctx, request, reply, { payload: body.payload, files: fileHashes })) return reply;
        const payload = await parsePayload(ZEnvelopeUsePayload, body);
        const reveal = tokenRevealFor(ctx, principalOf(request));
        const answerOf = (used: UseTemplateResult) => ({
          id: used.graph.envelope.publicId,
          recipients: recipientLinks(ctx, used.graph.recipients, reveal),
        });
        const storeAnswer = answerInTransaction(ctx, request);
        const used = await useTemplate(ctx, callerOf(request), {
          template: { publicId: payload.envelopeId },
          recipients: payload.recipients ?? [],
          ...sharedUseMembers(payload),
          customDocuments: replacementFiles(body.files, payload.customDocumentData ?? []),
          requestPath: ['payload'],
          withinTransaction: storeAnswer && ((trx, result) => storeAnswer(trx, answerOf(result))),
        });
        return answerOf(used);
      } finally {
        // A replacement that was stored was committed; the rest are never kept.
        await Promise.all(body.files.map((f) => f.staged.discard()));
      }
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/template/use',
    operationId: 'template-createDocumentFromTemplate',
    summary: 'Create a document from a template (and send it with distributeDocument)',
    description:
      'Recipients are mapped onto the template’s by id; prefillFields fill template fields (read-only for the signer, printed in the final PDF).',
    tags: ['Templates'],
    idempotent: 'json',
    body: ZTemplateUseBody,
    response: ZDocument,
    errors: [404],
    handle: async (ctx, request) => {
      const body = request.body;
      const reveal = tokenRevealFor(ctx, principalOf(request));
      const answerOf = (used: UseTemplateResult) => documentView(used.graph, reveal);
      const storeAnswer = answerInTransaction(ctx, request);
      const used = await useTemplate(ctx, callerOf(request), {
        template: { documentId: body.templateId },
        recipients: body.recipients,
        ...sharedUseMembers(body),
        customDocuments: [
          // '' is the SDK's "none", like absent.
          ...(body.customDocumentDataId
            ? [{ documentDataId: body.customDocumentDataId, path: ['customDocumentDataId'] }]
            : []),
          ...(body.customDocumentData ?? []).map((d, i) => ({
            envelopeItemId: d.envelopeItemId,
            documentDataId: d.documentDataId,
            path: ['customDocumentData', i],
          })),
        ],
        requestPath: [],
        withinTransaction: storeAnswer && ((trx, result) => storeAnswer(trx, answerOf(result))),
      });
      return answerOf(used);
    },
  }),
];

/**
 * `/envelope/use`'s files matched to the template items they replace: `customDocumentData`'s
 * `identifier` is a file's name or its index among the files sent. Every file must replace an
 * item, so none is silently dropped.
 * @throws CUSTOM_DOCUMENT_INVALID
 */
function replacementFiles(
  files: UploadedPdf[],
  mapping: { identifier: string | number; envelopeItemId: string }[],
): CustomDocumentInput[] {
  const issues = new IssueCollector();
  const used = new Set<number>();
  const replacements: CustomDocumentInput[] = [];
  for (const [i, d] of mapping.entries()) {
    const path = ['payload', 'customDocumentData', i];
    const index =
      typeof d.identifier === 'number' ? d.identifier : files.findIndex((f) => f.identifier === d.identifier);
    const file = files[index];
    if (!file) {
      issues.add('CUSTOM_DOCUMENT_INVALID', [...path, 'identifier'], 'no file was sent with this name or index');
      continue;
    }
    if (used.has(index)) issues.add('CUSTOM_DOCUMENT_INVALID', [...path, 'identifier'], 'this file is named twice');
    used.add(index);
    replacements.push({ envelopeItemId: d.envelopeItemId, file, path });
  }
  files.forEach((_f, j) => {
    if (!used.has(j))
      issues.add(
        'CUSTOM_DOCUMENT_INVALID',
        ['files', j],
        'this file replaces no template item: name it in payload.customDocumentData',
      );
  });
  issues.throwIfAny('The replacement files do not match payload.customDocumentData');
  return replacements;
}
