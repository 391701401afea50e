import { ZLegacyFieldInsertion } from '../schemas/common.schema.js';
import { z } from 'zod';
import { TEMPLATE_TYPES } from '../../lib/vocabulary/template-types.js';
import { ZMetaInput } from '../../domain/model/envelope-meta.js';
import { ZAccessAuth, ZGlobalActionAuth } from '../../domain/recipients/recipient-input.js';
import { ZDocumentMetaView } from '../../domain/model/document-meta-view.js';
import { ZEnvelopeAuthOptions, ZFieldLegacy, ZFolder, ZRecipientLegacy } from '../schemas/views.schema.js';
import { ZAttachmentInput } from './document.schema.js';
import { ZEnvelopeFindQuery } from './envelope.schema.js';
import { recordIdList, ZRecordId, ZRecordIdParam } from '../../lib/record-id.js';

/**
 * Documenso's legacy template operations: a template is an envelope of type TEMPLATE, named by
 * its numeric templateId (the same number space as documentId). `type` PUBLIC, with `publicTitle`
 * and `publicDescription`, lists the template on the team's public profile (docs/documents.md).
 */
export const ZTemplateIdParam = ZRecordIdParam;
const ZTemplateType = z.enum(TEMPLATE_TYPES);
const ZVisibility = z.enum(['EVERYONE', 'MANAGER_AND_ABOVE', 'ADMIN']);
const ts = z.string().describe('ISO 8601 UTC timestamp');

const templateOnlyMembers = {
  publicTitle: z.string().max(255).optional().describe('The title the team’s public profile shows (PUBLIC templates)'),
  publicDescription: z
    .string()
    .max(2000)
    .optional()
    .describe('The description the team’s public profile shows (PUBLIC templates)'),
  type: ZTemplateType.optional().describe(
    'PUBLIC: listed on the team’s public profile while its direct link is on; ORGANISATION: in Firma the same as PRIVATE (a team is a platform)',
  ),
};

export const ZTemplateCreatePayload = z
  .object({
    title: z.string().trim().min(1).max(255),
    folderId: z.string().max(255).nullable().optional(),
    externalId: z.string().trim().max(255).nullable().optional(),
    visibility: ZVisibility.optional(),
    globalAccessAuth: ZAccessAuth.optional(),
    globalActionAuth: ZGlobalActionAuth.optional(),
    ...templateOnlyMembers,
    meta: ZMetaInput.optional(),
    attachments: z.array(ZAttachmentInput).max(50).optional(),
  })
  .meta({ id: 'TemplateCreatePayload' });

export const ZTemplateCreateBody = z.object({
  payload: ZTemplateCreatePayload.describe('JSON text'),
  file: z.string().meta({ format: 'binary' }).describe('The PDF'),
});
export const ZTemplateCreateResponse = z.object({ envelopeId: z.string(), id: z.number().int() });

export const ZTemplateUpdateBody = z.object({
  templateId: ZRecordId,
  data: z
    .object({
      title: z.string().trim().min(1).max(255).optional(),
      externalId: z.string().trim().max(255).nullable().optional(),
      visibility: ZVisibility.optional(),
      globalAccessAuth: ZAccessAuth.optional(),
      globalActionAuth: ZGlobalActionAuth.optional(),
      ...templateOnlyMembers,
      useLegacyFieldInsertion: ZLegacyFieldInsertion.optional(),
      folderId: z.string().max(255).nullable().optional(),
    })
    .optional(),
  meta: ZMetaInput.optional(),
});

export const ZTemplateIdBody = z.object({ templateId: ZRecordId });
export const ZTemplateDirectCreateBody = z.object({
  templateId: ZRecordId,
  directRecipientId: ZRecordId.optional().describe(
    'The template recipient the visitor becomes (not a CC); default: the first SIGNER in signing order',
  ),
});
export const ZTemplateDirectToggleBody = z.object({ templateId: ZRecordId, enabled: z.boolean() });
export const ZTemplateGetManyBody = z.object({ templateIds: recordIdList(1, 100) });

