import { ZLegacyFieldInsertion } from '../schemas/common.schema.js';
import { ZRedistributeRecipients } from './envelope.schema.js';
import { z } from 'zod';
import { ZMetaInput } from '../../domain/model/envelope-meta.js';
import { ZAccessAuth, ZGlobalActionAuth } from '../../domain/recipients/recipient-input.js';
import { ZDocument, ZDocumentLite, ZRecipient } from '../schemas/views.schema.js';
import { ZEnvelopeFindQuery } from './envelope.schema.js';
import { recordIdList, ZRecordId } from '../../lib/record-id.js';

/** Documenso's document find: the envelope find's filters, without `type` (always DOCUMENT). */
export const ZDocumentFindQuery = ZEnvelopeFindQuery.omit({ type: true });

/** A document in a list (find, get-many): the lite shape with its owner, team and recipients. */
const ZDocumentListEntry = ZDocumentLite.omit({ documentDataId: true }).extend({
  user: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string() }),
  recipients: z.array(ZRecipient),
  team: z.object({ id: z.number().int(), url: z.string() }).nullable(),
});

export const ZDocumentFindResponse = z
  .object({
    data: z.array(ZDocumentListEntry),
    count: z.number().int(),
    currentPage: z.number().int(),
    perPage: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'DocumentFindResponse' });

export const ZDocumentGetManyBody = z.object({
  documentIds: recordIdList(1, 100),
});
export const ZDocumentGetManyResponse = z.object({ data: z.array(ZDocumentListEntry) });

export const ZDocumentUpdateBody = z.object({
  documentId: ZRecordId,
  data: z
    .object({
      title: z.string().trim().min(1).max(255).optional(),
      externalId: z.string().trim().max(255).nullable().optional(),
      visibility: z.enum(['EVERYONE', 'MANAGER_AND_ABOVE', 'ADMIN']).optional(),
      globalAccessAuth: ZAccessAuth.optional(),
      globalActionAuth: ZGlobalActionAuth.optional(),
      useLegacyFieldInsertion: ZLegacyFieldInsertion.optional(),
      folderId: z.string().max(255).nullable().optional(),
    })
    .optional(),
  meta: ZMetaInput.optional(),
});
export const ZDocumentUpdateResponse = ZDocumentLite;

export const ZDocumentIdBody = z.object({ documentId: ZRecordId });

export const ZDocumentDuplicateResponse = z.object({
  id: z.string().describe('The new envelope id'),
  documentId: z.number().int().describe('The new documentId'),
});

export const ZDocumentRedistributeBody = z.object({
  documentId: ZRecordId,
  recipients: ZRedistributeRecipients,
});

export const ZDocumentCreateBetaResponse = z.object({
  document: ZDocument,
  uploadUrl: z
    .string()
    .describe('PUT the raw PDF here (Content-Type: application/pdf), no API token: single use, short-lived, private'),
});

export const ZDownloadBetaQuery = z.object({ version: z.enum(['original', 'signed']).default('signed') });
export const ZDownloadBetaResponse = z.object({
  downloadUrl: z.string().describe('Serves the PDF without the API token for a short while: private'),
  filename: z.string(),
  contentType: z.string(),
});

export const ZUploadResponse = z.object({
  documentId: z.number().int(),
  envelopeId: z.string(),
  envelopeItemId: z.string(),
  pageCount: z.number().int(),
  fieldCount: z.number().int().describe('Fields placed from the creation request'),
});
