import { verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { findPasskeyByCredentialId, insertPasskey } from '../../db/repositories/passkey.repo.js';
import { AppError } from '../../errors.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { newId } from '../ids.js';
import { appendAccountAudit } from './account-audit.js';
import { passkeyView, relyingParty, spendChallenge, type PasskeyView } from './passkey-rules.js';
import type { AccountPrincipal } from './session-view.js';
import { signedInUser } from './signed-in-user.js';

export const passkeyRefused = (why: string) =>
  new AppError('PASSKEY_VERIFICATION_FAILED', `The passkey’s answer does not verify: ${why}`);

/**
 * Adds the passkey the browser created from `startPasskeyRegistration`'s options: its challenge
 * is spent (this user's, this session's, live, once), the attestation (`none` accepted) checked
 * against Firma's origin and RP ID by @simplewebauthn/server, and the credential kept with its
 * counter and transports, audited (PASSKEY_ADDED).
 * @throws PASSKEY_CHALLENGE_INVALID, PASSKEY_VERIFICATION_FAILED, PASSKEY_ALREADY_REGISTERED
 */
export async function registerPasskey(
  ctx: Ctx,
  principal: AccountPrincipal,
  input: { response: RegistrationResponseJSON; name?: string | undefined },
  request: RequestMeta,
): Promise<PasskeyView> {
  const user = await signedInUser(ctx, principal);
  const owner = { userId: user.id, sessionId: principal.sessionId };
  const challenge = await spendChallenge(ctx, input.response.response.clientDataJSON, 'REGISTER', owner);
  const { rpID, origin } = relyingParty(ctx);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    throw passkeyRefused(error instanceof Error ? error.message : 'unreadable');
  }
  if (!verified.verified) throw passkeyRefused('not verified');
  const { credential } = verified.registrationInfo;
  if (await findPasskeyByCredentialId(ctx.db, credential.id))
    throw new AppError('PASSKEY_ALREADY_REGISTERED', 'This passkey is already registered');
  const now = ctx.clock();
  const row = {
    id: newId('passkey'),
    userId: user.id,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: JSON.stringify(input.response.response.transports ?? []),
    name: input.name ?? 'Passkey',
    createdAt: now.toISOString(),
    lastUsedAt: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertPasskey(trx, row);
    await appendAccountAudit(trx, {
      type: 'PASSKEY_ADDED',
      userId: user.id,
      email: user.email,
      request,
      data: { passkeyId: row.id },
      at: now,
    });
  });
  return passkeyView(row);
}
