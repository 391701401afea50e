import { z } from 'zod';
import { DATE_FORMATS, LANGUAGES, ZEmailSettings } from '../../domain/model/envelope-meta.js';
import { FIELD_TYPES } from '../../domain/fields/field-input.js';
import { ZFieldMeta } from '../../domain/fields/field-meta.js';
import { RECIPIENT_ROLES } from '../../domain/recipients/recipient-input.js';

/**
 * Response shapes, as Documenso's SDK validates them (documenso-v2-wire.md), plus the spec's
 * additions (cuil, the identity members). The serializer encodes through these schemas, so a
 * response carries exactly these keys, nullable ones present as null.
 */
export const ZStatus = z.enum(['DRAFT', 'PENDING', 'COMPLETED', 'REJECTED', 'CANCELLED']);
const ZVisibility = z.enum(['EVERYONE', 'MANAGER_AND_ABOVE', 'ADMIN']);
const ZSource = z.enum(['DOCUMENT', 'TEMPLATE', 'TEMPLATE_DIRECT_LINK']);
const ts = z.string().describe('ISO 8601 UTC timestamp');

export const ZRecipientAuthOptions = z.object({
  accessAuth: z.array(z.enum(['ACCOUNT', 'TWO_FACTOR_AUTH'])),
  actionAuth: z.array(z.enum(['ACCOUNT', 'PASSKEY', 'TWO_FACTOR_AUTH', 'PASSWORD', 'EXPLICIT_NONE'])),
});
export const ZEnvelopeAuthOptions = z.object({
  globalAccessAuth: z.array(z.enum(['ACCOUNT', 'TWO_FACTOR_AUTH'])),
  globalActionAuth: z.array(z.enum(['ACCOUNT', 'PASSKEY', 'TWO_FACTOR_AUTH', 'PASSWORD'])),
});

export const ZRecipient = z
  .object({
    envelopeId: z.string(),
    role: z.enum(RECIPIENT_ROLES),
    readStatus: z.enum(['NOT_OPENED', 'OPENED']),
    signingStatus: z.enum(['NOT_SIGNED', 'SIGNED', 'REJECTED']),
    sendStatus: z.enum(['NOT_SENT', 'SENT']),
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    token: z.string().describe('Always empty: signing URLs are private and handed out only by distribute'),
    documentDeletedAt: ts.nullable(),
    expired: ts.nullable(),
    expiresAt: ts.nullable(),
    expirationNotifiedAt: ts.nullable(),
    signedAt: ts.nullable(),
    authOptions: ZRecipientAuthOptions.nullable(),
    signingOrder: z.number().int().nullable(),
    rejectionReason: z.string().nullable(),
    cuil: z.string().nullable().describe('11 digits'),
  })
  .meta({ id: 'Recipient' });

const identityMembers = {
  phone: z.string().nullable(),
  idDocumentCountry: z.string().nullable(),
  idDocumentNumber: z.string().nullable(),
  idDocumentType: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
};
const legacyIds = { documentId: z.number().int().nullable(), templateId: z.number().int().nullable() };

/** Recipient as create-many answers it (with the identity members). */
export const ZRecipientWithIdentity = ZRecipient.extend(identityMembers).meta({ id: 'RecipientWithIdentity' });
/** Recipient as update-many and the legacy document shapes answer it. */
export const ZRecipientLegacy = ZRecipient.extend({ ...identityMembers, ...legacyIds }).meta({ id: 'RecipientLegacy' });

export const ZField = z
  .object({
    envelopeId: z.string(),
    envelopeItemId: z.string(),
    type: z.enum(FIELD_TYPES),
    id: z.number().int(),
    secondaryId: z.string(),
    recipientId: z.number().int(),
    page: z.number().int(),
    positionX: z.number(),
    positionY: z.number(),
    width: z.number(),
    height: z.number(),
    customText: z.string(),
    inserted: z.boolean(),
    fieldMeta: ZFieldMeta.nullable(),
  })
  .meta({ id: 'Field' });
export const ZFieldLegacy = ZField.extend(legacyIds).meta({ id: 'FieldLegacy' });

const ZPeriod = z.union([
  z.object({ unit: z.enum(['day', 'week', 'month', 'year']), amount: z.number().int() }),
  z.object({ disabled: z.literal(true) }),
]);
const ZReminderPart = z.union([
  z.object({ unit: z.enum(['day', 'week', 'month']), amount: z.number().int() }),
  z.object({ disabled: z.literal(true) }),
]);

export const ZDocumentMeta = z
  .object({
    id: z.string(),
    subject: z.string().nullable(),
    message: z.string().nullable(),
    timezone: z.string().nullable(),
    dateFormat: z.enum(DATE_FORMATS).nullable(),
    redirectUrl: z.string().nullable(),
    signingOrder: z.enum(['PARALLEL', 'SEQUENTIAL']),
    allowDictateNextSigner: z.boolean(),
    typedSignatureEnabled: z.boolean(),
    uploadSignatureEnabled: z.boolean(),
    drawSignatureEnabled: z.boolean(),
    language: z.enum(LANGUAGES),
    distributionMethod: z.enum(['EMAIL', 'NONE']),
    emailSettings: ZEmailSettings.nullable(),
    emailId: z.string().nullable(),
    emailReplyTo: z.string().nullable(),
    envelopeExpirationPeriod: ZPeriod.nullable(),
    reminderSettings: z.object({ sendAfter: ZReminderPart, repeatEvery: ZReminderPart }).nullable(),
    password: z.string().nullable(),
    documentId: z.number().int(),
  })
  .meta({ id: 'DocumentMeta' });

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
    folder: z.null(),
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
    signingUrl: z.string().describe('Private: whoever holds it can sign as this recipient'),
  })
  .meta({ id: 'SigningRecipient' });
