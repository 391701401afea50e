import type { Db } from '../../db/database.js';
import type { SenderIdentityRow } from '../../db/repositories/sender-identity.repo.js';
import { AppError } from '../../errors.js';
import type { Principal } from '../auth/principal.js';

/** How long a mailed sender code is good for (the mail says 10 minutes), and how many tries it allows. */
export const SENDER_CODE_VALID_MS = 10 * 60_000;
export const SENDER_CODE_MAX_TRIES = 5;
/** A new code for the same address is refused this long after the last one, so nobody floods it. */
export const SENDER_CODE_RESEND_MS = 60_000;
/** Sender identities per platform. */
export const SENDERS_PER_PLATFORM = 50;

/** A sender identity as answered: never its code or the code's hash. */
export function senderIdentityView(row: SenderIdentityRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt,
    /** While unverified: until when the latest mailed code is good. */
    codeExpiresAt: row.verifiedAt === null ? row.codeExpiresAt : null,
    createdAt: row.createdAt,
  };
}
export type SenderIdentityView = ReturnType<typeof senderIdentityView>;

/** Run inside a sender change's transaction with the sender as changed: how the web app writes its audit entry. */
export type SenderChangeHook = (trx: Db, sender: SenderIdentityView) => Promise<void>;

/**
 * Sender identities belong to the platform itself: a presign token (handed to a browser to embed
 * one document) may not read or change them.
 * @throws FORBIDDEN
 */
export function assertPlatformCaller(principal: Principal): void {
  if (principal.presign)
    throw new AppError('FORBIDDEN', 'A presign token cannot manage the platform’s sender identities');
}
