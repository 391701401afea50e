import { findUserByEmail, insertUser, type UserAccountRow } from '../../db/repositories/user-account.repo.js';
import { AppError } from '../../errors.js';
import { hashPassword } from '../../infra/crypto/password-hash.js';
import { oidcClaimsOf, type OidcAttempt, type OidcClaims } from '../../infra/oidc/oidc-client.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import { appendAccountAudit } from './account-audit.js';
import { newUserRow } from './user-rows.js';
import { normalizeEmail } from './account-rules.js';
import { newSecretToken, secretsEqual } from './account-secrets.js';
import { oidcFailure } from './oidc-rules.js';
import type { StartedSession } from './session-view.js';
import { startSession } from './start-session.js';

const stateInvalid = () =>
  new AppError('OIDC_STATE_INVALID', 'This sign-in was not started in this browser, or took too long: start again');

/**
 * Finishes single sign-on when the provider sends the browser back: the attempt sealed in this
 * browser's cookie must be live and name the callback's state (so a callback started elsewhere,
 * e.g. an attacker's, signs nobody in); the code is exchanged (state, nonce, PKCE, ID token
 * checked by openid-client, a code is used once by the provider); the e-mail must be verified by
 * the provider. The account with that address is signed in (SIGN_IN, method `oidc`); an address no
 * account has is refused unless FIRMA_OIDC_ALLOW_SIGN_UP, which creates the account (with no team).
 * @throws OIDC_NOT_CONFIGURED, OIDC_STATE_INVALID, OIDC_SIGN_IN_REFUSED, OIDC_EMAIL_NOT_VERIFIED,
 * OIDC_NO_ACCOUNT, OIDC_PROVIDER_UNAVAILABLE
 */
export async function signInWithOidc(
  ctx: Ctx,
  input: { callbackUrl: URL; sealedAttempt: string | null },
  request: RequestMeta,
): Promise<StartedSession> {
  const oidc = ctx.config.oidc;
  if (!oidc) throw new AppError('OIDC_NOT_CONFIGURED', 'Single sign-on is not configured on this Firma');
  const attempt = openAttempt(ctx, input.sealedAttempt);
  const state = input.callbackUrl.searchParams.get('state');
  if (!attempt || state === null || !secretsEqual(state, attempt.state)) throw stateInvalid();
  if (input.callbackUrl.searchParams.has('error'))
    throw new AppError('OIDC_SIGN_IN_REFUSED', 'The single sign-on provider did not sign you in');
  const claims = await oidcClaimsOf(oidc, input.callbackUrl, attempt).catch(oidcFailure);
  if (!claims.email || !claims.emailVerified)
    throw new AppError('OIDC_EMAIL_NOT_VERIFIED', 'The provider does not vouch for this e-mail address');
  const email = normalizeEmail(claims.email);
  const existing = await findUserByEmail(ctx.db, email);
  if (!existing && !oidc.allowSignUp)
    throw new AppError('OIDC_NO_ACCOUNT', 'No Firma account has this e-mail address: ask for an invitation');
  const passwordHash = existing ? null : await hashPassword(newSecretToken());
  const now = ctx.clock();
  return ctx.db.transaction().execute(async (trx) => {
    const user = existing ?? (await createOidcUser(trx, email, claims, passwordHash!, request, now));
    return startSession(ctx, trx, user, { method: 'oidc', request, now });
  });
}

function openAttempt(ctx: Pick<Ctx, 'secrets' | 'clock'>, sealed: string | null): OidcAttempt | null {
  if (!sealed) return null;
  try {
    const parsed = JSON.parse(ctx.secrets.open(sealed)) as OidcAttempt & { expires: number };
    return parsed.expires > ctx.clock().getTime() ? parsed : null;
  } catch {
    return null;
  }
}

/** A new account for a verified address (FIRMA_OIDC_ALLOW_SIGN_UP): a random password nobody knows, until reset. */
async function createOidcUser(
  trx: Parameters<typeof insertUser>[0],
  email: string,
  claims: OidcClaims,
  passwordHash: string,
  request: RequestMeta,
  now: Date,
): Promise<UserAccountRow> {
  const iso = now.toISOString();
  const user = newUserRow(
    {
      email,
      name: (claims.name ?? email.split('@')[0]!).slice(0, 200),
      passwordHash,
      language: 'en',
      emailVerifiedAt: iso,
    },
    iso,
  );
  if (!(await insertUser(trx, user)))
    throw new AppError('ALREADY_EXISTS', 'An account with this e-mail address was just made: sign in again');
  await appendAccountAudit(trx, {
    type: 'USER_CREATED',
    userId: user.id,
    email,
    request,
    data: { via: 'oidc' },
    at: now,
  });
  return user;
}
