import { z } from 'zod';
import { IDENTITY_RULES } from '../../domain/recipients/identity-rule.js';
import { ZRecipientEmail } from '../../domain/recipients/recipient-input.js';
import { RECIPIENT_ROLES_SIGNER_FIRST } from '../../lib/vocabulary/recipients.js';

export const ZDirectLinkParams = z.object({ token: z.string().describe("The template's direct-link token (private)") });

export const ZDirectLinkView = z
  .object({
    title: z.string(),
    language: z.string(),
    role: z.enum(RECIPIENT_ROLES_SIGNER_FIRST),
    requiresCuil: z
      .boolean()
      .describe(
        'The visitor becomes a SIGNER on a platform whose identity rule asks for an ID: a valid one is required in `cuil`',
      ),
    identityRule: z
      .enum(IDENTITY_RULES)
      .describe('The platform’s identity rule: which ID `cuil` holds (CUIL, RUT, CI_UY, CPF; NONE: no ID asked)'),
    fieldCount: z.number().int(),
    pageCount: z.number().int(),
  })
  .meta({ id: 'DirectLinkView' });

export const ZDirectLinkCodeBody = z.object({
  email: ZRecipientEmail.refine((v) => v !== '', 'an e-mail address is required').describe(
    "The visitor's own e-mail: a 6-digit code is mailed there, and the document is made only with it",
  ),
});

export const ZDirectLinkCodeResponse = z
  .object({
    email: z.string().describe('The address the code was mailed to (lower-cased): send it again with the code'),
    codeExpiresAt: z.iso.datetime(),
  })
  .meta({ id: 'DirectLinkCodeSent' });

export const ZDirectLinkUseBody = z.object({
  name: z.string().trim().min(1).max(255),
  email: ZRecipientEmail.refine((v) => v !== '', 'an e-mail address is required'),
  cuil: z
    .string()
    .max(20)
    .nullable()
    .optional()
    .describe(
      'Required when requiresCuil: the ID of the platform’s identityRule (a CUIL: 11 digits, hyphens allowed, a correct check digit)',
    ),
  code: z
    .string()
    .regex(/^\d{6}$/, 'the 6-digit code mailed to this address')
    .describe('The code mailed to `email` by POST /direct/{token}/code: 6 digits, valid 10 minutes, 5 tries'),
  externalId: z
    .string()
    .trim()
    .max(255)
    .optional()
    .describe("The new document's externalId (an embedding app's own reference, as Documenso's direct template takes)"),
});

export const ZDirectLinkUseResponse = z
  .object({
    documentId: z.number().int(),
    envelopeId: z.string(),
    recipientId: z.number().int(),
    token: z.string().describe("The visitor's own signing token: sign through /api/v2/signing/{token}"),
    signingUrl: z.string(),
  })
  .meta({ id: 'DirectLinkUse' });
