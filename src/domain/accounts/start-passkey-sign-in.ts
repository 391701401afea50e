import { generateAuthenticationOptions, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Ctx } from '../context.js';
import { keepChallenge, PASSKEY_CHALLENGE_VALID_MS, relyingParty } from './passkey-rules.js';

/**
 * The options for `navigator.credentials.get()` to sign in with a passkey and no address: no
 * credential is listed (the authenticator offers the discoverable ones it holds for Firma, so
 * nothing tells which addresses have accounts), user verification required (the passkey is then
 * two factors at once). The challenge is kept five minutes, for one answer.
 */
export async function startPasskeySignIn(
  ctx: Pick<Ctx, 'db' | 'clock' | 'config'>,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_VALID_MS,
  });
  await keepChallenge(ctx, options.challenge, 'SIGN_IN', null);
  return options;
}
