import type { UserAccountRow } from '../../db/repositories/user-account.repo.js';
import { newId } from '../ids.js';

/**
 * A new account's row, however it was made (an invitation, the setup link, single sign-on): no
 * second factor yet, its password set now. `emailVerifiedAt`: null unless the address was already
 * proven (a provider that says it verified it).
 */
export function newUserRow(
  input: Pick<UserAccountRow, 'email' | 'name' | 'passwordHash' | 'language' | 'emailVerifiedAt'>,
  iso: string,
): UserAccountRow {
  return {
    id: newId('user'),
    ...input,
    totpSecretSealed: null,
    totpEnabledAt: null,
    totpLastStep: null,
    passwordChangedAt: iso,
    createdAt: iso,
    updatedAt: iso,
  };
}
