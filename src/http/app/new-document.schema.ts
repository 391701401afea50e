import { z } from 'zod';
import { IDENTITY_RULES } from '../../domain/recipients/identity-rule.js';
import { ZCuil } from '../../domain/recipients/recipient-input.js';
import { ZEmailAddress } from '../../lib/email-address.js';
import { LANGUAGES } from '../../lib/vocabulary/languages.js';
import { RECIPIENT_ROLES } from '../../lib/vocabulary/recipients.js';

/* The web app's new-document shapes (no OpenAPI ids: see app.schema.ts). */

export const ZAppNewDocumentPayload = z.object({
  title: z.string().trim().min(1).max(255),
  language: z.enum(LANGUAGES).describe('The language of the recipients’ mails and signing page'),
  send: z.boolean().describe('true: send at once; false: save as a draft'),
  recipients: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(255),
        email: ZEmailAddress,
        role: z.enum(RECIPIENT_ROLES),
        signingOrder: z.number().int().min(1).max(10_000).optional().describe('Who acts first (1), then 2, …'),
        cuil: ZCuil(20)
          .optional()
          .describe('The national ID the team’s identity rule asks of its signers (CUIL by default)'),
      }),
    )
    .min(1)
    .max(100)
    .describe('In the order the placeholder tags number them: the first is r1, the second r2, …'),
});

export const ZAppNewDocumentBody = z.object({
  payload: ZAppNewDocumentPayload.describe('JSON text'),
  file: z.string().meta({ format: 'binary' }).describe('The PDF'),
});

export const ZAppNewDocumentAnswer = z.object({
  id: z.string().describe('The new document, `envelope_…`'),
  status: z.enum(['DRAFT', 'PENDING']),
});

export const ZAppDocumentOptions = z.object({
  identityRule: z.enum(IDENTITY_RULES).describe('The national ID the team’s signers must carry; NONE: none'),
  idLabel: z.string().nullable().describe('What the ID is called (CUIL, RUT, CI, CPF); null under NONE'),
  signerEntersId: z.boolean().describe('A signer sent without one types their own before signing'),
  uploadBytes: z.number().int().describe('The largest PDF accepted, in bytes'),
});
