import { AppError } from '../../errors.js';
import { appendAuditEvent } from '../audit/append-audit-event.js';
import { isLanguage } from '../accounts/account-rules.js';
import type { Ctx } from '../context.js';
import { accountOfRecipient, asksForAccount, mailSignUpLink } from './recipient-account.js';
import { recipientActor } from './recipient-actor.js';
import { loadSigningSession } from './signing-session.js';
import type { SigningRequest } from './verification-grant.js';
import { maskEmail } from './verification-status.js';
import { requirementsOf } from './verification-state.js';

export interface SignUpLinkSent {
  /** Where the link went, masked as the verification status masks it. */
  emailHint: string | null;
  expiresAt: string;
}

/**
 * A recipient asked to sign in (ACCOUNT, PASSKEY) whose e-mail has no Firma account: mails them a
 * one-time link (7 days) that creates an account for exactly that e-mail, verified by the mailbox
 * the link reached, member of no team. Audited RECIPIENT_SIGN_UP_LINK_SENT (no link). Per-IP
 * rate limits of the signing routes bound how often.
 * @throws NOT_FOUND, VERIFICATION_NOT_PENDING (no account asked), ACCOUNT_EXISTS (sign in instead)
 */
export async function requestRecipientSignUp(
  ctx: Ctx,
  token: string,
  request: SigningRequest,
): Promise<SignUpLinkSent> {
  const sent = await ctx.db.transaction().execute(async (trx) => {
    const s = await loadSigningSession(trx, token, { lock: true });
    const req = requirementsOf(s);
    if (!asksForAccount(req)) throw new AppError('VERIFICATION_NOT_PENDING', 'No Firma account is asked of you');
    if (await accountOfRecipient(trx, s))
      throw new AppError('ACCOUNT_EXISTS', 'Your e-mail address has a Firma account already: sign in with it');
    const now = ctx.clock();
    const language = s.meta.language && isLanguage(s.meta.language) ? s.meta.language : 'en';
    const link = await mailSignUpLink(ctx, trx, s.recipient.email, language, now);
    await appendAuditEvent(ctx, trx, {
      envelopeId: s.graph.envelope.id,
      type: 'RECIPIENT_SIGN_UP_LINK_SENT',
      actor: recipientActor(s.recipient),
      recipientId: s.recipient.id,
      request,
      at: now,
    });
    return { emailHint: maskEmail(s.recipient.email), expiresAt: link.expiresAt };
  });
  ctx.wakeWorker();
  return sent;
}
