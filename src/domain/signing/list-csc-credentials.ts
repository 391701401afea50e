import { X509Certificate } from 'node:crypto';
import { cscCredentialInfo, listCscCredentials } from '../../infra/csc/csc-client.js';
import type { Ctx } from '../context.js';
import { cscCallOptions, cscFailure, cscProviderOf, openSession } from './csc-remote.js';
import { assertReady } from './prepare-digital-signature.js';
import { loadSigningSession } from './signing-session.js';
import type { SigningRequest } from './verification-grant.js';

export interface CscCredentialChoice {
  credentialId: string;
  subject: string;
  issuer: string;
  serialNumber: string;
  validTo: string;
}

/** A signer has a handful of credentials; each listed costs one `credentials/info` call. */
const MAX_CREDENTIALS = 10;

/**
 * Remote signing, step two: the signer's credentials at the provider (`credentials/list`, then
 * `credentials/info` for each certificate), for the page to offer. Reads only.
 * @throws CSC_AUTHORIZATION_FAILED (403), CSC_PROVIDER_ERROR (502), CSC_NOT_CONFIGURED, NOT_FOUND…
 */
export async function listCscCredentialChoices(
  ctx: Ctx,
  token: string,
  input: { session: string },
  request: Pick<SigningRequest, 'verification' | 'accountSessionId'>,
): Promise<{ credentials: CscCredentialChoice[] }> {
  const s = await loadSigningSession(ctx.db, token);
  await assertReady(ctx, s, ctx.clock(), request);
  const accessToken = openSession(ctx, token, input.session);
  const provider = await cscProviderOf(ctx, s);
  const options = cscCallOptions(ctx);
  try {
    const ids = (await listCscCredentials(provider, accessToken, options)).slice(0, MAX_CREDENTIALS);
    // Side by side: each call may take up to the provider deadline.
    const infos = await Promise.all(ids.map((id) => cscCredentialInfo(provider, accessToken, id, options)));
    const credentials: CscCredentialChoice[] = [];
    ids.forEach((credentialId, i) => {
      const info = infos[i]!;
      const leaf = readable(info.certificates[0]);
      if (!leaf || !info.keyEnabled) return;
      credentials.push({
        credentialId,
        subject: leaf.subject.replaceAll('\n', ', '),
        issuer: leaf.issuer.replaceAll('\n', ', '),
        serialNumber: leaf.serialNumber,
        validTo: new Date(leaf.validTo).toISOString(),
      });
    });
    return { credentials };
  } catch (error) {
    throw cscFailure(error);
  }
}

function readable(der: Buffer | undefined): X509Certificate | null {
  if (!der) return null;
  try {
    return new X509Certificate(der);
  } catch {
    return null;
  }
}
