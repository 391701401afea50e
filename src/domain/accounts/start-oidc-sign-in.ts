import { AppError } from '../../errors.js';
import { oidcAuthorizationUrl, type OidcAttempt } from '../../infra/oidc/oidc-client.js';
import type { Ctx } from '../context.js';
import { oidcFailure } from './oidc-rules.js';

/** How long the browser has to come back from the provider. */
export const OIDC_ATTEMPT_VALID_MS = 10 * 60_000;

/** The sign-in attempt as the browser keeps it (sealed, in a cookie of its own): it binds the state to that browser. */
export interface SealedAttempt {
  sealed: string;
  maxAgeSeconds: number;
}

/**
 * Starts single sign-on: the provider's authorization URL (state, nonce, PKCE S256) and the
 * attempt's secrets sealed with the secret box, with their expiry, for a cookie only this browser
 * sends back. Nothing is stored server-side.
 * @throws OIDC_NOT_CONFIGURED, OIDC_PROVIDER_UNAVAILABLE
 */
export async function startOidcSignIn(ctx: Pick<Ctx, 'config' | 'secrets' | 'clock'>) {
  const oidc = ctx.config.oidc;
  if (!oidc) throw new AppError('OIDC_NOT_CONFIGURED', 'Single sign-on is not configured on this Firma');
  const { url, attempt } = await oidcAuthorizationUrl(oidc, oidcRedirectUri(ctx)).catch(oidcFailure);
  const expires = ctx.clock().getTime() + OIDC_ATTEMPT_VALID_MS;
  const cookie: SealedAttempt = {
    sealed: ctx.secrets.seal(JSON.stringify({ ...attempt, expires } satisfies OidcAttempt & { expires: number })),
    maxAgeSeconds: OIDC_ATTEMPT_VALID_MS / 1000,
  };
  return { url, cookie };
}

export function oidcRedirectUri(ctx: Pick<Ctx, 'config'>): string {
  return `${ctx.config.publicUrl}/api/app/oidc/callback`;
}
