import { z } from 'zod';
import { fieldDefinitionSchema } from '../../domain/fields/field-input.js';
import { ZRecipientCreate, ZRecipientUpdate } from '../../domain/recipients/recipient-input.js';
import { ZFieldLegacy, ZRecipientLegacy } from '../schemas/views.schema.js';
import { documentFieldGeometry, ZDocumentId } from './document.schema.js';
import { ZAttachmentData } from './envelope-parts.schema.js';
import { ZRecordId } from '../../lib/record-id.js';

/**
 * Documenso's document and template routes for recipients, fields and attachments (deprecated
 * there in favour of the envelope routes, still in the SDK): the envelope routes' members under the
 * document flow's names (`documentId`/`templateId`, `recipients`/`recipient`, `fields`/`field`,
 * pageNumber/pageX/pageY).
 */

/** A document's (or template's) recipient with its fields, as get, update and update-many answer it. */
export const ZDocumentRecipient = ZRecipientLegacy.extend({ fields: z.array(ZFieldLegacy) }).meta({
  id: 'DocumentRecipient',
});
export const ZDocumentRecipientCreateManyResponse = z.object({ recipients: z.array(ZRecipientLegacy) });
export const ZDocumentRecipientUpdateManyResponse = z.object({ recipients: z.array(ZDocumentRecipient) });
export const ZDocumentFieldsResponse = z.object({ fields: z.array(ZFieldLegacy) });

const ZLegacyFieldCreate = fieldDefinitionSchema({
  recipientId: ZRecordId,
  ...documentFieldGeometry,
});
const ZLegacyFieldUpdate = fieldDefinitionSchema({
  id: ZRecordId,
  pageNumber: documentFieldGeometry.pageNumber.optional(),
  pageX: documentFieldGeometry.pageX.optional(),
  pageY: documentFieldGeometry.pageY.optional(),
  width: documentFieldGeometry.width.optional(),
  height: documentFieldGeometry.height.optional(),
});

/**
 * The request bodies of one family's recipient and field routes: identical for documents and
 * templates but for the member naming the owner (`documentId` or `templateId`), as in the SDK.
 */
export function legacyPartBodies(ownerKey: 'documentId' | 'templateId') {
  const owner = { [ownerKey]: ZRecordId } as Record<'documentId', typeof ZRecordId>;
  return {
    recipientCreate: z.object({ ...owner, recipient: ZRecipientCreate }),
    recipientCreateMany: z.object({ ...owner, recipients: z.array(ZRecipientCreate).min(1).max(100) }),
    recipientUpdate: z.object({ ...owner, recipient: ZRecipientUpdate }),
    recipientUpdateMany: z.object({ ...owner, recipients: z.array(ZRecipientUpdate).min(1).max(100) }),
    fieldCreate: z.object({ ...owner, field: ZLegacyFieldCreate }),
    fieldCreateMany: z.object({ ...owner, fields: z.array(ZLegacyFieldCreate).min(1).max(500) }),
    fieldUpdate: z.object({ ...owner, field: ZLegacyFieldUpdate }),
    fieldUpdateMany: z.object({ ...owner, fields: z.array(ZLegacyFieldUpdate).min(1).max(500) }),
  };
}

export const ZDocumentAttachmentFindQuery = z.object({ documentId: ZDocumentId });
export const ZDocumentAttachmentCreateBody = z.object({ documentId: ZRecordId, data: ZAttachmentData });
