import type { Db } from '../../db/database.js';
import { findPlatformIdentityRule } from '../../db/repositories/platform.repo.js';
import { storedIdentityRule, type IdentityRuleName } from './identity-rule.js';

/** The platform's identity rule (CUIL when the platform is unknown or the stored value is not a rule). */
export async function loadIdentityRule(db: Db, platformId: number): Promise<IdentityRuleName> {
  return storedIdentityRule(await findPlatformIdentityRule(db, platformId));
}
