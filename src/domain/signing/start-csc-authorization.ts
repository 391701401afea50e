import { cscAuthorizeUrl } from '../../infra/csc/csc-client.js';
import type { Ctx } from '../context.js';
import { beginRoundTrip, cscProviderOf, cscRedirectUri } from './csc-remote.js';
import { assertReady } from './prepare-digital-signature.js';
import { loadSigningSession } from './signing-session.js';
import type { SigningRequest } from './verification-grant.js';

/**
 * Remote signing, step one: where to send the DIGITAL recipient's browser so they authorise Firma
 * at their platform's CSC provider (OAuth2 scope `service`, PKCE S256). Nothing changes; the answer
 * carries the cookie (the PKCE verifier, sealed) the callback needs from the same browser.
 * @throws CSC_NOT_CONFIGURED, DIGITAL_SIGNATURE_NOT_EXPECTED (400), VERIFICATION_REQUIRED (403),
 *   RECIPIENT_* (409), NOT_FOUND
 */
export async function startCscAuthorization(
  ctx: Ctx,
  token: string,
  request: Pick<SigningRequest, 'verification' | 'accountSessionId'>,
): Promise<{ authorizeUrl: string; cookie: string }> {
  const s = await loadSigningSession(ctx.db, token);
  await assertReady(ctx, s, ctx.clock(), request);
  const provider = await cscProviderOf(ctx, s);
  const trip = beginRoundTrip(ctx, { step: 'service', token }, request.verification);
  const authorizeUrl = cscAuthorizeUrl(provider, {
    scope: 'service',
    redirect_uri: cscRedirectUri(ctx),
    state: trip.state,
    code_challenge: trip.codeChallenge,
    code_challenge_method: 'S256',
  });
  return { authorizeUrl, cookie: trip.cookie };
}
