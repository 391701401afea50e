import { z } from 'zod';

const ZScope = z
  .string()
  .min(1)
  .max(100)
  .describe('documentId:<n>, templateId:<n> or envelopeId:<id>: the one document the token may reach');

export const ZPresignCreateBody = z.object({
  expiresIn: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Minutes, default 60, at most FIRMA_PRESIGN_MAX_MINUTES (default 10080, a week)'),
  scope: ZScope.optional(),
});

export const ZPresignCreateResponse = z.object({
  token: z.string().describe('Use as "Authorization: Bearer <token>" instead of the API token; shown only here'),
  expiresAt: z.string().describe('ISO 8601 UTC timestamp'),
  expiresIn: z.number().int().describe('Seconds'),
});

export const ZPresignVerifyBody = z.object({
  token: z.string().min(1).max(2048),
  scope: ZScope.optional(),
});
