import { findAccountLinkById } from '../../db/repositories/account-link.repo.js';
import { findPlatformById } from '../../db/repositories/platform.repo.js';
import { findUserById } from '../../db/repositories/user-account.repo.js';
import type { AccountLinkPurpose } from '../../db/schema.js';
import type { Ctx } from '../context.js';
import type { ACCOUNT_MAIL, JobPayload } from '../jobs/job-catalogue.js';
import { renderMail, type MailKind } from '../mail/mail-templates.js';
import { sendDocumentMail } from '../mail/send-document-mail.js';
import { accountLinkUrl } from './account-links.js';
import { isLanguage } from './account-rules.js';

const KINDS: Record<AccountLinkPurpose, MailKind | null> = {
  EMAIL_VERIFICATION: 'accountVerification',
  PASSWORD_RESET: 'passwordReset',
  INVITATION: 'invitation',
  SETUP: null,
  SIGN_UP: 'recipientSignUp',
};

/**
 * Mails a one-time link to the address it is for. The token is opened from the sealed payload
 * only here; a link used, expired or replaced since it was queued is not sent. An invitation is
 * titled by its platform's name, the others by the address.
 */
export async function sendAccountMail(ctx: Ctx, payload: JobPayload<typeof ACCOUNT_MAIL>): Promise<void> {
  const link = await findAccountLinkById(ctx.db, payload.linkId);
  const kind = link ? KINDS[link.purpose] : null;
  if (!link || !kind || !link.email || link.usedAt !== null || link.expiresAt <= ctx.clock().toISOString()) return;
  const user = link.userId ? await findUserById(ctx.db, link.userId) : undefined;
  const platform = link.platformId ? await findPlatformById(ctx.db, link.platformId) : undefined;
  const content = renderMail(kind, isLanguage(link.language) ? link.language : 'en', {
    title: kind === 'invitation' ? (platform?.name ?? '') : link.email,
    recipientName: user?.name ?? '',
    senderMessage: null,
    actionUrl: accountLinkUrl(ctx, link.purpose, ctx.secrets.open(payload.tokenSealed)),
    role: '',
  });
  await sendDocumentMail(ctx, { to: link.email, ...content });
}
