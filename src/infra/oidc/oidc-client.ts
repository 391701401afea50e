import * as client from 'openid-client';

/**
 * The OpenID Connect relying party (openid-client): the provider's metadata discovered once per
 * process (again after a failure), the authorization URL with state, nonce and PKCE S256, and the
 * code exchanged for verified claims. How only: which account the claims open is the domain's.
 */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

/** The provider could not be reached, or answered something unusable: Firma's fault is none. */
export class OidcProviderUnavailable extends Error {}
/** The provider's answer failed a check (state, code, ID token signature, nonce…). */
export class OidcResponseRefused extends Error {}

const discovered = new Map<string, Promise<client.Configuration>>();

async function configurationOf(settings: OidcSettings): Promise<client.Configuration> {
  const key = `${settings.issuer}\n${settings.clientId}`;
  let pending = discovered.get(key);
  if (!pending) {
    const insecure = settings.issuer.startsWith('http:');
    pending = client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret ?? undefined,
      undefined,
      { ...(insecure ? { execute: [client.allowInsecureRequests] } : {}), timeout: 10 },
    );
    discovered.set(key, pending);
    pending.catch(() => discovered.delete(key));
  }
  try {
    return await pending;
  } catch (error) {
    throw new OidcProviderUnavailable(error instanceof Error ? error.message : 'discovery failed');
  }
}

/** The secrets one sign-in attempt keeps until the provider sends the browser back. */
export interface OidcAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function oidcAuthorizationUrl(
  settings: OidcSettings,
  redirectUri: string,
): Promise<{ url: string; attempt: OidcAttempt }> {
  const config = await configurationOf(settings);
  const attempt = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state: attempt.state,
    nonce: attempt.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, attempt };
}

export interface OidcClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/**
 * Exchanges the code of the callback URL (checking state, the ID token and its nonce, PKCE) and
 * answers the user's claims: the ID token's, completed from the userinfo endpoint when the
 * provider keeps e-mail there.
 */
export async function oidcClaimsOf(
  settings: OidcSettings,
  callbackUrl: URL,
  attempt: OidcAttempt,
): Promise<OidcClaims> {
  const config = await configurationOf(settings);
  let tokens;
  try {
    tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    if (
      error instanceof TypeError ||
      (error instanceof Error && /fetch failed|ECONNREFUSED|timeout/i.test(error.message))
    )
      throw new OidcProviderUnavailable(error.message);
    throw new OidcResponseRefused(error instanceof Error ? error.message : 'refused');
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw new OidcResponseRefused('no ID token');
  let claims: Record<string, unknown> = idClaims;
  if (typeof idClaims.email !== 'string') {
    try {
      claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
    } catch (error) {
      throw new OidcProviderUnavailable(error instanceof Error ? error.message : 'userinfo failed');
    }
  }
  return {
    subject: idClaims.sub,
    email: typeof claims.email === 'string' ? claims.email : null,
    emailVerified: claims.email_verified === true,
    name: typeof claims.name === 'string' ? claims.name : null,
  };
}
