import { z } from 'zod';
import { fieldDefinitionSchema } from '../../domain/fields/field-input.js';
import { ZRecipientCreate, ZRecipientUpdate } from '../../domain/recipients/recipient-input.js';
import { ZFieldLegacy, ZRecipientLegacy } from '../schemas/views.schema.js';
import { documentFieldGeometry, ZDocumentId } from './document.schema.js';
import { ZAttachmentData } from './envelope-parts.schema.js';

/**
 * Documenso's document routes for recipients, fields and attachments (deprecated there in favour
 * of the envelope routes, still in the SDK): the envelope routes' members under the document
 * flow's names (`documentId`, `recipients`/`recipient`, `fields`/`field`, pageNumber/pageX/pageY).
 */
const ZDocumentIdMember = z.number().int().positive().max(2_147_483_647);

export const ZDocumentRecipientCreateBody = z.object({ documentId: ZDocumentIdMember, recipient: ZRecipientCreate });
export const ZDocumentRecipientCreateManyBody = z.object({
  documentId: ZDocumentIdMember,
  recipients: z.array(ZRecipientCreate).min(1).max(100),
});
export const ZDocumentRecipientUpdateBody = z.object({ documentId: ZDocumentIdMember, recipient: ZRecipientUpdate });
export const ZDocumentRecipientUpdateManyBody = z.object({
  documentId: ZDocumentIdMember,
  recipients: z.array(ZRecipientUpdate).min(1).max(100),
});

/** A document's recipient with its fields, as get, update and update-many answer it. */
export const ZDocumentRecipient = ZRecipientLegacy.extend({ fields: z.array(ZFieldLegacy) }).meta({
  id: 'DocumentRecipient',
});
export const ZDocumentRecipientCreateManyResponse = z.object({ recipients: z.array(ZRecipientLegacy) });
export const ZDocumentRecipientUpdateManyResponse = z.object({ recipients: z.array(ZDocumentRecipient) });

const ZDocumentFieldCreate = fieldDefinitionSchema({
  recipientId: z.number().int().positive(),
  ...documentFieldGeometry,
});
const ZDocumentFieldUpdate = fieldDefinitionSchema({
  id: z.number().int().positive(),
  pageNumber: documentFieldGeometry.pageNumber.optional(),
  pageX: documentFieldGeometry.pageX.optional(),
  pageY: documentFieldGeometry.pageY.optional(),
  width: documentFieldGeometry.width.optional(),
  height: documentFieldGeometry.height.optional(),
});
export const ZDocumentFieldCreateBody = z.object({ documentId: ZDocumentIdMember, field: ZDocumentFieldCreate });
export const ZDocumentFieldCreateManyBody = z.object({
  documentId: ZDocumentIdMember,
  fields: z.array(ZDocumentFieldCreate).min(1).max(500),
});
export const ZDocumentFieldUpdateBody = z.object({ documentId: ZDocumentIdMember, field: ZDocumentFieldUpdate });
export const ZDocumentFieldUpdateManyBody = z.object({
  documentId: ZDocumentIdMember,
  fields: z.array(ZDocumentFieldUpdate).min(1).max(500),
});
export const ZDocumentFieldsResponse = z.object({ fields: z.array(ZFieldLegacy) });

export const ZDocumentAttachmentFindQuery = z.object({ documentId: ZDocumentId });
export const ZDocumentAttachmentCreateBody = z.object({ documentId: ZDocumentIdMember, data: ZAttachmentData });
