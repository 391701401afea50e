import { findMemberByEmail } from '../../db/repositories/platform-member.repo.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { ApiCaller } from '../auth/principal.js';

/**
 * Who owns a new envelope: the member named by Documenso's `delegatedDocumentOwner` (an address
 * of a member of the caller's platform — never an account of another team), else the member
 * acting in the web app, else nobody (the platform alone, as every API-made envelope).
 * @throws DELEGATED_OWNER_NOT_MEMBER
 */
export async function resolveDocumentOwner(
  db: Db,
  caller: ApiCaller,
  delegated: string | null | undefined,
  path: (string | number)[],
): Promise<string | null> {
  if (delegated == null || delegated.trim() === '') return caller.principal.member?.userId ?? null;
  const member = await findMemberByEmail(db, caller.principal.platformId, delegated);
  if (!member)
    throw new AppError('DELEGATED_OWNER_NOT_MEMBER', 'delegatedDocumentOwner must be a member of this team', {
      issues: [{ path, message: 'no member of this team has this e-mail address' }],
    });
  return member.userId;
}
