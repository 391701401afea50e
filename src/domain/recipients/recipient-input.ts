import { z } from 'zod';
import { isValidCuil, normalizeTaxId } from '../../lib/tax-id.js';
import { compactNationalId, rulesSatisfiedBy } from './identity-rule.js';
import { ZOptionalEmailAddress } from '../../lib/email-address.js';
import { ZRecordId } from '../../lib/record-id.js';
import { issueParams } from '../../lib/issue-code.js';
import { RECIPIENT_ROLES } from '../../lib/vocabulary/recipients.js';
import {
  ZAccessAuth,
  ZActionAuth,
  ZGlobalActionAuth,
  type AccessAuth,
  type ActionAuth,
  type GlobalActionAuth,
} from '../../lib/stored/auth-methods.js';

export const ZRecipientRole = z.enum(RECIPIENT_ROLES);
export { ZAccessAuth, ZActionAuth, ZGlobalActionAuth, type AccessAuth, type ActionAuth, type GlobalActionAuth };

/** A recipient's address, or "" for none (a template's placeholder): the one address rule. */
export const ZRecipientEmail = ZOptionalEmailAddress;

/**
 * A signer's national ID as sent, in the spec's `cuil` member: up to `max` characters (11 on
 * create, so digits only; 20 on update, so the hyphenated form fits). A CUIL is stored as its 11
 * digits and, on a platform with another identity rule (identity-rule.ts), that rule's ID (RUT,
 * CI, CPF) without separators. Which rule applies is the platform's, known at distribution; here a
 * value no rule accepts (a malformed number, a wrong check digit) is refused at once.
 */
export function ZCuil(max: number) {
  return z
    .string()
    .max(max)
    .nullable()
    .transform((value, ctx) => {
      if (value === null || value.trim() === '') return null;
      const digits = normalizeTaxId(value);
      if (digits && isValidCuil(digits)) return digits;
      const compact = compactNationalId(value);
      if (rulesSatisfiedBy(compact).length > 0) return compact;
      ctx.addIssue({
        code: 'custom',
        message:
          'is not a valid CUIL (11 digits, a person prefix 20/23/24/25/26/27 and a correct check digit), nor the RUT, CI or CPF a platform with that identity rule takes',
      });
      return z.NEVER;
    });
}

const optionalText = (max: number) => z.string().max(max).nullable().optional();

/**
 * Firma extensions for verification. `accessCode`: what PASSWORD action auth asks for (the sender
 * hands it over out of band); write-only, stored as a scrypt hash, never answered; null removes it.
 * `requireCuil`: the signer must type their CUIL, matched against the recipient's, before completing.
 */
export const recipientVerificationExtras = {
  accessCode: z
    .string()
    .min(4)
    .max(128)
    .nullable()
    .optional()
    .describe('Firma: the access code PASSWORD action auth asks for (write-only, stored hashed; null removes it)'),
  requireCuil: z
    .boolean()
    .optional()
    .describe('Firma: the signer must type their CUIL (matched against this recipient’s) before completing'),
};

/** Firma digital (issue #22): who signs the PDF, Firma's seal or the signer's own certificate. */
export const ZSignatureLevel = z.enum(['ELECTRONIC', 'DIGITAL']);
export type SignatureLevel = z.output<typeof ZSignatureLevel>;

/** Members every recipient input may carry besides the required ones. */
export const recipientExtras = {
  ...recipientVerificationExtras,
  signatureLevel: ZSignatureLevel.optional().describe(
    'Firma: ELECTRONIC (default: a drawn or typed signature, Firma’s seal at completion) or DIGITAL (the signer’s own certificate, bound to their CUIL, signs the PDF); DIGITAL only for SIGNER and APPROVER',
  ),
  phone: optionalText(32),
  idDocumentCountry: optionalText(2),
  idDocumentNumber: optionalText(32),
  idDocumentType: optionalText(32),
  firstName: optionalText(255),
  lastName: optionalText(255),
};

/**
 * The spec's object form of a recipient's verification (`authOptions: {accessAuth, actionAuth}`,
 * both required; null: none), read exactly as the top-level members. It was once dropped as an
 * unknown member, storing the recipient with no verification.
 */
const ZRecipientAuthOptions = z
  .object({ accessAuth: ZAccessAuth, actionAuth: ZActionAuth })
  .nullable()
  .optional()
  .describe(
    'The same as accessAuth and actionAuth, as one object; both forms given must agree (400 AUTH_OPTIONS_CONFLICT)',
  );

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Both forms given and different: refused. On create an empty top-level list is also what an
 * omitted one defaults to, so only a non-empty one can disagree.
 */
function refuseAuthConflict(
  v: {
    accessAuth?: readonly string[];
    actionAuth?: readonly string[];
    authOptions?: { accessAuth: readonly string[]; actionAuth: readonly string[] } | null;
  },
  ctx: z.RefinementCtx,
  emptyIsOmitted: boolean,
): void {
  if (v.authOptions === undefined) return;
  const object = v.authOptions ?? { accessAuth: [], actionAuth: [] };
  for (const key of ['accessAuth', 'actionAuth'] as const) {
    const top = v[key];
    if (top === undefined || (emptyIsOmitted && top.length === 0) || sameList(top, object[key])) continue;
    ctx.addIssue({
      code: 'custom',
      path: [key],
      message: `${key} differs from authOptions.${key}; send one of the two forms`,
      params: issueParams('AUTH_OPTIONS_CONFLICT'),
    });
  }
}

export const ZRecipientCreate = z
  .object({
    email: ZRecipientEmail,
    name: z.string().trim().max(255),
    role: ZRecipientRole,
    signingOrder: z.number().int().min(0).max(10_000).nullable().optional(),
    accessAuth: ZAccessAuth.default([]),
    actionAuth: ZActionAuth.default([]),
    authOptions: ZRecipientAuthOptions,
    cuil: ZCuil(11).optional(),
    ...recipientExtras,
  })
  .superRefine((v, ctx) => refuseAuthConflict(v, ctx, true))
  .overwrite((v) =>
    v.authOptions === undefined
      ? v
      : { ...v, accessAuth: v.authOptions?.accessAuth ?? [], actionAuth: v.authOptions?.actionAuth ?? [] },
  );
export type RecipientCreateInput = z.output<typeof ZRecipientCreate>;

export const ZRecipientUpdate = z
  .object({
    id: ZRecordId,
    email: ZRecipientEmail.optional(),
    name: z.string().trim().max(255).optional(),
    role: ZRecipientRole.optional(),
    signingOrder: z.number().int().min(0).max(10_000).nullable().optional(),
    // Optional, not defaulted: an omitted list keeps the stored one, [] clears it.
    accessAuth: ZAccessAuth.optional(),
    actionAuth: ZActionAuth.optional(),
    authOptions: ZRecipientAuthOptions,
    cuil: ZCuil(20).optional(),
    ...recipientExtras,
  })
  .superRefine((v, ctx) => refuseAuthConflict(v, ctx, false))
  .overwrite((v) =>
    v.authOptions === undefined
      ? v
      : { ...v, accessAuth: v.authOptions?.accessAuth ?? [], actionAuth: v.authOptions?.actionAuth ?? [] },
  );
export type RecipientUpdateInput = z.output<typeof ZRecipientUpdate>;
