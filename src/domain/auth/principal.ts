import type { Environment, TokenScope } from '../../db/schema.js';

/** What a token may do (`read`: GET only); re-exported for the HTTP layer's route options. */
export type { TokenScope };

/** The one envelope a scoped presign token may reach, by both of its public ids. */
export interface PresignTarget {
  publicId: string;
  documentId: number;
}

/** Who is calling the API: a platform, through one of its tokens. */
export interface Principal {
  platformId: number;
  platformName: string;
  /** The API token's id; for a presign token, the id of the API token that issued it. */
  tokenId: string;
  scope: TokenScope;
  environment: Environment;
  /** Set when the call came with a presign token; `target` null: not limited to one envelope. */
  presign?: { target: PresignTarget | null } | undefined;
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
