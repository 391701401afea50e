import { findPlatformMailSender } from '../../db/repositories/platform.repo.js';
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

/**
 * Who the mails of a platform's documents say sent them: its display name when one is set, else
 * its name; null for the bootstrap platform with no display name (the mail is then Firma's alone).
 */
export async function mailSenderName(db: Db, platformId: number): Promise<string | null> {
  const platform = await findPlatformMailSender(db, platformId);
  if (!platform) return null;
  // Normalised again and bounded by characters (never half a surrogate pair): the column may have been written by SQL.
  const name = [...normaliseSenderName(platform.senderName ?? '')].slice(0, SENDER_NAME_MAX).join('');
  if (name) return name;
  return platform.name === BOOTSTRAP_PLATFORM_NAME ? null : normaliseSenderName(platform.name) || null;
}
