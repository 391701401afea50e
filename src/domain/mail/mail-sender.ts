import { findPlatformMailSender } from '../../db/repositories/platform.repo.js';
import { findSenderIdentity, findVerifiedSenderIdentity } from '../../db/repositories/sender-identity.repo.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/database.js';

/** The platform the first start creates: its name is a placeholder, not one to show a recipient. */
const BOOTSTRAP_PLATFORM_NAME = 'default';
export const SENDER_NAME_MAX = 100;

/**
 * A sender name as one line of text: control characters (CR, LF, tab…) and runs of spaces become
 * one space, so a name typed with a line break can neither add a header nor a line to a mail.
 */
export function normaliseSenderName(name: string): string {
  return name.replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ').trim();
}

/** A stored name as a mail's sender name: one line, at most SENDER_NAME_MAX characters (code points). */
export function senderNameLine(name: string): string {
  return [...normaliseSenderName(name)].slice(0, SENDER_NAME_MAX).join('');
}

/**
 * Who the mails of a platform's documents say sent them: its display name when one is set, else
 * its name; null for the bootstrap platform with no display name (the mail is then Firma's alone).
 */
export async function mailSenderName(db: Db, platformId: number): Promise<string | null> {
  const platform = await findPlatformMailSender(db, platformId);
  if (!platform) return null;
  // Normalised again and bounded by characters (never half a surrogate pair): the column may have been written by SQL.
  const name = senderNameLine(platform.senderName ?? '');
  if (name) return name;
  return platform.name === BOOTSTRAP_PLATFORM_NAME ? null : normaliseSenderName(platform.name) || null;
}

/** How a document's mails say who sent them: the headers' parts, given to the mailer as they are. */
export interface DocumentSender {
  senderName: string | null;
  replyTo: string | null;
  /** Set only under FIRMA_MAIL_SENDER_FROM=identity: the identity's address for From. */
  fromAddress: string | null;
}

/**
 * The sender of a document's mails, looked up when each mail is sent: a verified sender identity
 * of the document's platform named by `meta.emailId` gives its name (else the platform's sender
 * name) and its address as Reply-To (unless `meta.emailReplyTo` names another), and From too when
 * the operator chose `identity`. An identity removed since, or never verified, is not used: the
 * mail goes from FIRMA_MAIL_FROM as if no emailId were set (create and update refuse such an id).
 */
export async function documentSender(
  ctx: { db: Db; config: { mail: { senderFrom: 'reply-to' | 'identity' } } },
  platformId: number,
  meta: { emailId: string | null; emailReplyTo: string | null },
): Promise<DocumentSender> {
  const platformName = await mailSenderName(ctx.db, platformId);
  const identity = meta.emailId ? await findVerifiedSenderIdentity(ctx.db, platformId, meta.emailId) : undefined;
  if (!identity) return { senderName: platformName, replyTo: meta.emailReplyTo, fromAddress: null };
  const name = senderNameLine(identity.name ?? '');
  return {
    senderName: name || platformName,
    replyTo: meta.emailReplyTo ?? identity.email,
    fromAddress: ctx.config.mail.senderFrom === 'identity' ? identity.email : null,
  };
}

/**
 * A document's `meta.emailId` must name a verified sender identity of the caller's platform;
 * checked at create, update, distribute and template use, so no mail is sent from a sender the
 * platform cannot vouch for. Another platform's identity is unknown, like one never made.
 * @throws EMAIL_SENDER_UNKNOWN, EMAIL_SENDER_NOT_VERIFIED (400)
 */
export async function assertEmailSenderUsable(
  db: Db,
  platformId: number,
  emailId: string | null | undefined,
  path: (string | number)[],
): Promise<void> {
  if (emailId == null || emailId === '') return;
  const identity = await findSenderIdentity(db, platformId, emailId);
  if (!identity)
    throw new AppError('EMAIL_SENDER_UNKNOWN', 'meta.emailId names no sender identity of this platform', {
      issues: [{ message: 'unknown sender identity (see GET /platform/sender)', path }],
    });
  if (!identity.verifiedAt)
    throw new AppError(
      'EMAIL_SENDER_NOT_VERIFIED',
      'meta.emailId names a sender identity whose address is not verified yet: confirm it with the code mailed to it',
      { issues: [{ message: 'sender identity not verified', path }] },
    );
}
