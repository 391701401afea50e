import type { Db } from '../../db/database.js';
import {
  findAccountLinkByTokenHash,
  insertAccountLink,
  retireUserLinks,
  type AccountLinkRow,
} from '../../db/repositories/account-link.repo.js';
import type { UserAccountRow } from '../../db/repositories/user-account.repo.js';
import type { AccountLinkPurpose, MemberRole } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Language } from '../../lib/vocabulary/languages.js';
import type { Ctx } from '../context.js';
import { newId } from '../ids.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { ACCOUNT_MAIL } from '../jobs/job-catalogue.js';
import { isLanguage } from './account-rules.js';
import { hashSecretToken, newSecretToken } from './account-secrets.js';

/** Where each kind of link points: pages of the web app, which post the token to `/api/app`. */
const LINK_PATHS: Record<AccountLinkPurpose, string> = {
  EMAIL_VERIFICATION: 'verify-email',
  PASSWORD_RESET: 'reset-password',
  SETUP: 'setup',
  INVITATION: 'invitation',
  SIGN_UP: 'sign-up',
};

export function accountLinkUrl(ctx: Pick<Ctx, 'config'>, purpose: AccountLinkPurpose, token: string): string {
  return `${ctx.config.publicUrl}/${LINK_PATHS[purpose]}/${token}`;
}

export interface NewAccountLink {
  purpose: AccountLinkPurpose;
  email: string;
  userId?: string | null;
  platformId?: number | null;
  role?: MemberRole | null;
  language: Language;
  createdBy?: string | null;
  validMs: number;
  /** Queue the mail carrying the link (its token sealed in the job, opened only to send it). */
  mail: boolean;
}

/**
 * Makes a one-time link in the caller's transaction: a fresh token, kept only as its hash, and
 * (when asked) the job that mails it. The token is returned once, to hand to whoever may see it.
 */
export async function createAccountLink(
  ctx: Pick<Ctx, 'config' | 'secrets'>,
  trx: Db,
  link: NewAccountLink,
  now: Date,
): Promise<{ id: string; url: string; expiresAt: string }> {
  const token = newSecretToken();
  const id = newId('link');
  const expiresAt = new Date(now.getTime() + link.validMs).toISOString();
  await insertAccountLink(trx, {
    id,
    purpose: link.purpose,
    tokenHash: hashSecretToken(token),
    userId: link.userId ?? null,
    email: link.email,
    platformId: link.platformId ?? null,
    role: link.role ?? null,
    language: link.language,
    createdBy: link.createdBy ?? null,
    expiresAt,
    usedAt: null,
    createdAt: now.toISOString(),
  });
  if (link.mail)
    await enqueueJob(trx, { kind: ACCOUNT_MAIL, payload: { linkId: id, tokenSealed: ctx.secrets.seal(token) } }, now);
  return { id, url: accountLinkUrl(ctx, link.purpose, token), expiresAt };
}

/**
 * Mails the user a new link of `purpose` (verification, reset) in their language, in the caller's
 * transaction; their earlier unused links of that purpose stop working.
 */
export async function mailUserLink(
  ctx: Pick<Ctx, 'config' | 'secrets'>,
  trx: Db,
  user: Pick<UserAccountRow, 'id' | 'email' | 'language'>,
  purpose: 'EMAIL_VERIFICATION' | 'PASSWORD_RESET',
  validMs: number,
  now: Date,
): Promise<void> {
  await retireUserLinks(trx, user.id, purpose, now.toISOString());
  const language = isLanguage(user.language) ? user.language : 'en';
  await createAccountLink(
    ctx,
    trx,
    { purpose, email: user.email, userId: user.id, language, validMs, mail: true },
    now,
  );
}

export type LiveAccountLink = AccountLinkRow & { platformName: string | null };

/**
 * The link a token opens, for `purpose`, while it is unused and unexpired.
 * @throws ACCOUNT_LINK_INVALID otherwise (unknown, another kind, used or expired: one answer)
 */
export async function liveAccountLink(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  purpose: AccountLinkPurpose,
  token: string,
): Promise<LiveAccountLink> {
  const link = token.length <= 100 ? await findAccountLinkByTokenHash(ctx.db, hashSecretToken(token)) : undefined;
  if (!link || link.purpose !== purpose || link.usedAt !== null || link.expiresAt <= ctx.clock().toISOString())
    throw invalidAccountLink();
  return link;
}

export const invalidAccountLink = () =>
  new AppError('ACCOUNT_LINK_INVALID', 'This link is not valid: it is wrong, was already used, or has expired');
