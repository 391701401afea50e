/**
 * Recipient verification (Documenso's `accessAuth` / `actionAuth`, and the envelope's
 * `globalAccessAuth` / `globalActionAuth`), every method enforced by the signing API
 * (`domain/signing/verification-state.ts`):
 * - ACCOUNT: the recipient is signed in to a Firma account whose verified e-mail is theirs;
 * - PASSKEY (action): signed in as for ACCOUNT, the recipient answers a WebAuthn challenge with one
 *   of that account's passkeys;
 * - TWO_FACTOR_AUTH: a one-time code mailed to the recipient; EXTERNAL_TWO_FACTOR_AUTH: a one-time
 *   code the sender asks Firma for (`POST /envelope/recipient/{id}/2fa-code`) and delivers through
 *   its own channel (SMS, WhatsApp);
 * - PASSWORD (action): as in Documenso, the password of the recipient's Firma account when the
 *   recipient's e-mail has one; else Firma's extension, the access code the sender set on the
 *   recipient (`accessCode`) and handed over out of band.
 * `EXPLICIT_NONE` and empty lists, which ask for nothing, are accepted as in Documenso.
 */

export type EnforcedMethod = 'ACCOUNT' | 'PASSKEY' | 'TWO_FACTOR_AUTH' | 'EXTERNAL_TWO_FACTOR_AUTH' | 'PASSWORD';

const ENFORCED = new Set<string>(['ACCOUNT', 'PASSKEY', 'TWO_FACTOR_AUTH', 'EXTERNAL_TWO_FACTOR_AUTH', 'PASSWORD']);

/** Methods that need the recipient signed in to their Firma account. */
export const ACCOUNT_METHODS: readonly EnforcedMethod[] = ['ACCOUNT', 'PASSKEY'];

export interface EffectiveVerification {
  /** Any one of these opens the content (the account, or one of the two kinds of one-time code). */
  access: EnforcedMethod[];
  /** Any one of these allows completing. */
  action: EnforcedMethod[];
}

/**
 * What a recipient must pass, as Documenso derives it: the recipient's own list when it names any
 * method, else the envelope's global one; `EXPLICIT_NONE` in the recipient's action list means
 * none, whatever the global list says.
 */
export function effectiveVerification(
  recipient: { accessAuth?: readonly string[] | undefined; actionAuth?: readonly string[] | undefined } | null,
  envelope: {
    globalAccessAuth?: readonly string[] | undefined;
    globalActionAuth?: readonly string[] | undefined;
  } | null,
): EffectiveVerification {
  const own = (list: readonly string[] | undefined) => (list && list.length > 0 ? list : undefined);
  const access = own(recipient?.accessAuth) ?? envelope?.globalAccessAuth ?? [];
  const actionList = own(recipient?.actionAuth) ?? envelope?.globalActionAuth ?? [];
  const action = actionList.includes('EXPLICIT_NONE') ? [] : actionList;
  const enforced = (list: readonly string[]) => list.filter((m): m is EnforcedMethod => ENFORCED.has(m));
  return { access: enforced(access), action: enforced(action) };
}
