import type { Db } from '../../db/database.js';
import { findPlatformIdentityPolicy } from '../../db/repositories/platform.repo.js';
import { storedIdentityRule, type IdentityRuleName } from './identity-rule.js';

export interface IdentityPolicy {
  rule: IdentityRuleName;
  /** A signer the sender gave no ID types their own on the signing page, before signing. */
  signerEntersId: boolean;
}

/** The platform's identity policy (CUIL, no signer entry, when the platform is unknown or the stored rule is not one). */
export async function loadIdentityPolicy(db: Db, platformId: number): Promise<IdentityPolicy> {
  const row = await findPlatformIdentityPolicy(db, platformId);
  return { rule: storedIdentityRule(row?.identityRule), signerEntersId: row?.signerEntersId === 1 };
}

/** The platform's identity rule alone. */
export async function loadIdentityRule(db: Db, platformId: number): Promise<IdentityRuleName> {
  return (await loadIdentityPolicy(db, platformId)).rule;
}
