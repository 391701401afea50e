import { z } from 'zod';
import { ZEmailAddress } from '../../lib/email-address.js';
import { LANGUAGES } from '../../lib/vocabulary/languages.js';

export const ZSenderIdentity = z.object({
  id: z.string().describe('The sender identity’s id, `sender_…`: what a document’s `meta.emailId` names'),
  email: z.string(),
  name: z.string().nullable().describe('The display name its mails carry; null: the platform’s sender name'),
  verified: z.boolean().describe('true once the code mailed to the address was confirmed; only then usable'),
  verifiedAt: z.string().nullable(),
  codeExpiresAt: z.string().nullable().describe('While unverified: until when the latest mailed code is good'),
  createdAt: z.string(),
});

export const ZSenderIdentityList = z.object({ data: z.array(ZSenderIdentity) });

export const ZSenderIdentityParams = z.object({ id: z.string().min(1).max(64) });

export const ZSenderIdentityCreateBody = z.object({
  email: ZEmailAddress,
  name: z.string().max(100).nullable().optional().describe('The display name of its mails'),
  language: z.enum(LANGUAGES).optional().describe('The language of the code mail; default en'),
});

export const ZSenderIdentityVerifyBody = z.object({
  code: z
    .string()
    .regex(/^\d{6}$/, 'six digits')
    .describe('The 6-digit code mailed to the address (10 minutes, 5 tries)'),
});
