import { z } from 'zod';
import { ZMetaInput } from '../../domain/model/envelope-meta.js';
import { FIELD_TYPES } from '../../lib/vocabulary/field-types.js';
import { ZCuil, ZRecipientEmail } from '../../domain/recipients/recipient-input.js';
import { RECIPIENT_ROLES, SIGNING_STATUSES } from '../../lib/vocabulary/recipients.js';
import { ZFieldLegacy, ZStatus } from '../schemas/views.schema.js';
import { ZRecordId, ZRecordIdParam } from '../../lib/record-id.js';

const ts = z.string().describe('ISO 8601 UTC timestamp');
export const ZV1DocumentId = ZRecordIdParam;
export const ZV1DocumentParams = z.object({ id: ZV1DocumentId });

export const ZV1CreateBody = z.object({
  title: z.string().trim().min(1).max(255),
  externalId: z.string().trim().max(255).optional(),
  recipients: z
    .array(
      z.object({
        name: z.string().trim().max(255),
        email: ZRecipientEmail,
        role: z.enum(RECIPIENT_ROLES).default('SIGNER'),
        signingOrder: z.number().int().min(0).max(10_000).nullable().optional(),
        cuil: ZCuil(20).optional().describe('11 digits; hyphens accepted (20-12345678-6)'),
      }),
    )
    .max(100)
    .default([]),
  meta: ZMetaInput.optional(),
  folderId: z.string().max(64).nullable().optional().describe('A DOCUMENT folder of the platform (`folder_…`)'),
});

const ZV1Recipient = z.object({
  recipientId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(RECIPIENT_ROLES),
  signingOrder: z.number().int().nullable(),
  signingStatus: z.enum(SIGNING_STATUSES),
  cuil: z.string().nullable(),
});
const ZV1RecipientWithUrl = ZV1Recipient.extend({
  signingUrl: z.string().nullable().describe('Private; present once the document is sent, for recipients who must act'),
});

export const ZV1CreateResponse = z.object({
  documentId: z.number().int().describe('The same number as v2 `documentId`'),
  externalId: z.string().nullable(),
  uploadUrl: z
    .string()
    .describe('PUT the raw PDF here (Content-Type: application/pdf), once, before it expires; no API token needed'),
  recipients: z.array(ZV1Recipient),
});

export const ZV1FieldInput = z.object({
  recipientId: ZRecordId,
  type: z.enum(FIELD_TYPES),
  pageNumber: z.number().int().min(1),
  pageX: z.number().min(0).max(100),
  pageY: z.number().min(0).max(100),
  pageWidth: z.number().gt(0).max(100).describe("The field's width in percent of the page"),
  pageHeight: z.number().gt(0).max(100).describe("The field's height in percent of the page"),
  fieldMeta: z.record(z.string(), z.unknown()).optional(),
});
export const ZV1FieldsBody = z.union([ZV1FieldInput, z.array(ZV1FieldInput).min(1).max(500)]);

/**
 * v1's field: the v2 field's members (picked, in v1's order), `documentId` always set (v1 knows
 * documents only), and `fieldMeta` answered as stored rather than through v2's field meta schema.
 */
const ZV1Field = ZFieldLegacy.pick({
  id: true,
  documentId: true,
  recipientId: true,
  type: true,
  page: true,
  positionX: true,
  positionY: true,
  width: true,
  height: true,
  customText: true,
  inserted: true,
  fieldMeta: true,
}).extend({ documentId: z.number().int(), fieldMeta: z.record(z.string(), z.unknown()).nullable() });
export const ZV1FieldsResponse = z.object({ documentId: z.number().int(), fields: z.array(ZV1Field) });

export const ZV1SendBody = z
  .object({
    sendEmail: z
      .boolean()
      .default(true)
      .describe('false: Firma sends nothing; hand the signingUrls to the recipients yourself'),
    sendCompletionEmails: z
      .boolean()
      .optional()
      .describe(
        'Mail the signed PDF to the recipients and the owner on completion (emailSettings.documentCompleted and ownerDocumentCompleted); true needs sendEmail',
      ),
  })
  .default({ sendEmail: true });

const documentMembers = {
  id: z.number().int(),
  externalId: z.string().nullable(),
  userId: z.number().int(),
  teamId: z.number().int(),
  folderId: z.string().nullable(),
  title: z.string(),
  status: ZStatus,
  createdAt: ts,
  updatedAt: ts,
  completedAt: ts.nullable(),
};
export const ZV1DocumentSummary = z.object(documentMembers);
export const ZV1Document = z.object({
  ...documentMembers,
  recipients: z.array(ZV1RecipientWithUrl),
  fields: z.array(ZV1Field),
});
export const ZV1SendResponse = ZV1Document.extend({ message: z.string() });
export const ZV1ListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  folderId: z.string().max(64).optional().describe('Only the documents filed in this folder'),
});
export const ZV1ListResponse = z.object({ documents: z.array(ZV1DocumentSummary), totalPages: z.number().int() });
export const ZV1DownloadResponse = z.object({
  downloadUrl: z
    .string()
    .describe('Serves the sealed PDF without the API token until it expires (FIRMA_V1_DOWNLOAD_TTL_MINUTES)'),
});
