import { z } from 'zod';
import { ZConsentInput } from '../../domain/model/signing-consent.js';

/** The certificate that passed the checks, as prepare and the CSC credential step answer it. */
export const ZCheckedCertificate = z.object({
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  cuil: z.string(),
  revocationSource: z.enum(['OCSP', 'CRL']),
});

export const ZPrepareSignatureBody = z
  .object({
    certificateChain: z
      .array(z.string().min(1).max(24_000))
      .min(1)
      .max(8)
      .describe('The signer’s certificate first, then its issuers: base64 DER or PEM, one per entry'),
  })
  .strict();

export const ZPrepareSignatureResponse = z.object({
  preparationId: z.string().describe('Names this preparation in submit; a new prepare replaces it'),
  signatures: z
    .array(
      z.object({
        itemId: z.string(),
        signedAttributes: z
          .string()
          .describe('Base64 DER of the CMS signed attributes: sign these bytes (SHA-256 with the certificate’s key)'),
        hashToSign: z.string().describe('Base64 SHA-256 of signedAttributes, for signers that take a hash (signHash)'),
        hashAlgorithm: z.literal('SHA-256'),
      }),
    )
    .describe('One per document of the envelope, each a new revision with this signer’s fields'),
  certificate: ZCheckedCertificate,
});

export const ZSubmitSignatureBody = z
  .object({
    preparationId: z.string().min(1).max(64),
    signatures: z
      .array(
        z.object({
          itemId: z.string().min(1).max(64),
          signatureValue: z
            .string()
            .min(1)
            .max(4096)
            .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64')
            .describe('Base64: RSA PKCS#1 v1.5 or ECDSA (DER) signature of signedAttributes with SHA-256'),
        }),
      )
      .min(1)
      .max(20),
    consent: ZConsentInput.optional().describe('Required, as on complete'),
  })
  .strict();
