import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { createHash } from 'node:crypto';
import { insertPasskeyChallenge, takePasskeyChallenge, type PasskeyRow } from '../../db/repositories/passkey.repo.js';
import type { PasskeyChallengePurpose } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';

/** How long the options of a registration or a passkey sign-in can be answered (the browser's timeout too). */
export const PASSKEY_CHALLENGE_VALID_MS = 5 * 60_000;

/** The relying party: Firma's public URL names the RP ID (its host name) and the only origin accepted. */
export function relyingParty(ctx: Pick<Ctx, 'config'>): { rpID: string; rpName: string; origin: string } {
  const url = new URL(ctx.config.publicUrl);
  return { rpID: url.hostname, rpName: 'Firma', origin: url.origin };
}

function hashChallenge(challenge: string): string {
  return createHash('sha256').update(`passkey-challenge:${challenge}`).digest('hex');
}

export const challengeInvalid = () =>
  new AppError(
    'PASSKEY_CHALLENGE_INVALID',
    'The passkey challenge is unknown, already used or expired: ask for new options',
  );

/** Keeps a challenge just handed out (its hash only) until it is answered once or expires. */
export async function keepChallenge(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  challenge: string,
  purpose: PasskeyChallengePurpose,
  owner: { userId: string; sessionId: string } | null,
): Promise<void> {
  const now = ctx.clock();
  await insertPasskeyChallenge(ctx.db, {
    challengeHash: hashChallenge(challenge),
    purpose,
    userId: owner?.userId ?? null,
    sessionId: owner?.sessionId ?? null,
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_VALID_MS).toISOString(),
    createdAt: now.toISOString(),
  });
}

/**
 * Spends the challenge a browser's answer signed (read from its clientDataJSON): it must be one
 * Firma handed out for this purpose (and this user and session), live and not yet answered. The
 * row is deleted whatever the verification then says, so an answer is never accepted twice.
 * @throws PASSKEY_CHALLENGE_INVALID
 */
export async function spendChallenge(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  clientDataJSON: string,
  purpose: PasskeyChallengePurpose,
  owner: { userId: string; sessionId: string } | null,
): Promise<string> {
  const challenge = challengeIn(clientDataJSON);
  if (challenge === null) throw challengeInvalid();
  const row = await takePasskeyChallenge(ctx.db, {
    challengeHash: hashChallenge(challenge),
    purpose,
    userId: owner?.userId ?? null,
    now: ctx.clock().toISOString(),
  });
  if (!row || (owner && row.sessionId !== owner.sessionId)) throw challengeInvalid();
  return challenge;
}

function challengeIn(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof data !== 'object' || data === null || !('challenge' in data)) return null;
    const challenge = data.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

/** The transports a passkey row keeps, as the library takes them. */
export function transportsOf(row: Pick<PasskeyRow, 'transports'>): string[] {
  const parsed: unknown = JSON.parse(row.transports);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
}

/** One passkey as its owner sees it in the list. */
export interface PasskeyView {
  id: string;
  name: string;
  transports: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

export function passkeyView(row: PasskeyRow): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    transports: transportsOf(row),
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  };
}

export const passkeyNotFound = () => new AppError('PASSKEY_NOT_FOUND', 'The user has no passkey with this id');

/**
 * The counter a passkey's answer reports once @simplewebauthn/server verified it (origin, RP ID,
 * user verification, signature, counter moving forward), or null when it does not verify or its
 * user handle names another user.
 */
export async function verifiedPasskeyCounter(
  ctx: Pick<Ctx, 'config'>,
  response: AuthenticationResponseJSON,
  passkey: PasskeyRow,
  challenge: string,
): Promise<number | null> {
  const userHandle = response.response.userHandle;
  if (userHandle && Buffer.from(userHandle, 'base64url').toString('utf8') !== passkey.userId) return null;
  const { rpID, origin } = relyingParty(ctx);
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
