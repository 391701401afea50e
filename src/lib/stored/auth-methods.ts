import { z } from 'zod';

/**
 * The verification methods a recipient (`recipient.auth_options`) or a whole document
 * (`envelope.auth_options`) may require, as Documenso names them; stored as written.
 */
export const ZAccessAuth = z.array(z.enum(['ACCOUNT', 'TWO_FACTOR_AUTH', 'EXTERNAL_TWO_FACTOR_AUTH'])).max(3);
export const ZActionAuth = z
  .array(z.enum(['ACCOUNT', 'PASSKEY', 'TWO_FACTOR_AUTH', 'EXTERNAL_TWO_FACTOR_AUTH', 'PASSWORD', 'EXPLICIT_NONE']))
  .max(6);
export const ZGlobalActionAuth = z
  .array(z.enum(['ACCOUNT', 'PASSKEY', 'TWO_FACTOR_AUTH', 'EXTERNAL_TWO_FACTOR_AUTH', 'PASSWORD']))
  .max(5);
export type AccessAuth = z.output<typeof ZAccessAuth>[number];
export type ActionAuth = z.output<typeof ZActionAuth>[number];
export type GlobalActionAuth = z.output<typeof ZGlobalActionAuth>[number];

// Type literals, not interfaces: read as records of method lists by the verification check.
export type StoredRecipientAuth = {
  accessAuth?: AccessAuth[];
  actionAuth?: ActionAuth[];
};
export type StoredEnvelopeAuth = {
  globalAccessAuth?: AccessAuth[];
  globalActionAuth?: GlobalActionAuth[];
};
