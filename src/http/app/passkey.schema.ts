import { z } from 'zod';

/*
 * The passkey routes' shapes (WebAuthn JSON as @simplewebauthn/browser sends and takes it). No
 * OpenAPI ids: see app.schema.ts.
 */
const ZBase64Url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'base64url');

const credentialCommon = {
  id: ZBase64Url(1400).describe('The credential id (base64url)'),
  rawId: ZBase64Url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

export const ZPasskeyRegistrationOptionsBody = z.object({
  password: z
    .string()
    .min(1)
    .max(1024)
    .optional()
    .describe('The account’s password, typed again; not needed within ten minutes of signing in'),
});

const optional = z.unknown().optional();
export const ZPasskeyOptions = z
  .object({
    challenge: z.string().describe('base64url; works once, for five minutes'),
    timeout: z.number().optional(),
    rp: optional,
    user: optional,
    pubKeyCredParams: optional,
    excludeCredentials: optional,
    authenticatorSelection: optional,
    attestation: optional,
    attestationFormats: optional,
    hints: optional,
    extensions: optional,
    rpId: optional,
    allowCredentials: optional,
    userVerification: optional,
  })
  .describe('WebAuthn options JSON, for @simplewebauthn/browser (startRegistration / startAuthentication)');

export const ZPasskeyRegistrationBody = z.object({
  response: z.object({
    ...credentialCommon,
    response: z.object({
      clientDataJSON: ZBase64Url(4096),
      attestationObject: ZBase64Url(65_536),
      authenticatorData: ZBase64Url(65_536).optional(),
      transports: z.array(z.string().min(1).max(32)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: ZBase64Url(65_536).optional(),
    }),
  }),
  name: z.string().trim().min(1).max(100).optional().describe('A label for the list; default "Passkey"'),
});

export const ZPasskeySignInBody = z.object({
  response: z.object({
    ...credentialCommon,
    response: z.object({
      clientDataJSON: ZBase64Url(4096),
      authenticatorData: ZBase64Url(65_536),
      signature: ZBase64Url(4096),
      userHandle: ZBase64Url(256).optional(),
    }),
  }),
});

export const ZPasskey = z.object({
  id: z.string().describe('`passkey_…`'),
  name: z.string(),
  transports: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export const ZPasskeyList = z.object({ data: z.array(ZPasskey) });
export const ZPasskeyParams = z.object({ passkeyId: z.string().min(1).max(64) });
export const ZPasskeyRenameBody = z.object({ name: z.string().trim().min(1).max(100) });
export const ZPasskeyRemoveBody = z.object({ password: z.string().min(1).max(1024) });
export const ZPasskeyRemoved = z.object({ removed: z.literal(true) });
