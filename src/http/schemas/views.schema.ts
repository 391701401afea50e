import { z } from 'zod';
import { ZDocumentMetaView } from '../../domain/model/document-meta-view.js';
import { legacyIds, ZFieldView } from '../../domain/model/field-view.js';
import { identityMembers, ZRecipientView } from '../../domain/model/recipient-view.js';
import { ENVELOPE_STATUSES } from '../../lib/vocabulary/envelope-status.js';
import { RECIPIENT_ROLES } from '../../lib/vocabulary/recipients.js';

/**
 * Response shapes, as Documenso's SDK validates them (documenso-v2-wire.md), plus the spec's
 * additions (cuil, the identity members). The serializer encodes through these schemas, so a
 * response carries exactly these keys, nullable ones present as null. The recipient, field and
 * document meta shapes sit with their presenters in `domain/model` (webhooks use them too);
 * they get their OpenAPI names here, in the order the document has always listed them.
 */
export const ZRecipient = ZRecipientView.meta({ id: 'Recipient' });
/** Recipient as create-many answers it (with the identity members). */
export const ZRecipientWithIdentity = ZRecipient.extend(identityMembers).meta({ id: 'RecipientWithIdentity' });
/** Recipient as update-many and the legacy document shapes answer it. */
export const ZRecipientLegacy = ZRecipient.extend({ ...identityMembers, ...legacyIds }).meta({ id: 'RecipientLegacy' });
export const ZField = ZFieldView.meta({ id: 'Field' });
export const ZFieldLegacy = ZField.extend(legacyIds).meta({ id: 'FieldLegacy' });
export const ZDocumentMeta = ZDocumentMetaView.meta({ id: 'DocumentMeta' });

export const ZStatus = z.enum(ENVELOPE_STATUSES);
const ZVisibility = z.enum(['EVERYONE', 'MANAGER_AND_ABOVE', 'ADMIN']);
const ZSource = z.enum(['DOCUMENT', 'TEMPLATE', 'TEMPLATE_DIRECT_LINK']);
const ts = z.string().describe('ISO 8601 UTC timestamp');

/** Documenso's folder; `userId` and `teamId` are the platform's id, as in the envelope shapes. */
export const ZFolder = z
  .object({
    id: z.string(),
    name: z.string(),
    userId: z.number().int(),
    teamId: z.number().int(),
    parentId: z.string().nullable(),
    pinned: z.boolean(),
    createdAt: ts,
    updatedAt: ts,
    visibility: ZVisibility.describe('Which members of the team see the folder in the web app, by role'),
    type: z.enum(['DOCUMENT', 'TEMPLATE']),
  })
  .meta({ id: 'Folder' });

export const ZEnvelopeAuthOptions = z.object({
  globalAccessAuth: z.array(z.enum(['ACCOUNT', 'TWO_FACTOR_AUTH', 'EXTERNAL_TWO_FACTOR_AUTH'])),
  globalActionAuth: z.array(z.enum(['ACCOUNT', 'PASSKEY', 'TWO_FACTOR_AUTH', 'EXTERNAL_TWO_FACTOR_AUTH', 'PASSWORD'])),
});

const documentLiteMembers = {
  visibility: ZVisibility,
  status: ZStatus,
  source: ZSource,
  id: z.number().int().describe('The documentId'),
  externalId: z.string().nullable(),
  userId: z.number().int(),
  authOptions: ZEnvelopeAuthOptions.nullable(),
  formValues: z.record(z.string(), z.union([z.string(), z.boolean(), z.number()])).nullable(),
  title: z.string(),
  createdAt: ts,
  updatedAt: ts,
  completedAt: ts.nullable(),
  deletedAt: ts.nullable(),
  teamId: z.number().int(),
  folderId: z.string().nullable(),
  useLegacyFieldInsertion: z.boolean(),
  envelopeId: z.string(),
  internalVersion: z.number().int(),
  documentDataId: z.string(),
  templateId: z.number().int().nullable(),
};

export const ZDocumentLite = z.object(documentLiteMembers).meta({ id: 'DocumentLite' });

export const ZDocument = z
  .object({
    ...documentLiteMembers,
    documentData: z.object({
      type: z.enum(['S3_PATH', 'BYTES', 'BYTES_64']),
      id: z.string(),
      data: z.string(),
      initialData: z.string(),
      envelopeItemId: z.string(),
    }),
    documentMeta: ZDocumentMeta,
    envelopeItems: z.array(z.object({ id: z.string(), envelopeId: z.string() })),
    folder: ZFolder.nullable(),
    recipients: z.array(ZRecipientLegacy),
    fields: z.array(ZFieldLegacy),
  })
  .meta({ id: 'Document' });

export const ZSigningRecipient = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    token: z.string(),
    role: z.enum(RECIPIENT_ROLES),
    signingOrder: z.number().int().nullable(),
    signingUrl: z
      .string()
      .describe(
        'Private: whoever holds it can sign as this recipient ("" for a CC, before distribution and for a presign token, as is token)',
      ),
  })
  .meta({ id: 'SigningRecipient' });
