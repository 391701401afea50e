import { AppError } from '../../errors.js';
import { OidcProviderUnavailable, OidcResponseRefused } from '../../infra/oidc/oidc-client.js';

/** The provider adapter's failures as the API answers them; anything else is a fault of Firma's. */
export function oidcFailure(error: unknown): never {
  if (error instanceof OidcProviderUnavailable)
    throw new AppError('OIDC_PROVIDER_UNAVAILABLE', 'The single sign-on provider cannot be reached: try again later');
  if (error instanceof OidcResponseRefused)
    throw new AppError('OIDC_SIGN_IN_REFUSED', 'The single sign-on provider’s answer does not verify: sign in again');
  throw error;
}