export const ZTemplateFindQuery = ZEnvelopeFindQuery.pick({
  query: true,
  page: true,
  perPage: true,
  folderId: true,
}).extend({ type: ZTemplateType.optional().describe('Only templates of this type') });

const templateLiteMembers = {
  type: ZTemplateType,
  visibility: ZVisibility,
  id: z.number().int().describe('The templateId'),
  externalId: z.string().nullable(),
  title: z.string(),
  userId: z.number().int(),
  teamId: z.number().int(),
  authOptions: ZEnvelopeAuthOptions.nullable(),
  createdAt: ts,
  updatedAt: ts,
  publicTitle: z.string(),
  publicDescription: z.string(),
  folderId: z.string().nullable(),
  useLegacyFieldInsertion: z.boolean(),
  envelopeId: z.string(),
  templateDocumentDataId: z.string(),
};
export const ZTemplateLite = z.object(templateLiteMembers).meta({ id: 'TemplateLite' });

const directLinkMembers = {
  id: z.string(),
  envelopeId: z.string(),
  token: z.string(),
  createdAt: ts,
  enabled: z.boolean(),
  directTemplateRecipientId: z.number().int(),
  templateId: z.number().int(),
};
const ZDirectLink = z
  .object(directLinkMembers)
  .nullable()
  .describe(
    "The template's direct link (FIRMA_PUBLIC_URL/d/{token}; token '' unless the API token is full-scope), or null",
  );

const ZTemplateMeta = ZDocumentMetaView.pick({
  id: true,
  subject: true,
  message: true,
  timezone: true,
  dateFormat: true,
  signingOrder: true,
  typedSignatureEnabled: true,
  uploadSignatureEnabled: true,
  drawSignatureEnabled: true,
  allowDictateNextSigner: true,
  distributionMethod: true,
  redirectUrl: true,
  language: true,
  emailSettings: true,
  emailId: true,
  emailReplyTo: true,
}).extend({ templateId: z.number().int() });

export const ZTemplate = z
  .object({
    ...templateLiteMembers,
    templateDocumentData: z.object({
      type: z.enum(['S3_PATH', 'BYTES', 'BYTES_64']),
      id: z.string(),
      data: z.string(),
      initialData: z.string(),
      envelopeItemId: z.string(),
    }),
    templateMeta: ZTemplateMeta,
    directLink: ZDirectLink,
    user: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string() }),
    recipients: z.array(ZRecipientLegacy),
    fields: z.array(ZFieldLegacy),
    folder: ZFolder.nullable(),
    envelopeItems: z.array(z.object({ id: z.string(), envelopeId: z.string() })),
  })
  .meta({ id: 'Template' });

const ZTemplateListEntry = z.object({
  ...templateLiteMembers,
  team: z.object({ id: z.number().int(), url: z.string(), name: z.string() }).nullable(),
  fields: z.array(ZFieldLegacy),
  recipients: z.array(ZRecipientLegacy),
  templateMeta: ZTemplateMeta.pick({ signingOrder: true, distributionMethod: true }).nullable(),
  directLink: ZDirectLink,
});

export const ZTemplateFindResponse = z
  .object({
    data: z.array(ZTemplateListEntry),
    count: z.number().int(),
    currentPage: z.number().int(),
    perPage: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'TemplateFindResponse' });
export const ZTemplateGetManyResponse = z.object({ data: z.array(ZTemplateListEntry) });

export const ZTemplateCreateBetaResponse = z.object({
  template: ZTemplate,
  uploadUrl: z
    .string()
    .describe('PUT the raw PDF here (Content-Type: application/pdf), no API token: single use, short-lived, private'),
});

export const ZTemplateDirectLink = z
  .object({
    ...directLinkMembers,
    token: z.string().describe('The capability: FIRMA_PUBLIC_URL/d/{token} is the public page'),
  })
  .meta({ id: 'TemplateDirectLink' });
