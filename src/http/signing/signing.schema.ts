import { z } from 'zod';
import { IDENTITY_RULES } from '../../domain/recipients/identity-rule.js';
import { CONSENT_LANGUAGES, ZConsentInput } from '../../domain/model/signing-consent.js';
import { READ_STATUSES, RECIPIENT_ROLES, SEND_STATUSES, SIGNING_STATUSES } from '../../lib/vocabulary/recipients.js';
import { ZField, ZStatus } from '../schemas/views.schema.js';
import { ZRecordIdParam } from '../../lib/record-id.js';
import { ZEmailAddress } from '../../lib/email-address.js';

// No length or alphabet rule on the token: a token of any shape that opens no session is the same
// 404 as any other wrong one (a rule would answer 400 quoting it, telling guesses apart from tokens).
export const ZSigningParams = z.object({ token: z.string().describe('The recipient signing token (private)') });
export const ZSigningFieldParams = ZSigningParams.extend({
  fieldId: ZRecordIdParam,
});
export const ZSigningItemParams = ZSigningParams.extend({ envelopeItemId: z.string().min(1).max(100) });

/** The v2 field's members (picked, in the signing page's order) plus what the recipient filled. */
export const ZSigningField = z
  .object({
    ...ZField.pick({ id: true, envelopeItemId: true, recipientId: true }).shape,
    isOwn: z.boolean().describe('false for fields an ASSISTANT fills for a later recipient'),
    signedByCertificate: z
      .boolean()
      .describe(
        "A DIGITAL recipient's signature field: their certificate's signature fills it, nothing is drawn or typed",
      ),
    ...ZField.pick({
      type: true,
      page: true,
      positionX: true,
      positionY: true,
      width: true,
      height: true,
      fieldMeta: true,
      inserted: true,
      customText: true,
    }).shape,
    values: z.array(z.string()).nullable(),
    signature: z
      .union([
        z.object({ type: z.literal('typed'), text: z.string() }),
        z.object({ type: z.enum(['drawn', 'uploaded']) }).describe('An image: GET …/field/{fieldId}/signature'),
      ])
      .nullable(),
  })
  .meta({ id: 'SigningField' });

export const ZSigningState = z.enum([
  'ready',
  'out_of_turn',
  'expired',
  'signed',
  'rejected',
  'no_action',
  'document_draft',
  'document_completed',
  'document_rejected',
  'document_cancelled',
]);

export const ZSigningView = z
  .object({
    state: ZSigningState.describe('What the recipient can do now'),
    isTurn: z.boolean(),
    envelope: z.object({
      id: z.string(),
      title: z.string(),
      status: ZStatus,
      legacyFieldInsertion: z
        .boolean()
        .describe(
          "Documenso's useLegacyFieldInsertion: values are burned in centred on one line (see document/update)",
        ),
      items: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          order: z.number().int(),
          pageCount: z.number().int(),
          pages: z.array(z.object({ width: z.number(), height: z.number() })),
        }),
      ),
      meta: z.object({
        language: z.string(),
        timezone: z.string(),
        dateFormat: z.string(),
        signingOrder: z.enum(['PARALLEL', 'SEQUENTIAL']),
        subject: z.string().nullable(),
        message: z.string().nullable(),
        redirectUrl: z.string().nullable(),
        typedSignatureEnabled: z.boolean(),
        drawSignatureEnabled: z.boolean(),
        uploadSignatureEnabled: z.boolean(),
        allowDictateNextSigner: z.boolean(),
      }),
    }),
    recipient: z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      role: z.enum(RECIPIENT_ROLES),
      signingOrder: z.number().int().nullable(),
      readStatus: z.enum(READ_STATUSES),
      signingStatus: z.enum(SIGNING_STATUSES),
      sendStatus: z.enum(SEND_STATUSES),
      expiresAt: z.string().nullable(),
      signedAt: z.string().nullable(),
      rejectionReason: z.string().nullable(),
      signatureLevel: z
        .enum(['ELECTRONIC', 'DIGITAL'])
        .describe('DIGITAL: sign with your own certificate through signature/prepare and signature/submit'),
    }),
    fields: z.array(ZSigningField).describe('The fields this recipient may fill'),
    attachments: z.array(z.object({ id: z.string(), type: z.literal('link'), label: z.string(), data: z.string() })),
    remoteSigning: z
      .boolean()
      .describe(
        'DIGITAL recipient whose sender set up a CSC provider: may also sign with a remote certificate (signing/{token}/csc/…)',
      ),
    nextSigner: z
      .object({
        name: z.string(),
        email: z.string(),
        role: z.enum(RECIPIENT_ROLES),
        idRule: z
          .enum(IDENTITY_RULES)
          .nullable()
          .describe('The national ID `nextSigner.cuil` must carry (required), or null when none is asked'),
      })
      .nullable()
      .describe(
        'While this recipient may act and the document allows it (SEQUENTIAL, `meta.allowDictateNextSigner`): who acts next, to confirm or change with `complete`’s `nextSigner`',
      ),
    everyoneActed: z
      .boolean()
      .describe('Every recipient who must act has: the document is being sealed, or is (status COMPLETED)'),
    download: z
      .object({
        availableUntil: z.string().describe('Until when the signed copy and certificate can be downloaded here'),
        expired: z.boolean(),
      })
      .nullable()
      .describe(
        'Once COMPLETED: `GET …/download/{envelopeItemId}` and `GET …/certificate` serve the final files (FIRMA_RECIPIENT_DOWNLOAD_DAYS)',
      ),
    consent: z
      .object({
        version: z.string().describe('One id per statement text; `complete` or `signature/submit` sends it back'),
        level: z
          .enum(['ELECTRONIC', 'DIGITAL'])
          .describe("The recipient's signature level: each level has its own statement"),
        statements: z.record(z.enum(CONSENT_LANGUAGES), z.string()),
      })
      .describe('The statement to show before the final action; `complete` carries its acceptance'),
  })
  .meta({ id: 'SigningView' });

