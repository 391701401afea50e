import type { Generated } from 'kysely';

/**
 * Row types of accounts, sessions, one-time links, teams and the user-level audit log (issue 37,
 * migrations 0063–0066). Split from schema.ts only to keep files short; schema.ts re-exports them.
 */
export type MemberRole = 'ADMIN' | 'MANAGER' | 'MEMBER';

export interface UserAccountTable {
  /** `user_…` */
  id: string;
  /** Trimmed and lower-cased; unique. */
  email: string;
  name: string;
  /** argon2id, PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`). */
  passwordHash: string;
  /** The language of the mails the account receives. */
  language: Generated<string>;
  emailVerifiedAt: string | null;
  /** The TOTP secret (base32), sealed with the secret box; set at setup, kept while enabled. */
  totpSecretSealed: string | null;
  /** When TOTP was turned on; null: sign-in needs the password only. */
  totpEnabledAt: string | null;
  /** The last 30-second step whose code was accepted: a code is never accepted twice. */
  totpLastStep: number | null;
  passwordChangedAt: string;
  createdAt: string;
  updatedAt: string;
}

export interface UserSessionTable {
  /** `session_…`: the public id the session list shows and revocation takes. */
  id: string;
  userId: string;
  /** SHA-256 (hex) of the cookie's token. */
  tokenHash: string;
  createdAt: string;
  /** Moved forward at most once a minute; the idle limit counts from it. */
  lastSeenAt: string;
  /** The absolute limit: created + FIRMA_SESSION_MAX_HOURS. */
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
}

export interface TotpRecoveryCodeTable {
  /** SHA-256 (hex) of the normalised code (80 random bits: a fast hash is enough). */
  codeHash: string;
  userId: string;
  usedAt: string | null;
  createdAt: string;
}

/** SIGN_UP: a signing recipient's link creating an account for exactly their e-mail (ACCOUNT, PASSKEY). */
export type AccountLinkPurpose = 'EMAIL_VERIFICATION' | 'PASSWORD_RESET' | 'SETUP' | 'INVITATION' | 'SIGN_UP';

export interface AccountLinkTable {
  id: string;
  purpose: AccountLinkPurpose;
  /** SHA-256 (hex) of the link's token. */
  tokenHash: string;
  /** The account it acts on (verification, reset); null for setup and invitations. */
  userId: string | null;
  /** The address verified, or invited. */
  email: string | null;
  /** The platform an invitation or the setup link joins. */
  platformId: number | null;
  role: MemberRole | null;
  /** The mail's language, and a new account's. */
  language: Generated<string>;
  /** Who invited (null: the operator, through the CLI). */
  createdBy: string | null;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export interface PlatformMemberTable {
  platformId: number;
  userId: string;
  role: MemberRole;
  createdAt: string;
}

export interface AccountAuditTable {
  id: Generated<number>;
  type: string;
  userId: string | null;
  platformId: number | null;
  /** Who did it when not the user themself (an administrator inviting). */
  actorUserId: string | null;
  /** The address concerned (a sign-in attempt's, an invitation's); never a secret. */
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  /** JSON of non-secret details. */
  data: string;
  createdAt: string;
}

export interface SignInThrottleTable {
  /** SHA-256 (hex) of the lower-cased e-mail address tried. */
  key: string;
  /** Consecutive failures (reset by a success or a password reset, forgotten a day after the last). */
  failures: number;
  lockedUntil: string | null;
  updatedAt: string;
}

/** A passkey (WebAuthn credential) a user signs in with (migration 0068). */
export interface PasskeyTable {
  /** `passkey_…`: the id the list shows and renaming or removing takes. */
  id: string;
  userId: string;
  /** The credential id (base64url), as the authenticator gives it; unique. */
  credentialId: string;
  /** The COSE public key (base64url). */
  publicKey: string;
  /** The authenticator's signature counter last seen: a lower one later is refused (a cloned key). */
  counter: number;
  /** JSON array of the transports the browser reported (`internal`, `usb`, `hybrid`…). */
  transports: string;
  /** The user's label. */
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** SIGNING: a recipient confirming a signature (PASSKEY action auth), bound to the recipient and session. */
export type PasskeyChallengePurpose = 'REGISTER' | 'SIGN_IN' | 'SIGNING';

/** A WebAuthn challenge handed out and not yet spent (migration 0068). */
export interface PasskeyChallengeTable {
  /** SHA-256 (hex) of the challenge (base64url), so a stolen database row cannot be answered. */
  challengeHash: string;
  purpose: PasskeyChallengePurpose;
  /** REGISTER: the user it is for; SIGN_IN: null (the credential names its user). */
  userId: string | null;
  /** REGISTER: the session that asked for it. */
  sessionId: string | null;
  expiresAt: string;
  createdAt: string;
}
