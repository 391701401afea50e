import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { nationalIdRule } from '../recipients/identity-rule.js';
import { loadIdentityPolicy } from '../recipients/load-identity-rule.js';

/**
 * What the app's new-document form needs to check as the member types: the team's identity rule
 * (which national ID its signers must carry; NONE asks for none, and `signerEntersId` lets the
 * signer type their own), the language the team's documents default to and the upload size cap.
 */
export async function getDocumentOptions(ctx: Ctx, caller: ApiCaller) {
  const identity = await loadIdentityPolicy(ctx.db, caller.principal.platformId);
  return {
    identityRule: identity.rule,
    idLabel: nationalIdRule(identity.rule)?.label ?? null,
    signerEntersId: identity.signerEntersId,
    uploadBytes: ctx.config.limits.uploadBytes,
  };
}