export const ZCompleteBody = z
  .object({
    consent: ZConsentInput.optional().describe(
      'Required (400 CONSENT_REQUIRED without it): the recipient accepted `consent.version` of the signing view',
    ),
    nextSigner: z
      .strictObject({
        name: z.string().trim().min(1).max(255),
        email: ZEmailAddress,
        cuil: z.string().max(20).optional().describe('The national ID of the platform’s rule; required for a SIGNER'),
      })
      .optional()
      .describe(
        'Documenso’s nextSigner: in a SEQUENTIAL document with `meta.allowDictateNextSigner`, who acts next (the view’s `nextSigner`); otherwise 400 NEXT_SIGNER_DICTATION_NOT_ALLOWED, or NO_NEXT_SIGNER from the last to act',
      ),
  })
  .strict()
  // No body at all reaches the schema as null: answered CONSENT_REQUIRED, like `{}`.
  .nullish();

export const ZSigningDownloadParams = ZSigningItemParams;

export const ZCompleteResponse = z.object({
  recipientId: z.number().int(),
  role: z.enum(RECIPIENT_ROLES),
  signingStatus: z.literal('SIGNED'),
  signedAt: z.string(),
  redirectUrl: z.string().nullable(),
  documentState: z
    .enum(['WAITING_FOR_OTHERS', 'COMPLETING', 'COMPLETED'])
    .describe('WAITING_FOR_OTHERS; COMPLETING: everyone has acted and the signed copy is being sealed; COMPLETED'),
});

export const ZRejectBody = z.object({ reason: z.string().trim().min(1).max(2000) });
export const ZRejectResponse = z.object({
  recipientId: z.number().int(),
  signingStatus: z.literal('REJECTED'),
  rejectionReason: z.string(),
});

const ZPendingMethod = z.enum([
  'ACCOUNT',
  'PASSKEY',
  'TWO_FACTOR_AUTH',
  'EXTERNAL_TWO_FACTOR_AUTH',
  'PASSWORD',
  'CUIL',
]);
export const ZVerificationStatus = z
  .object({
    stage: z
      .enum(['access', 'action'])
      .nullable()
      .describe('What waits for verification: the content (access), completing (action), or nothing'),
    pending: z
      .array(ZPendingMethod)
      .describe('What is still to pass at that stage (access/action: one of them; CUIL too)'),
    access: z.object({ required: z.array(z.string()), pending: z.array(ZPendingMethod) }),
    action: z.object({ required: z.array(z.string()), pending: z.array(ZPendingMethod) }),
    emailHint: z.string().nullable().describe('Where a code goes, masked'),
  })
  .meta({ id: 'SigningVerificationStatus' });

export const ZVerificationStatusView = ZVerificationStatus.extend({
  password: z
    .enum(['ACCOUNT_PASSWORD', 'ACCESS_CODE'])
    .nullable()
    .describe(
      'What PASSWORD asks for: the password of the recipient’s Firma account (`/verification/password`) when their e-mail has one, else the access code the sender set (`/verification/access-code`, Firma’s extension); null when PASSWORD is not asked, or while access verification is pending',
    ),
  identityRule: z
    .enum(IDENTITY_RULES)
    .describe(
      'The national ID the `CUIL` method asks for: the platform’s identity rule (CUIL by default; RUT, CI_UY, CPF; NONE asks none)',
    ),
}).meta({ id: 'SigningVerificationStatusView' });

export const ZVerificationGranted = ZVerificationStatus.extend({
  verificationToken: z
    .string()
    .describe(
      'This caller’s proof of the verifications it passed on this link (private): send it as the `X-Firma-Verification` header on later signing calls, and to the next verification call so the new pass is added. Another caller holding the link must verify itself. A browser also receives it as an HttpOnly cookie.',
    ),
  verificationExpiresAt: z.string().describe('When the longest of its passes stops counting'),
}).meta({ id: 'SigningVerificationGranted' });

export const ZCodeRequested = ZVerificationStatus.extend({
  purpose: z.enum(['access', 'action']),
  codeExpiresAt: z.string(),
  resendAfter: z.string(),
}).meta({ id: 'SigningVerificationCodeSent' });

export const ZVerifyCodeBody = z.object({
  code: z
    .string()
    .regex(/^\s*\d{6}\s*$/, 'six digits')
    .transform((v) => v.trim()),
});
export const ZVerifyAccessCodeBody = z.object({ accessCode: z.string().min(1).max(128) });
export const ZVerifyPasswordBody = z.object({ password: z.string().min(1).max(256) });
export const ZVerifyCuilBody = z.object({ cuil: z.string().min(1).max(20) });
export const ZSignUpLinkSent = z
  .object({
    emailHint: z.string().nullable().describe('Where the link went, masked'),
    expiresAt: z.string().describe('The link works once, until then'),
  })
  .meta({ id: 'SigningSignUpLinkSent' });
