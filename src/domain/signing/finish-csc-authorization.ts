import { AppError } from '../../errors.js';
import { cscSignHash, exchangeCscCode } from '../../infra/csc/csc-client.js';
import type { RequestMeta } from '../audit/audit-actor.js';
import type { Ctx } from '../context.js';
import {
  cscCallOptions,
  cscProviderOf,
  cscRedirectUri,
  endRoundTrip,
  peekState,
  sealSession,
  SHA256_OID,
  type CscState,
  viaProvider,
} from './csc-remote.js';
import { assertReady } from './prepare-digital-signature.js';
import { loadSigningSession } from './signing-session.js';
import type { SigningRequest } from './verification-grant.js';
import { submitDigitalSignature } from './submit-digital-signature.js';

export interface CscCallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/**
 * Where the signer's browser goes back to after the provider: their signing page, with the
 * outcome in the address fragment (never sent to a server, cleared by the page): `csc=<session>`
 * after the service authorisation, `csc-signed` once the documents are signed, `csc-error=<code>`.
 */
export interface CscCallbackOutcome {
  token: string;
  fragment: string;
}

/**
 * The provider's redirect back (`/sign/csc/callback`). The sealed state says which step this was;
 * the code is exchanged (with the PKCE verifier from this browser's cookie) for an access token.
 * After `service` the token goes back to the page sealed, as the session of the next calls; after
 * `credential` it stands for the SAD: `signatures/signHash` signs exactly the hashes authorised,
 * and the values go through the ordinary submit (each verified, embedded, the recipient signed).
 * @throws CSC_AUTHORIZATION_FAILED only when the state is unusable (no signing page to go back to).
 */
export async function finishCscAuthorization(
  ctx: Ctx,
  query: CscCallbackQuery,
  cookie: string | undefined,
  request: RequestMeta & Pick<SigningRequest, 'accountSessionId'>,
): Promise<CscCallbackOutcome> {
  const peeked = query.state ? peekState(ctx, query.state) : null;
  if (!peeked || !query.state)
    throw new AppError('CSC_AUTHORIZATION_FAILED', 'This authorisation is unknown or has expired');
  try {
    if (query.error || !query.code)
      throw new AppError('CSC_AUTHORIZATION_FAILED', 'The signing provider did not authorise');
    const { state, verifier, verification } = endRoundTrip(ctx, query.state, cookie);
    const s = await loadSigningSession(ctx.db, state.token);
    const provider = await cscProviderOf(ctx, s);
    const exchanged = await viaProvider(
      exchangeCscCode(
        provider,
        { code: query.code, redirectUri: cscRedirectUri(ctx), codeVerifier: verifier },
        cscCallOptions(ctx),
      ),
    );
    if (state.step === 'service')
      return {
        token: state.token,
        fragment: `csc=${sealSession(ctx, state.token, exchanged.accessToken, exchanged.expiresInSeconds)}`,
      };
    await signWithCredential(ctx, state, exchanged.accessToken, { ...request, verification });
    return { token: state.token, fragment: 'csc-signed' };
  } catch (error) {
    if (error instanceof AppError) return { token: peeked.token, fragment: `csc-error=${error.code}` };
    throw error;
  }
}

async function signWithCredential(
  ctx: Ctx,
  state: CscState,
  credentialToken: string,
  request: SigningRequest,
): Promise<void> {
  const credential = state.credential;
  if (!credential) throw new AppError('CSC_AUTHORIZATION_FAILED', 'This authorisation is not for a credential');
  const s = await loadSigningSession(ctx.db, state.token);
  // No signature is asked of the provider for a recipient who can no longer sign (already signed, expired…).
  await assertReady(ctx, s, ctx.clock(), request);
  const provider = await cscProviderOf(ctx, s);
  const values = await viaProvider(
    cscSignHash(
      provider,
      credentialToken,
      {
        credentialId: credential.credentialId,
        hashes: credential.hashes,
        hashAlgorithmOid: SHA256_OID,
        signAlgo: credential.signAlgo,
      },
      cscCallOptions(ctx),
    ),
  );
  await submitDigitalSignature(
    ctx,
    state.token,
    {
      preparationId: credential.preparationId,
      signatures: credential.itemIds.map((itemId, i) => ({ itemId, signatureValue: values[i]!.toString('base64') })),
      consent: credential.consent,
      remote: { provider: provider.baseUrl, credentialId: credential.credentialId },
    },
    request,
  );
}
