import type { Environment, TokenScope } from '../../db/schema.js';

/** What a token may do (`read`: GET only); re-exported for the HTTP layer's route options. */
export type { TokenScope };

/** Who is calling the API: a platform, through one of its tokens. */
export interface Principal {
  platformId: number;
  platformName: string;
  tokenId: string;
  scope: TokenScope;
  environment: Environment;
}

export function hasScope(principal: Principal, needed: TokenScope): boolean {
  return needed === 'read' || principal.scope === 'full';
}

/** An API call: who, and from where (for the audit trail). */
export interface ApiCaller {
  principal: Principal;
  request: { ip: string | null; userAgent: string | null };
}

export function apiActor(caller: ApiCaller) {
  return { kind: 'api' as const, tokenId: caller.principal.tokenId, platformName: caller.principal.platformName };
}
