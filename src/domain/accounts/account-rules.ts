import { z } from 'zod';
import type { MemberRole } from '../../db/schema.js';
import type { UserAccountRow } from '../../db/repositories/user-account.repo.js';
import { ZEmailAddress } from '../../lib/email-address.js';
import { LANGUAGES, type Language } from '../../lib/vocabulary/languages.js';

/** The rules every account use case shares: lifetimes, roles, addresses and the user's view. */
export type { MemberRole };
export const MEMBER_ROLES = ['ADMIN', 'MANAGER', 'MEMBER'] as const satisfies readonly MemberRole[];

/** How long each one-time link works. A reset link is short-lived: it is as good as the password. */
export const EMAIL_VERIFICATION_VALID_MS = 24 * 3_600_000;
export const PASSWORD_RESET_VALID_MS = 30 * 60_000;
export const INVITATION_VALID_MS = 7 * 24 * 3_600_000;
export const SETUP_VALID_MS = 7 * 24 * 3_600_000;
/** A signing recipient's link to create their account (recipient verification ACCOUNT, PASSKEY). */
export const SIGN_UP_VALID_MS = 7 * 24 * 3_600_000;

/** The longest a sign-in lockout lasts however often it doubles, and when failures are forgotten. */
export const LOCKOUT_MAX_MS = 3_600_000;
export const FAILURES_FORGOTTEN_AFTER_MS = 24 * 3_600_000;

/** A session's last-seen time moves at most this often (one write a minute, not one per request). */
export const SESSION_TOUCH_MS = 60_000;

/** An account's address: the one e-mail schema (trimmed, lower-cased). */
export const ZAccountEmail = ZEmailAddress;
export const ZPersonName = z.string().trim().min(1).max(200);
export const ZAccountLanguage = z.enum(LANGUAGES);

/** What a sign-in form's address is compared as (no shape check: an odd one is simply unknown). */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

export interface UserView {
  id: string;
  email: string;
  name: string;
  language: Language;
  emailVerified: boolean;
  totpEnabled: boolean;
  createdAt: string;
}

export function userView(row: UserAccountRow): UserView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    language: isLanguage(row.language) ? row.language : 'en',
    emailVerified: row.emailVerifiedAt !== null,
    totpEnabled: row.totpEnabledAt !== null,
    createdAt: row.createdAt,
  };
}

/** Whether `inviter` may invite someone as `role`: an admin any role, a manager managers and members. */
export function mayInvite(inviter: MemberRole, role: MemberRole): boolean {
  return inviter === 'ADMIN' || (inviter === 'MANAGER' && role !== 'ADMIN');
}

/**
 * Whether `actor` may change a member who is `target` (to `to`, or remove them with no `to`): an
 * admin anyone to anything, a manager only members and managers and never to ADMIN, a member
 * nobody. The last admin is guarded apart (manage-member.ts).
 */
export function mayManage(actor: MemberRole, target: MemberRole, to?: MemberRole): boolean {
  if (actor === 'ADMIN') return true;
  return actor === 'MANAGER' && target !== 'ADMIN' && to !== 'ADMIN';
}
