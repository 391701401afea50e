import { setPlatformSenderNameByName } from '../../db/repositories/platform.repo.js';
import { AppError } from '../../errors.js';
import type { Ctx } from '../context.js';
import { normaliseSenderName, SENDER_NAME_MAX } from '../mail/mail-sender.js';

/**
 * `firma platform set-sender-name`: who the mails of the platform's documents say sent them (the
 * body's sender line and the From header's display name, "<name> via Firma"); `-` removes it, and
 * the platform's own name is used again. Stored as one line (see `normaliseSenderName`).
 */
export async function setPlatformSenderName(ctx: Ctx, platform: string, senderName: string): Promise<string | null> {
  const value = senderName === '-' ? null : normaliseSenderName(senderName);
  if (value === '')
    throw new AppError('VALIDATION_ERROR', 'the sender name is empty (give - to remove it)', {
      issues: [{ message: 'must not be empty', path: ['senderName'] }],
    });
  if (value !== null && [...value].length > SENDER_NAME_MAX)
    throw new AppError('VALIDATION_ERROR', `the sender name is longer than ${SENDER_NAME_MAX} characters`, {
      issues: [{ message: `at most ${SENDER_NAME_MAX} characters`, path: ['senderName'] }],
    });
  if (!(await setPlatformSenderNameByName(ctx.db, platform, value)))
    throw new AppError('NOT_FOUND', `platform "${platform}" not found`);
  return value;
}
