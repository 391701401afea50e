import { z } from 'zod';
import { TEMPLATE_TYPES } from '../../lib/vocabulary/template-types.js';
import { ZFormValuesInput } from '../schemas/common.schema.js';
import { ZMetaInput } from '../../domain/model/envelope-meta.js';
import { fieldDefinitionSchema, ZPercent, ZPercentSize } from '../../domain/fields/field-input.js';
import { ZAccessAuth, ZGlobalActionAuth, ZRecipientCreate } from '../../domain/recipients/recipient-input.js';
import { ZDocumentMeta, ZField, ZRecipient, ZSigningRecipient, ZStatus } from '../schemas/views.schema.js';
import { ZRecordId, ZRecordIdParam } from '../../lib/record-id.js';

const ts = z.string().describe('ISO 8601 UTC timestamp');
export const ZEnvelopeIdString = z.string().min(1).max(64).describe('The envelope id, `envelope_…`');
export const ZEnvelopeIdParams = z.object({ envelopeId: ZEnvelopeIdString });

const envelopeMembers = {
  internalVersion: z.number().int(),
  type: z.enum(['DOCUMENT', 'TEMPLATE']),
  status: ZStatus,
  source: z.enum(['DOCUMENT', 'TEMPLATE', 'TEMPLATE_DIRECT_LINK']),
  visibility: z.enum(['EVERYONE', 'MANAGER_AND_ABOVE', 'ADMIN']),
  templateType: z.enum(TEMPLATE_TYPES),
  id: z.string(),
  secondaryId: z.string(),
  externalId: z.string().nullable(),
  createdAt: ts,
  updatedAt: ts,
  completedAt: ts.nullable(),
  deletedAt: ts.nullable(),
  title: z.string(),
  authOptions: z.object({ globalAccessAuth: z.array(z.string()), globalActionAuth: z.array(z.string()) }).nullable(),
  formValues: z.record(z.string(), z.union([z.string(), z.boolean(), z.number()])).nullable(),
  publicTitle: z.string(),
  publicDescription: z.string(),
  userId: z.number().int(),
  teamId: z.number().int(),
  folderId: z.string().nullable(),
  templateId: z.number().int().nullable(),
};
const ZUser = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
const ZTeam = z.object({ id: z.number().int(), url: z.string() });

/** documentMeta as envelopes.get lists it (no password, documentId or reminderSettings). */
const ZEnvelopeMeta = ZDocumentMeta.omit({ password: true, documentId: true, reminderSettings: true });

export const ZEnvelope = z
  .object({
    ...envelopeMembers,
    documentMeta: ZEnvelopeMeta,
    recipients: z.array(ZRecipient),
    fields: z.array(ZField),
    envelopeItems: z.array(
      z.object({
        envelopeId: z.string(),
        documentDataId: z.string(),
        id: z.string(),
        title: z.string(),
        order: z.number().int(),
      }),
    ),
    directLink: z
      .object({
        id: z.string(),
        envelopeId: z.string(),
        token: z.string().describe("The link's token: answered to full-scope tokens only ('' otherwise)"),
        createdAt: z.string(),
        enabled: z.boolean(),
        directTemplateRecipientId: z.number().int(),
        templateId: z.number().int(),
      })
      .nullable()
      .describe("A template's direct link (FIRMA_PUBLIC_URL/d/{token}); null for documents and templates without one"),
    team: ZTeam,
    user: ZUser,
  })
  .meta({ id: 'Envelope' });

export const ZEnvelopeFindQuery = z.object({
  query: z.string().max(255).optional().describe('Part of the title, or the exact externalId'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  type: z.enum(['DOCUMENT', 'TEMPLATE']).optional(),
  status: ZStatus.optional(),
  source: z.enum(['DOCUMENT', 'TEMPLATE', 'TEMPLATE_DIRECT_LINK']).optional(),
  templateId: ZRecordIdParam.optional(),
  folderId: z.string().max(64).optional(),
  hasExpiredRecipients: z.enum(['true', 'false']).optional(),
  orderByColumn: z.literal('createdAt').optional(),
  orderByDirection: z.enum(['asc', 'desc']).default('desc'),
});

export const ZEnvelopeFindResponse = z
  .object({
    data: z.array(
      z.object({ ...envelopeMembers, user: ZUser, recipients: z.array(ZRecipient), team: ZTeam.nullable() }),
    ),
    count: z.number().int(),
    currentPage: z.number().int(),
    perPage: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'EnvelopeFindResponse' });

export const ZEnvelopeDistributeBody = z.object({ envelopeId: ZEnvelopeIdString, meta: ZMetaInput.optional() });
/** The recipients a redistribute sends their link again: shared by the envelope and document routes. */
export const ZRedistributeRecipients = z
  .array(ZRecordId)
  .min(1)
  .max(100)
  .describe('Recipient ids to send the link again (and renew their expiry)');
export const ZEnvelopeRedistributeBody = z.object({
  envelopeId: ZEnvelopeIdString,
  recipients: ZRedistributeRecipients,
});
export const ZEnvelopeSigningResponse = z.object({
  success: z.boolean(),
  id: z.string(),
  recipients: z.array(ZSigningRecipient),
});
export const ZEnvelopeIdBody = z.object({ envelopeId: ZEnvelopeIdString });

export const ZAuditLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  orderByColumn: z.literal('createdAt').optional(),
  orderByDirection: z.enum(['asc', 'desc']).default('asc'),
});

