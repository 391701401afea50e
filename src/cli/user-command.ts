import type { Ctx } from '../domain/context.js';
import { MEMBER_ROLES, type MemberRole } from '../domain/accounts/account-rules.js';
import { inviteMemberAsOperator } from '../domain/accounts/invite-member.js';
import { AppError } from '../errors.js';
import { LANGUAGES, type Language } from '../lib/vocabulary/languages.js';

export interface UserInviteInput {
  platform: string | undefined;
  email: string | undefined;
  role: string | undefined;
  language: string | undefined;
  json: boolean;
}

/**
 * `firma user invite --platform <name> --email <address> --role ADMIN|MANAGER|MEMBER`: mints an
 * invitation link to the platform, prints it (the operator hands it over), and has it mailed too
 * when SMTP_URL is set (by the running server's worker). Accepting it creates the account, or adds
 * an existing one, as a member with that role.
 */
export async function userInviteCommand(
  ctx: Ctx,
  input: UserInviteInput,
  out: (text: string) => void,
): Promise<number> {
  if (!input.platform) throw usage('user invite needs --platform <name>');
  if (!input.email) throw usage('user invite needs --email <address>');
  const role = input.role?.toUpperCase();
  if (!role || !(MEMBER_ROLES as readonly string[]).includes(role))
    throw usage(`user invite needs --role ${MEMBER_ROLES.join('|')}`);
  if (input.language !== undefined && !(LANGUAGES as readonly string[]).includes(input.language))
    throw usage(`--language must be one of ${LANGUAGES.join(', ')}`);
  const made = await inviteMemberAsOperator(ctx, input.platform, {
    email: input.email,
    role: role as MemberRole,
    language: input.language as Language | undefined,
  });
  out(
    input.json
      ? JSON.stringify(made)
      : `Invitation for ${made.email} to join ${made.platformName} as ${made.role} (works once, until ${made.expiresAt})` +
          `${made.mailed ? '; mailed to the address' : ''}:\n\n  ${made.url}\n`,
  );
  return 0;
}

function usage(message: string): AppError {
  return new AppError('VALIDATION_ERROR', message);
}
