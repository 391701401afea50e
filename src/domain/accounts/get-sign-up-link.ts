import type { Ctx } from '../context.js';
import { invalidAccountLink, liveAccountLink } from './account-links.js';

export interface SignUpLinkView {
  email: string;
  expiresAt: string;
}

/**
 * What a recipient's sign-up link offers, for its page: the address the account will have (the
 * link was mailed to it, so its holder may see it).
 * @throws ACCOUNT_LINK_INVALID
 */
export async function getSignUpLink(ctx: Ctx, token: string): Promise<SignUpLinkView> {
  const link = await liveAccountLink(ctx, 'SIGN_UP', token);
  if (!link.email) throw invalidAccountLink();
  return { email: link.email, expiresAt: link.expiresAt };
}
