import type { Ctx } from '../context.js';
import { createAccountLink } from './account-links.js';
import { SETUP_VALID_MS } from './account-rules.js';

/**
 * The first start's one-time link that creates the first administrator (ADMIN of `platformId`),
 * printed beside the first API token. It works once, for 7 days; after that an operator makes
 * administrators with `firma user invite --role ADMIN`.
 */
export async function createSetupLink(ctx: Ctx, platformId: number): Promise<{ url: string; expiresAt: string }> {
  const link = await ctx.db.transaction().execute((trx) =>
    createAccountLink(
      ctx,
      trx,
      {
        purpose: 'SETUP',
        email: '',
        platformId,
        role: 'ADMIN',
        language: 'en',
        validMs: SETUP_VALID_MS,
        mail: false,
      },
      ctx.clock(),
    ),
  );
  return { url: link.url, expiresAt: link.expiresAt };
}
