import { z } from 'zod';
import { fieldMetaOf, ZFormValuesInput } from '../schemas/common.schema.js';
import { ZMetaInput } from '../../domain/model/envelope-meta.js';
import { fieldDefinitionSchema, ZPercent, ZPercentSize } from '../../domain/fields/field-input.js';
import { ZAccessAuth, ZGlobalActionAuth, ZRecipientCreate } from '../../domain/recipients/recipient-input.js';
import { ZDocumentLite, ZSigningRecipient } from '../schemas/views.schema.js';
import { ZRecordId, ZRecordIdParam } from '../../lib/record-id.js';

export const ZDocumentId = ZRecordIdParam;

export const ZAttachmentInput = z.object({
  label: z.string().trim().min(1).max(255),
  data: z
    .url({ protocol: /^(https?|mailto)$/ })
    .max(2048)
    .describe('A URI (http, https or mailto)'),
  type: z.literal('link').default('link'),
});

/** The document flow's field geometry: pageNumber/pageX/pageY/width/height, in percent of the page. */
export const documentFieldGeometry = {
  pageNumber: z.number().int().min(1),
  pageX: ZPercent,
  pageY: ZPercent,
  width: ZPercentSize,
  height: ZPercentSize,
};
/** How the document flow's geometry members map onto the envelope's (page, positionX, positionY). */
export const DOCUMENT_GEOMETRY_NAMES = { page: 'pageNumber', positionX: 'pageX', positionY: 'pageY' } as const;

/** The document flow's field, as document/create takes it. */
export const ZDocumentFieldInput = fieldDefinitionSchema(documentFieldGeometry);

export const ZDocumentCreatePayload = z
  .object({
    title: z.string().trim().min(1).max(255),
    externalId: z.string().trim().max(255).optional(),
    visibility: z.enum(['EVERYONE', 'MANAGER_AND_ABOVE', 'ADMIN']).optional(),
    globalAccessAuth: ZAccessAuth.optional(),
    globalActionAuth: ZGlobalActionAuth.optional(),
    formValues: ZFormValuesInput.nullable().optional(),
    folderId: z.string().max(255).nullable().optional(),
    recipients: z.array(ZRecipientCreate.extend({ fields: z.array(ZDocumentFieldInput).optional() })).optional(),
    attachments: z.array(ZAttachmentInput).max(50).optional(),
    meta: ZMetaInput.optional(),
  })
  .meta({ id: 'DocumentCreatePayload' });

export const ZDocumentCreateBody = z.object({
  payload: ZDocumentCreatePayload.describe('JSON text'),
  file: z.string().meta({ format: 'binary' }).describe('The PDF'),
});

export const ZDocumentCreateResponse = z.object({ id: z.number().int(), envelopeId: z.string() });

export const ZDocumentDistributeBody = z.object({
  documentId: ZRecordId,
  meta: ZMetaInput.optional(),
  includeSigningUrls: z
    .boolean()
    .optional()
    .describe("Include each acting recipient's private signing URL in the answer"),
});

export const ZDocumentDistributeResponse = ZDocumentLite.extend({
  recipients: z
    .array(ZSigningRecipient.omit({ token: true }))
    .optional()
    .describe('Only with includeSigningUrls: every recipient who must act (CC recipients get no URL)'),
});

export const ZDownloadQuery = z.object({ version: z.enum(['original', 'signed', 'pending']).default('signed') });

type DocumentCreatePayload = z.output<typeof ZDocumentCreatePayload>;
type DocumentRecipientPayload = NonNullable<DocumentCreatePayload['recipients']>[number];

/**
 * The document flow's recipients with their fields as the envelope use cases take them (page,
 * positionX, positionY), each with the request path its issues name: document/create and
 * document/create/beta share it.
 */
export function documentRecipientsInput(recipients: DocumentRecipientPayload[] | undefined, base: (string | number)[]) {
  return (recipients ?? []).map((recipient, ri) => ({
    ...recipient,
    path: [...base, 'recipients', ri],
    fields: (recipient.fields ?? []).map((f, fi) => ({
      type: f.type,
      fieldMeta: fieldMetaOf(f),
      page: f.pageNumber,
      positionX: f.pageX,
      positionY: f.pageY,
      width: f.width,
      height: f.height,
      path: [...base, 'recipients', ri, 'fields', fi],
      names: DOCUMENT_GEOMETRY_NAMES,
    })),
  }));
}

/** The envelope members of a document creation, as document/create and document/create/beta copy them. */
export function documentCreationMembers(payload: DocumentCreatePayload) {
  return {
    title: payload.title,
    externalId: payload.externalId,
    visibility: payload.visibility,
    globalAccessAuth: payload.globalAccessAuth,
    globalActionAuth: payload.globalActionAuth,
    formValues: payload.formValues,
    folderId: payload.folderId,
    meta: payload.meta,
    attachments: payload.attachments,
  };
}
