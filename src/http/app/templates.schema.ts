import { z } from 'zod';
import { IDENTITY_RULES } from '../../domain/recipients/identity-rule.js';
import { TEMPLATE_TYPES } from '../../lib/vocabulary/template-types.js';
import { ZBulkSend, ZBulkSendBody, ZBulkSendPayload } from '../v2/bulk-send.schema.js';
import { ZAppEnvelopeParams } from './documents.schema.js';

/*
 * The web app's template shapes beyond the list and page (documents.schema.ts): the direct link,
 * using a template, bulk send. No OpenAPI ids (see app.schema.ts): the bulk-send shapes are the
 * API's, copied without theirs.
 */
const ZRecipientId = z.number().int().positive().max(2_147_483_647);

export const ZAppDirectLink = z.object({
  id: z.string(),
  enabled: z.boolean().describe('false: its page says the link is off'),
  url: z.string().describe('The public page where a visitor becomes `directRecipientId` and signs'),
  directRecipientId: z.number().int().describe('The template recipient a visitor becomes'),
  createdAt: z.string(),
});

export const ZAppDirectLinkState = z.object({
  link: ZAppDirectLink.nullable().describe('null: the template has no direct link'),
  identityRule: z
    .enum(IDENTITY_RULES)
    .describe('The team’s identity rule: unless NONE, each signer of a document made from the template needs that ID'),
});

export const ZAppDirectLinkAnswer = z.object({ link: ZAppDirectLink.nullable().describe('null once deleted') });

export const ZAppDirectLinkCreateBody = z.object({
  directRecipientId: ZRecipientId.optional().describe(
    'The template recipient a visitor becomes (default: the first SIGNER)',
  ),
});

export const ZAppDirectLinkToggleBody = z.object({ enabled: z.boolean() });

export const ZAppTemplateUseBody = z.object({
  recipients: z
    .array(
      z.object({
        id: ZRecipientId.describe('The template recipient this person is'),
        email: z.string().trim().min(1).max(254),
        name: z.string().trim().max(255).optional(),
        cuil: z.string().trim().min(1).max(32).optional().describe('Their ID under the team’s identity rule'),
      }),
    )
    .min(1)
    .max(100),
  distributeDocument: z.boolean().default(true).describe('Send it at once (default); false leaves a draft'),
});

export const ZAppBulkSendBody = z.object({
  payload: z.object(ZBulkSendPayload.shape).describe('JSON text, e.g. {"distributeDocument": true}'),
  file: ZBulkSendBody.shape.file,
});

export const ZAppBulkSend = z.object(ZBulkSend.shape);

export const ZAppBulkSendParams = ZAppEnvelopeParams.extend({ bulkSendId: z.string().min(1).max(64) });

export const ZAppTemplatePublication = z.object({
  type: z
    .enum(TEMPLATE_TYPES)
    .describe('PUBLIC: listed on the team’s public profile (with an enabled direct link); PRIVATE: not listed'),
  publicTitle: z.string().trim().max(255).describe('The title the public profile shows'),
  publicDescription: z.string().trim().max(2000).describe('The description the public profile shows'),
});
