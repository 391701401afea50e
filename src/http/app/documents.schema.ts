import { z } from 'zod';
import { TEMPLATE_TYPES } from '../../lib/vocabulary/template-types.js';
import { ENVELOPE_STATUSES } from '../../lib/vocabulary/envelope-status.js';
import { READ_STATUSES, RECIPIENT_ROLES, SEND_STATUSES, SIGNING_STATUSES } from '../../lib/vocabulary/recipients.js';
import { LANGUAGES } from '../../lib/vocabulary/languages.js';
import { ZPlatformParams } from './app.schema.js';

/*
 * The web app's document and template shapes (no OpenAPI ids: see app.schema.ts). Never a signing
 * token or link: those stay with the API and the recipients' mails.
 */
const ts = z.string().describe('ISO 8601 UTC timestamp');
const ZVisibility = z.enum(['EVERYONE', 'MANAGER_AND_ABOVE', 'ADMIN']);
const ZEnvelopeIdString = z.string().min(1).max(64).describe('The envelope id, `envelope_…`');

export const ZAppListQuery = z.object({
  query: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .optional()
    .describe('Part of the title, the exact externalId, or a recipient’s whole e-mail address or name'),
  status: z.enum(ENVELOPE_STATUSES).optional(),
  folderId: z.string().min(1).max(64).optional().describe('Only what is filed directly in this folder'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZAppEnvelopeParams = ZPlatformParams.extend({ envelopeId: ZEnvelopeIdString });

export const ZAppEnvelopeQuery = z.object({
  language: z
    .enum(LANGUAGES)
    .optional()
    .describe('The language of the timeline: the one the page shows (default: the member’s account language)'),
});

const ZAppRecipient = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(RECIPIENT_ROLES),
  signingOrder: z.number().int().nullable(),
  sendStatus: z.enum(SEND_STATUSES),
  readStatus: z.enum(READ_STATUSES),
  signingStatus: z.enum(SIGNING_STATUSES),
  sentAt: ts.nullable(),
  openedAt: ts.nullable(),
  signedAt: ts.nullable().describe('When they signed, or rejected'),
  expiresAt: ts.nullable(),
  rejectionReason: z.string().nullable(),
});

const appEnvelopeMembers = {
  id: z.string().describe('`envelope_…`'),
  numericId: z.number().int().describe('The API’s documentId or templateId'),
  type: z.enum(['DOCUMENT', 'TEMPLATE']),
  title: z.string(),
  status: z.enum(ENVELOPE_STATUSES),
  visibility: ZVisibility,
  externalId: z.string().nullable(),
  folderId: z.string().nullable(),
  owner: z
    .object({ userId: z.string(), name: z.string(), email: z.string() })
    .nullable()
    .describe('The member who owns it; null: the team'),
  createdAt: ts,
  updatedAt: ts,
  sentAt: ts.nullable(),
  completedAt: ts.nullable(),
  recipients: z.array(ZAppRecipient),
};

export const ZAppEnvelopeList = z.object({
  data: z.array(z.object(appEnvelopeMembers)),
  count: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  totalPages: z.number().int(),
});

export const ZAppEnvelopeDetail = z.object({
  ...appEnvelopeMembers,
  source: z.enum(['DOCUMENT', 'TEMPLATE', 'TEMPLATE_DIRECT_LINK']),
  language: z.enum(LANGUAGES).describe('The language of the timeline: the member’s'),
  fieldCount: z.number().int(),
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      pageCount: z.number().int(),
      sealed: z.boolean().describe('The sealed PDF exists'),
    }),
  ),
  certificateAvailable: z.boolean(),
  publication: z
    .object({
      type: z.enum(TEMPLATE_TYPES),
      publicTitle: z.string(),
      publicDescription: z.string(),
    })
    .nullable()
    .describe('A template’s listing on the team’s public profile; null for a document'),
  timeline: z.array(
    z.object({
      at: ts,
      type: z.string(),
      actor: z.string().nullable().describe('Who acted, when the entry names someone'),
      sentence: z.string().describe('The audit entry in words, as the completion certificate says it'),
    }),
  ),
});

export const ZAppResendBody = z.object({
  recipientIds: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1)
    .max(100)
    .optional()
    .describe('Default: every recipient who still has to act'),
});

export const ZAppDone = z.object({ id: z.string().describe('The envelope acted on; for duplicate, the copy') });

export const ZAppDownloadParams = ZAppEnvelopeParams.extend({
  file: z.enum(['original', 'sealed', 'certificate']),
});
export const ZAppDownloadQuery = z.object({
  itemId: z.string().min(1).max(64).optional().describe('Which file of the envelope (default: the first)'),
});
