import type { TokenReveal } from './signing-links.js';
import { z } from 'zod';
import type { EnvelopeRow, RecipientRow } from '../../db/repositories/envelope.repo.js';
import { READ_STATUSES, RECIPIENT_ROLES, SEND_STATUSES, SIGNING_STATUSES } from '../../lib/vocabulary/recipients.js';

/**
 * The recipient as Documenso's API v2 names it: the base shape, also the webhook payload's (which
 * picks from it), so it sits in the domain. Signing tokens never appear: `token` is always an
 * empty string (signing URLs are handed out by distribute only). The API names it in OpenAPI.
 */
const ts = z.string().describe('ISO 8601 UTC timestamp');

export const ZRecipientAuthOptions = z.object({
  accessAuth: z.array(z.enum(['ACCOUNT', 'TWO_FACTOR_AUTH', 'EXTERNAL_TWO_FACTOR_AUTH'])),
  actionAuth: z.array(
    z.enum(['ACCOUNT', 'PASSKEY', 'TWO_FACTOR_AUTH', 'EXTERNAL_TWO_FACTOR_AUTH', 'PASSWORD', 'EXPLICIT_NONE']),
  ),
});

export const ZRecipientView = z.object({
  envelopeId: z.string(),
  role: z.enum(RECIPIENT_ROLES),
  readStatus: z.enum(READ_STATUSES),
  signingStatus: z.enum(SIGNING_STATUSES),
  sendStatus: z.enum(SEND_STATUSES),
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  token: z.string().describe('Always empty: signing URLs are private and handed out only by distribute'),
  documentDeletedAt: ts.nullable(),
  expired: ts.nullable(),
  expiresAt: ts.nullable(),
  expirationNotifiedAt: ts.nullable(),
  signedAt: ts.nullable(),
  authOptions: ZRecipientAuthOptions.nullable(),
  signingOrder: z.number().int().nullable(),
  rejectionReason: z.string().nullable(),
  cuil: z.string().nullable().describe('11 digits'),
  signatureLevel: z
    .enum(['ELECTRONIC', 'DIGITAL'])
    .describe('Firma: ELECTRONIC (Firma’s seal) or DIGITAL (the signer’s own certificate signs the PDF)'),
});

/** What create-many, update-many and the legacy document shapes add. */
export const identityMembers = {
  phone: z.string().nullable(),
  idDocumentCountry: z.string().nullable(),
  idDocumentNumber: z.string().nullable(),
  idDocumentType: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
};

export function recipientView(
  r: RecipientRow,
  envelope: Pick<EnvelopeRow, 'publicId' | 'id' | 'type' | 'deletedAt'>,
  now: Date = new Date(),
  reveal?: TokenReveal,
) {
  const auth = r.authOptions;
  return {
    envelopeId: envelope.publicId,
    role: r.role,
    readStatus: r.readStatus,
    signingStatus: r.signingStatus,
    sendStatus: r.sendStatus,
    id: r.id,
    email: r.email,
    name: r.name,
    token: reveal ? reveal(r) : '',
    documentDeletedAt: envelope.deletedAt,
    expired:
      r.expiresAt !== null && r.expiresAt <= now.toISOString() && r.signingStatus === 'NOT_SIGNED' ? r.expiresAt : null,
    expiresAt: r.expiresAt,
    expirationNotifiedAt: r.expirationNotifiedAt,
    signedAt: r.signedAt,
    authOptions: auth ? { accessAuth: auth.accessAuth ?? [], actionAuth: auth.actionAuth ?? [] } : null,
    signingOrder: r.signingOrder,
    rejectionReason: r.rejectionReason,
    cuil: r.cuil,
    signatureLevel: r.signatureLevel,
    phone: r.phone,
    idDocumentCountry: r.idDocumentCountry,
    idDocumentNumber: r.idDocumentNumber,
    idDocumentType: r.idDocumentType,
    firstName: r.firstName,
    lastName: r.lastName,
    documentId: envelope.type === 'DOCUMENT' ? envelope.id : null,
    templateId: envelope.type === 'TEMPLATE' ? envelope.id : null,
  };
}
export type RecipientView = ReturnType<typeof recipientView>;
