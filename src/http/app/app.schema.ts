import { z } from 'zod';
import { MEMBER_ROLES, ZAccountEmail, ZPersonName } from '../../domain/accounts/account-rules.js';
import { LANGUAGES } from '../../lib/vocabulary/languages.js';

/*
 * The web app's API shapes. No schema here carries an OpenAPI id (`.meta({ id })`): ids register
 * globally, and would add components to the public API's documents.
 */
const ZPassword = z.string().min(1).max(1024);
const ZLinkToken = z.string().min(1).max(100);

export const ZUser = z.object({
  id: z.string().describe('`user_…`'),
  email: z.string(),
  name: z.string(),
  language: z.enum(LANGUAGES).describe('The language of the mails the account receives'),
  emailVerified: z.boolean(),
  totpEnabled: z.boolean().describe('true: signing in asks for a TOTP code too'),
  createdAt: z.string(),
});

export const ZSession = z.object({
  id: z.string().describe('`session_…`: what revoking takes'),
  createdAt: z.string(),
  lastSeenAt: z.string().describe('Moves at most once a minute'),
  expiresAt: z.string().describe('When it ends unless used before (the idle limit), or its absolute limit'),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean().describe('The session of this request'),
});

export const ZSessionAnswer = z.object({
  user: ZUser,
  session: ZSession,
  csrfToken: z.string().describe('Send it as `X-CSRF-Token` on every state-changing request of this session'),
});

export const ZSignInBody = z.object({
  email: z.string().trim().min(1).max(254),
  password: ZPassword,
  totpCode: z.string().trim().min(1).max(16).optional().describe('The 6-digit code, when the account uses TOTP'),
  recoveryCode: z.string().trim().min(1).max(64).optional().describe('Instead of totpCode: a recovery code (once)'),
});

export const ZSessionList = z.object({ data: z.array(ZSession) });
export const ZSessionParams = z.object({ sessionId: z.string().min(1).max(64) });
export const ZRevoked = z.object({ revoked: z.number().int().describe('Sessions ended') });
export const ZSignedOut = z.object({ signedOut: z.literal(true) });

export const ZEmailBody = z.object({ email: z.string().trim().min(1).max(254) });
export const ZAccepted = z.object({
  accepted: z.literal(true).describe('Always the same answer, whether or not an account has the address'),
});
export const ZTokenBody = z.object({ token: ZLinkToken.describe('The token of the mailed link (its last part)') });
export const ZResetBody = z.object({ token: ZLinkToken, password: ZPassword.describe('The new password') });
export const ZResetAnswer = z.object({ sessionsRevoked: z.number().int() });
export const ZVerified = z.object({ email: z.string(), emailVerified: z.literal(true) });
export const ZVerificationSent = z.object({ sent: z.boolean().describe('false: the address is already verified') });
export const ZChangePasswordBody = z.object({ currentPassword: ZPassword, newPassword: ZPassword });
export const ZPasswordChanged = z.object({ otherSessionsRevoked: z.number().int() });
export const ZPasswordBody = z.object({ password: ZPassword.describe('The account’s password, typed again') });
export const ZTotpSetup = z.object({
  secret: z.string().describe('The base32 secret, shown this once (for typing into an app by hand)'),
  otpauthUri: z.string().describe('The `otpauth://totp/…` URI, for a QR code'),
});
export const ZTotpCodeBody = z.object({ code: z.string().trim().min(1).max(16) });
export const ZTotpEnabled = z.object({
  recoveryCodes: z.array(z.string()).describe('Ten codes, shown this once; each replaces a TOTP code once'),
});
export const ZTotpDisableBody = ZPasswordBody.extend({
  totpCode: z.string().trim().min(1).max(16).optional(),
  recoveryCode: z.string().trim().min(1).max(64).optional(),
});
export const ZTotpDisabled = z.object({ totpEnabled: z.literal(false) });

export const ZPlatformParams = z.object({ platformId: z.coerce.number().int().positive().max(2_147_483_647) });
const ZRole = z.enum(MEMBER_ROLES);
export const ZMemberships = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), role: ZRole, memberSince: z.string() })),
});
export const ZMember = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: ZRole,
  memberSince: z.string(),
});
export const ZMembers = z.object({ data: z.array(ZMember) });
export const ZMemberParams = ZPlatformParams.extend({ userId: z.string().min(1).max(64) });
export const ZMemberRoleBody = z.object({
  role: ZRole.describe('ADMIN changes anyone to anything; MANAGER members and managers, never to ADMIN'),
});
export const ZMemberRemoved = z.object({ removed: z.literal(true) });
export const ZInvitationBody = z.object({
  email: ZAccountEmail,
  role: ZRole.describe('ADMIN invites any role; MANAGER managers and members'),
  language: z.enum(LANGUAGES).optional().describe('The mail’s language, and the new account’s; default en'),
});
export const ZInvitation = z.object({
  id: z.string(),
  platformId: z.number().int(),
  platformName: z.string(),
  email: z.string(),
  role: ZRole,
  expiresAt: z.string(),
  url: z.string().describe('The one-time link (private data): mailed too when SMTP is configured'),
  mailed: z.boolean(),
});
export const ZLinkParams = z.object({ token: ZLinkToken });
export const ZInvitationView = z.object({
  platformName: z.string(),
  email: z.string(),
  role: ZRole,
  expiresAt: z.string(),
  accountExists: z.boolean().describe('true: sign in as that account, then accept; false: choose a name and password'),
});
export const ZAcceptBody = z.object({
  name: ZPersonName.optional().describe('For a new account'),
  password: ZPassword.optional().describe('For a new account'),
});
export const ZInvitationAccepted = z.object({
  platformId: z.number().int(),
  session: ZSessionAnswer.nullable().describe('A new account: its first session (the cookie is set); else null'),
});
export const ZSetupBody = z.object({
  email: ZAccountEmail,
  name: ZPersonName,
  password: ZPassword,
  language: z.enum(LANGUAGES).optional(),
});

export const ZSignUpLinkView = z.object({
  email: z.string().describe('The address the account will have (the one the link was mailed to)'),
  expiresAt: z.string(),
});
export const ZSignUpBody = z.object({ name: ZPersonName, password: ZPassword });
