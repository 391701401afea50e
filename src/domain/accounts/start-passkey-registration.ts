import { generateRegistrationOptions, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { listUserPasskeys } from '../../db/repositories/passkey.repo.js';
import { findUserSession } from '../../db/repositories/user-session.repo.js';
import { passwordMatches } from '../../infra/crypto/password-hash.js';
import type { Ctx } from '../context.js';
import { passwordIncorrect } from './change-password.js';
import { keepChallenge, PASSKEY_CHALLENGE_VALID_MS, relyingParty, transportsOf } from './passkey-rules.js';
import type { AccountPrincipal } from './session-view.js';
import { signedInUser } from './signed-in-user.js';

/** A session this young counts as the user having just proved who they are (no password asked again). */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

/**
 * Starts adding a passkey: the user types their password again, unless this session was opened
 * in the last ten minutes; a password given is checked even then (a wrong one is never let through
 * because it happened not to be needed). Answers the options for the browser's `navigator.credentials.create()`
 * (a discoverable credential, so it can sign in without an address), and keeps their challenge,
 * bound to this user and session, for five minutes.
 * @throws PASSWORD_INCORRECT (the one given is wrong, or one is needed and missing)
 */
export async function startPasskeyRegistration(
  ctx: Ctx,
  principal: AccountPrincipal,
  input: { password?: string | undefined },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const user = await signedInUser(ctx, principal);
  const session = await findUserSession(ctx.db, user.id, principal.sessionId);
  const fresh = session !== undefined && ctx.clock().getTime() - Date.parse(session.createdAt) < FRESH_SIGN_IN_MS;
  const proved = input.password === undefined ? fresh : await passwordMatches(user.passwordHash, input.password);
  if (!proved) throw passwordIncorrect('password');
  const { rpID, rpName } = relyingParty(ctx);
  const existing = await listUserPasskeys(ctx.db, user.id);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userID: new Uint8Array(Buffer.from(user.id, 'utf8')),
    userDisplayName: user.name,
    attestationType: 'none',
    timeout: PASSKEY_CHALLENGE_VALID_MS,
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(ctx, options.challenge, 'REGISTER', { userId: user.id, sessionId: principal.sessionId });
  return options;
}
