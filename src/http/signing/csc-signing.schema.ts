import { z } from 'zod';
import { ZConsentInput } from '../../domain/model/signing-consent.js';
import { ZCheckedCertificate } from './digital-signing.schema.js';

export const ZCscAuthorizeResponse = z.object({
  authorizeUrl: z
    .string()
    .describe(
      'Send the signer’s browser here (the provider’s oauth2/authorize). The answer also sets a cookie the callback /sign/csc/callback needs from the same browser.',
    ),
});

const ZCscSession = z
  .string()
  .min(1)
  .max(8000)
  .describe('The sealed session the callback put in the signing page’s address fragment (`#csc=…`)');

export const ZCscCredentialsBody = z.object({ session: ZCscSession }).strict();

export const ZCscCredentialsResponse = z.object({
  credentials: z.array(
    z.object({
      credentialId: z.string(),
      subject: z.string(),
      issuer: z.string(),
      serialNumber: z.string(),
      validTo: z.string().describe('ISO 8601'),
    }),
  ),
});

export const ZCscCredentialAuthorizationBody = z
  .object({
    session: ZCscSession,
    credentialId: z.string().min(1).max(255),
    consent: ZConsentInput.optional().describe('Required, as on complete; it is recorded when the signature is made'),
  })
  .strict();

export const ZCscCredentialAuthorizationResponse = ZCscAuthorizeResponse.extend({
  certificate: ZCheckedCertificate,
});
