import { setPlatformCscByName } from '../../db/repositories/platform.repo.js';
import { AppError, type ErrorIssue } from '../../errors.js';
import type { Ctx } from '../context.js';

export type PlatformCscInput =
  | { platform: string; clear: true }
  | {
      platform: string;
      clear?: false;
      url: string | undefined;
      clientId: string | undefined;
      clientSecret: string | undefined;
    };

/**
 * `firma platform set-csc`: the platform's Cloud Signature Consortium API v2 provider, through
 * which its DIGITAL recipients may sign with a remote certificate. The client secret is stored
 * sealed and never shown again; `clear` removes the provider (remote signing is then refused with
 * CSC_NOT_CONFIGURED). Answers what is set, without the secret.
 * @throws VALIDATION_ERROR, NOT_FOUND
 */
export async function setPlatformCsc(
  ctx: Ctx,
  input: PlatformCscInput,
): Promise<{ platform: string; url: string | null; clientId: string | null }> {
  if (input.clear) {
    const found = await setPlatformCscByName(ctx.db, input.platform, {
      cscUrl: null,
      cscClientId: null,
      cscClientSecretSealed: null,
    });
    if (!found) throw new AppError('NOT_FOUND', `platform "${input.platform}" not found`);
    return { platform: input.platform, url: null, clientId: null };
  }
  const issues: ErrorIssue[] = [];
  const url = providerUrl(input.url);
  if (!url) issues.push({ message: 'url: an http(s) URL without credentials, query or fragment', path: ['url'] });
  if (!input.clientId || input.clientId.length > 200)
    issues.push({ message: 'clientId: required, 1–200 characters', path: ['clientId'] });
  if (!input.clientSecret || input.clientSecret.length > 500)
    issues.push({ message: 'clientSecret: required, 1–500 characters', path: ['clientSecret'] });
  if (issues.length || !url || !input.clientId || !input.clientSecret)
    throw new AppError('VALIDATION_ERROR', 'Invalid CSC provider settings', { issues });
  const found = await setPlatformCscByName(ctx.db, input.platform, {
    cscUrl: url,
    cscClientId: input.clientId,
    cscClientSecretSealed: ctx.secrets.seal(input.clientSecret),
  });
  if (!found) throw new AppError('NOT_FOUND', `platform "${input.platform}" not found`);
  return { platform: input.platform, url, clientId: input.clientId };
}

/** The base URL without a trailing slash, or null when it is not one Firma should call. */
function providerUrl(text: string | undefined): string | null {
  if (!text || text.length > 2000) return null;
  try {
    const url = new URL(text);
    if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash)
      return null;
    return url.toString().replace(/\/+$/, '');
  } catch {
    return null;
  }
}