export const ZAuditLogResponse = z
  .object({
    data: z.array(
      z.object({
        id: z.string(),
        envelopeId: z.string(),
        type: z
          .string()
          .describe(
            "Documenso's audit type (DOCUMENT_SENT, DOCUMENT_OPENED, DOCUMENT_FIELD_INSERTED, …); `data` holds the members Documenso's schema for that type requires, plus what Firma recorded",
          ),
        firmaType: z
          .string()
          .optional()
          .describe(
            'The type Firma recorded, when Documenso has no such type (e.g. DOCUMENT_REJECTED, DOCUMENT_RESENT)',
          ),
        data: z.record(z.string(), z.unknown()),
        name: z.string().nullable(),
        email: z.string().nullable(),
        userId: z.number().int().nullable(),
        userAgent: z.string().nullable(),
        ipAddress: z.string().nullable(),
        createdAt: ts,
        seq: z.number().int().describe('Position in the hash chain'),
        hash: z.string().describe('SHA-256 of this entry, chained to the previous one'),
      }),
    ),
    count: z.number().int(),
    currentPage: z.number().int(),
    perPage: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'EnvelopeAuditLog' });

const ZEnvelopeFieldInput = fieldDefinitionSchema({
  identifier: z
    .union([z.string().max(255), z.number().int().min(0)])
    .optional()
    .describe('Which file: its file name or its index; optional with one file'),
  page: z.number().int().min(1),
  positionX: ZPercent,
  positionY: ZPercent,
  width: ZPercentSize,
  height: ZPercentSize,
});

export const ZEnvelopeCreatePayload = z
  .object({
    title: z.string().trim().min(1).max(255),
    type: z.enum(['DOCUMENT', 'TEMPLATE']).default('DOCUMENT'),
    externalId: z.string().trim().max(255).optional(),
    visibility: z.enum(['EVERYONE', 'MANAGER_AND_ABOVE', 'ADMIN']).optional(),
    globalAccessAuth: ZAccessAuth.optional(),
    globalActionAuth: ZGlobalActionAuth.optional(),
    formValues: ZFormValuesInput.nullable().optional(),
    folderId: z.string().max(255).nullable().optional(),
    delegatedDocumentOwner: z.string().max(255).nullable().optional(),
    recipients: z.array(ZRecipientCreate.extend({ fields: z.array(ZEnvelopeFieldInput).optional() })).optional(),
    meta: ZMetaInput.optional(),
    attachments: z
      .array(
        z.object({
          label: z.string().trim().min(1).max(255),
          data: z.url({ protocol: /^(https?|mailto)$/ }).max(2048),
          type: z.literal('link').default('link'),
        }),
      )
      .max(50)
      .optional(),
  })
  .meta({ id: 'EnvelopeCreatePayload' });
export const ZEnvelopeCreateBody = z.object({
  payload: ZEnvelopeCreatePayload.describe('JSON text'),
  files: z.array(z.string().meta({ format: 'binary' })).describe('One or more PDFs (also accepted as files[])'),
});

export const ZEnvelopeUpdateBody = z.object({
  envelopeId: ZEnvelopeIdString,
  data: z
    .object({
      title: z.string().trim().min(1).max(255).optional(),
      externalId: z.string().trim().max(255).nullable().optional(),
      visibility: z.enum(['EVERYONE', 'MANAGER_AND_ABOVE', 'ADMIN']).optional(),
      globalAccessAuth: ZAccessAuth.optional(),
      globalActionAuth: ZGlobalActionAuth.optional(),
      folderId: z.string().max(255).nullable().optional(),
      templateType: z
        .enum(TEMPLATE_TYPES)
        .optional()
        .describe('A template’s type: PUBLIC lists it on the team’s public profile (templates only)'),
      publicTitle: z.string().max(255).optional().describe('What the public profile shows (templates only)'),
      publicDescription: z.string().max(2000).optional().describe('What the public profile shows (templates only)'),
    })
    .optional(),
  meta: ZMetaInput.optional(),
});
export const ZEnvelopeLite = z.object(envelopeMembers).meta({ id: 'EnvelopeLite' });

export const ZItemUpdateManyBody = z.object({
  envelopeId: ZEnvelopeIdString,
  data: z
    .array(
      z.object({
        envelopeItemId: z.string().min(1).max(64),
        order: z.number().int().min(1).optional(),
        title: z.string().trim().min(1).max(255).optional(),
      }),
    )
    .min(1)
    .max(100),
});
export const ZItemUpdateManyResponse = z.object({
  data: z.array(z.object({ id: z.string(), order: z.number().int(), title: z.string(), envelopeId: z.string() })),
});
export const ZItemDeleteBody = z.object({ envelopeId: ZEnvelopeIdString, envelopeItemId: z.string().min(1).max(64) });
export const ZItemParams = z.object({ envelopeItemId: z.string().min(1).max(64) });
export const ZItemDownloadQuery = z.object({ version: z.enum(['original', 'signed', 'pending']).default('signed') });
