import type { Db } from '../../db/database.js';
import { insertAccountAudit } from '../../db/repositories/account-audit.repo.js';
import type { RequestMeta } from '../audit/audit-actor.js';

/** What the user-level audit log records (docs/accounts.md lists them). */
export type AccountAuditType =
  | 'SIGN_IN'
  | 'SIGN_IN_FAILED'
  | 'SIGN_IN_LOCKED'
  | 'SIGN_OUT'
  | 'SESSION_REVOKED'
  | 'PASSWORD_CHANGED'
  | 'PASSWORD_RESET_REQUESTED'
  | 'PASSWORD_RESET'
  | 'EMAIL_VERIFICATION_SENT'
  | 'EMAIL_VERIFIED'
  | 'TOTP_SETUP_STARTED'
  | 'TOTP_ENABLED'
  | 'TOTP_DISABLED'
  | 'USER_CREATED'
  | 'INVITATION_CREATED'
  | 'INVITATION_ACCEPTED'
  | 'MEMBER_ADDED'
  | 'MEMBER_ROLE_CHANGED'
  | 'MEMBER_REMOVED'
  | 'PASSKEY_ADDED'
  | 'PASSKEY_RENAMED'
  | 'PASSKEY_REMOVED'
  | 'TEAM_PROFILE_CHANGED'
  | 'FOLDER_CREATED'
  | 'FOLDER_UPDATED'
  | 'FOLDER_DELETED'
  | 'TOKEN_CREATED'
  | 'TOKEN_REVOKED'
  | 'WEBHOOK_CREATED'
  | 'WEBHOOK_UPDATED'
  | 'WEBHOOK_DELETED'
  | 'WEBHOOK_TEST_SENT'
  | 'WEBHOOK_DELIVERY_REPLAYED'
  | 'SENDER_ADDED'
  | 'SENDER_VERIFIED'
  | 'SENDER_REMOVED'
  | 'BRAND_COLOR_CHANGED'
  | 'BRAND_LOGO_CHANGED'
  | 'BRAND_LOGO_REMOVED';

export interface AccountAuditEntry {
  type: AccountAuditType;
  userId?: string | null;
  platformId?: number | null;
  actorUserId?: string | null;
  email?: string | null;
  request?: RequestMeta | null;
  /** Non-secret details only: never a password, token, code or link. */
  data?: Record<string, string | number | boolean | null>;
  at: Date;
}

/** Appends to the user-level audit log, inside the transaction of the change it records. */
export async function appendAccountAudit(trx: Db, entry: AccountAuditEntry): Promise<void> {
  await insertAccountAudit(trx, {
    type: entry.type,
    userId: entry.userId ?? null,
    platformId: entry.platformId ?? null,
    actorUserId: entry.actorUserId ?? null,
    email: entry.email?.slice(0, 254) ?? null,
    ip: entry.request?.ip ?? null,
    userAgent: entry.request?.userAgent ?? null,
    data: JSON.stringify(entry.data ?? {}),
    createdAt: entry.at.toISOString(),
  });
}
