import { X509Certificate } from 'node:crypto';
import { AppError } from '../../errors.js';
import { cscAuthorizeUrl, cscCredentialInfo, listCscCredentials } from '../../infra/csc/csc-client.js';
import type { Ctx } from '../context.js';
import { acceptedConsent, type ConsentInput } from '../model/signing-consent.js';
import {
  beginRoundTrip,
  cscCallOptions,
  cscFailure,
  cscProviderOf,
  cscRedirectUri,
  openSession,
  SHA256_OID,
  SIGN_ALGO_OID,
} from './csc-remote.js';
import { prepareDigitalSignature, type PreparedSignatureAnswer } from './prepare-digital-signature.js';
import { loadSigningSession } from './signing-session.js';
import type { SigningRequest } from './verification-grant.js';

/**
 * Remote signing, step three: the credential the signer chose. Its chain (`credentials/info`)
 * goes through the ordinary preparation (every certificate check: CUIL, validity, key usage,
 * trust, revocation; the revisions and the signed attributes), then the signer is sent to the
 * provider to authorise exactly these hashes (OAuth2 scope `credential`). The consent is checked
 * now and travels, sealed, to the callback that signs.
 * @throws CONSENT_REQUIRED, CSC_CREDENTIAL_INVALID, CERT_* (400), CSC_AUTHORIZATION_FAILED (403),
 *   CSC_PROVIDER_ERROR (502), and whatever prepare throws
 */
export async function authorizeCscCredential(
  ctx: Ctx,
  token: string,
  input: { session: string; credentialId: string; consent?: ConsentInput | undefined },
  request: SigningRequest,
): Promise<{ authorizeUrl: string; cookie: string; certificate: PreparedSignatureAnswer['certificate'] }> {
  // Remote signing is a DIGITAL signer's: their statement is the digital one.
  acceptedConsent(input.consent, 'en', 'DIGITAL');
  const s = await loadSigningSession(ctx.db, token);
  const accessToken = openSession(ctx, token, input.session);
  const provider = await cscProviderOf(ctx, s);
  const options = cscCallOptions(ctx);
  let chain: Buffer[];
  try {
    const ids = await listCscCredentials(provider, accessToken, options);
    if (!ids.includes(input.credentialId))
      throw new AppError('CSC_CREDENTIAL_INVALID', 'This credential is not one of yours at the signing provider');
    chain = (await cscCredentialInfo(provider, accessToken, input.credentialId, options)).certificates;
  } catch (error) {
    throw cscFailure(error);
  }
  const prepared = await prepareDigitalSignature(
    ctx,
    token,
    { certificateChain: chain.map((c) => c.toString('base64')) },
    request,
  );
  const keyType = new X509Certificate(chain[0]!).publicKey.asymmetricKeyType === 'ec' ? 'ec' : 'rsa';
  const hashes = prepared.signatures.map((x) => x.hashToSign);
  const trip = beginRoundTrip(
    ctx,
    {
      step: 'credential',
      token,
      credential: {
        credentialId: input.credentialId,
        preparationId: prepared.preparationId,
        itemIds: prepared.signatures.map((x) => x.itemId),
        hashes,
        signAlgo: SIGN_ALGO_OID[keyType],
        consent: input.consent,
      },
    },
    request.verification,
  );
  const authorizeUrl = cscAuthorizeUrl(provider, {
    scope: 'credential',
    credentialID: input.credentialId,
    numSignatures: String(hashes.length),
    hashes: hashes.map((h) => Buffer.from(h, 'base64').toString('base64url')).join(','),
    hashAlgorithmOID: SHA256_OID,
    redirect_uri: cscRedirectUri(ctx),
    state: trip.state,
    code_challenge: trip.codeChallenge,
    code_challenge_method: 'S256',
  });
  return { authorizeUrl, cookie: trip.cookie, certificate: prepared.certificate };
}
