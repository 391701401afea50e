import { findAccountEmails } from '../../db/repositories/user-account.repo.js';
import type { Db } from '../../db/database.js';
import type { StoredEnvelopeAuth, StoredRecipientAuth } from '../../lib/stored/auth-methods.js';
import type { RecipientRole } from '../../lib/vocabulary/recipients.js';
import { normalizeEmail } from '../accounts/account-rules.js';
import { mustAct } from '../model/signing-turn.js';
import { effectiveVerification } from './verification-methods.js';

export interface PasswordCheckSubject {
  role: RecipientRole;
  email: string;
  accessCodeHash: string | null;
  authOptions: StoredRecipientAuth | null;
}

/**
 * PASSWORD asks a recipient who has a Firma account for that account's password (as Documenso
 * does) and anyone else for the access code the sender set (Firma's extension). A recipient who
 * must act under PASSWORD with neither could never finish, so those are the ones returned, for the
 * caller to refuse (ACCESS_CODE_REQUIRED). One query for all of them.
 */
export async function withoutPasswordCheck<R extends PasswordCheckSubject>(
  db: Db,
  recipients: readonly R[],
  envelope: { authOptions: StoredEnvelopeAuth | null },
): Promise<R[]> {
  const asked = recipients.filter(
    (r) =>
      mustAct(r) &&
      !r.accessCodeHash &&
      effectiveVerification(r.authOptions, envelope.authOptions).action.includes('PASSWORD'),
  );
  if (asked.length === 0) return [];
  const withAccount = await findAccountEmails(
    db,
    asked.map((r) => normalizeEmail(r.email)).filter((e) => e !== ''),
  );
  return asked.filter((r) => !withAccount.has(normalizeEmail(r.email)));
}
